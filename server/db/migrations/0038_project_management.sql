CREATE TABLE "pm_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20),
	"name" varchar(160) NOT NULL,
	"owner_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"due_date" date NOT NULL,
	"description" varchar(2000),
	"status" varchar(30) DEFAULT 'planned' NOT NULL,
	"completed_on" date,
	CONSTRAINT "pm_projects_number_uk" UNIQUE("number"),
	CONSTRAINT "pm_projects_status_ck" CHECK (status in ('planned', 'active', 'on_hold', 'completed', 'cancelled')),
	CONSTRAINT "pm_projects_dates_ck" CHECK ("pm_projects"."due_date" >= "pm_projects"."start_date"),
	CONSTRAINT "pm_projects_completed_ck" CHECK (("pm_projects"."status" = 'completed') = ("pm_projects"."completed_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "pm_task_item_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"task_item_id" bigint NOT NULL,
	"record_date" date NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"note" varchar(500),
	CONSTRAINT "pm_task_item_records_hours_ck" CHECK ("pm_task_item_records"."hours" > 0 and "pm_task_item_records"."hours" <= 24)
);
--> statement-breakpoint
CREATE TABLE "pm_task_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"task_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"assignee_id" bigint,
	"due_date" date,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "pm_task_items_status_ck" CHECK (status in ('open', 'done')),
	CONSTRAINT "pm_task_items_done_ck" CHECK (("pm_task_items"."status" = 'done') = ("pm_task_items"."done_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "pm_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"project_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"assignee_id" bigint,
	"start_date" date NOT NULL,
	"due_date" date NOT NULL,
	"priority" varchar(20) DEFAULT 'normal' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(30) DEFAULT 'todo' NOT NULL,
	"progress_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"done_on" date,
	CONSTRAINT "pm_tasks_status_ck" CHECK (status in ('todo', 'in_progress', 'blocked', 'done', 'cancelled')),
	CONSTRAINT "pm_tasks_priority_ck" CHECK (priority in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "pm_tasks_dates_ck" CHECK ("pm_tasks"."due_date" >= "pm_tasks"."start_date"),
	CONSTRAINT "pm_tasks_progress_ck" CHECK ("pm_tasks"."progress_pct" >= 0 and "pm_tasks"."progress_pct" <= 100)
);
--> statement-breakpoint
ALTER TABLE "pm_projects" ADD CONSTRAINT "pm_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_projects" ADD CONSTRAINT "pm_projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_projects" ADD CONSTRAINT "pm_projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_records" ADD CONSTRAINT "pm_task_item_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_records" ADD CONSTRAINT "pm_task_item_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_records" ADD CONSTRAINT "pm_task_item_records_task_item_id_pm_task_items_id_fk" FOREIGN KEY ("task_item_id") REFERENCES "public"."pm_task_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_items" ADD CONSTRAINT "pm_task_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_items" ADD CONSTRAINT "pm_task_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_items" ADD CONSTRAINT "pm_task_items_task_id_pm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."pm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_items" ADD CONSTRAINT "pm_task_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_tasks" ADD CONSTRAINT "pm_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_tasks" ADD CONSTRAINT "pm_tasks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_tasks" ADD CONSTRAINT "pm_tasks_project_id_pm_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pm_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_tasks" ADD CONSTRAINT "pm_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pm_projects_owner_idx" ON "pm_projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pm_task_item_records_item_idx" ON "pm_task_item_records" USING btree ("task_item_id","record_date");--> statement-breakpoint
CREATE INDEX "pm_task_items_task_idx" ON "pm_task_items" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "pm_tasks_project_idx" ON "pm_tasks" USING btree ("project_id","sort");--> statement-breakpoint
CREATE INDEX "pm_tasks_assignee_idx" ON "pm_tasks" USING btree ("assignee_id");