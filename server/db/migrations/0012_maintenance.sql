CREATE TABLE "issue_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"issue_section_id" bigint NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"default_priority" varchar(30) DEFAULT 'medium' NOT NULL,
	CONSTRAINT "issue_details_code_section_uk" UNIQUE("code","issue_section_id"),
	CONSTRAINT "issue_details_priority_ck" CHECK (default_priority in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "issue_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	CONSTRAINT "issue_sections_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "machine_status_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"machine_id" bigint NOT NULL,
	"from_status" varchar(20) NOT NULL,
	"to_status" varchar(20) NOT NULL,
	"work_order_id" bigint,
	CONSTRAINT "machine_status_logs_from_ck" CHECK (from_status in ('operational', 'down', 'maintenance', 'retired')),
	CONSTRAINT "machine_status_logs_to_ck" CHECK (to_status in ('operational', 'down', 'maintenance', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "work_order_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"work_order_id" bigint NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"machine_id" bigint NOT NULL,
	"issue_detail_id" bigint NOT NULL,
	"priority" varchar(30) DEFAULT 'medium' NOT NULL,
	"description" text NOT NULL,
	"machine_down" boolean DEFAULT false NOT NULL,
	"reported_by" bigint,
	"assigned_to" bigint,
	"status" varchar(30) DEFAULT 'requested' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"downtime_minutes" integer,
	"resolution" text,
	"hold_reason" varchar(500),
	CONSTRAINT "work_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "work_orders_priority_ck" CHECK (priority in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "work_orders_status_ck" CHECK (status in ('requested', 'open', 'in_progress', 'on_hold', 'completed', 'rejected')),
	CONSTRAINT "work_orders_downtime_ck" CHECK ("work_orders"."downtime_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "issue_details" ADD CONSTRAINT "issue_details_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_details" ADD CONSTRAINT "issue_details_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_details" ADD CONSTRAINT "issue_details_issue_section_id_issue_sections_id_fk" FOREIGN KEY ("issue_section_id") REFERENCES "public"."issue_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sections" ADD CONSTRAINT "issue_sections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sections" ADD CONSTRAINT "issue_sections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_status_logs" ADD CONSTRAINT "machine_status_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_status_logs" ADD CONSTRAINT "machine_status_logs_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_status_logs" ADD CONSTRAINT "machine_status_logs_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_issue_detail_id_issue_details_id_fk" FOREIGN KEY ("issue_detail_id") REFERENCES "public"."issue_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_details_section_ix" ON "issue_details" USING btree ("issue_section_id");--> statement-breakpoint
CREATE INDEX "machine_status_logs_machine_ix" ON "machine_status_logs" USING btree ("machine_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_comments_order_ix" ON "work_order_comments" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_machine_ix" ON "work_orders" USING btree ("machine_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_issue_ix" ON "work_orders" USING btree ("issue_detail_id");