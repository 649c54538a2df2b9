CREATE TABLE "carts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"capacity_units" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	CONSTRAINT "carts_code_unique" UNIQUE("code"),
	CONSTRAINT "carts_code_ck" CHECK ("carts"."code" like 'CA-%'),
	CONSTRAINT "carts_status_ck" CHECK (status in ('available', 'in_use', 'out_of_service')),
	CONSTRAINT "carts_capacity_units_ck" CHECK ("carts"."capacity_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flow_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"flow_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"phase_id" bigint NOT NULL,
	"operation_id" bigint,
	"is_optional" boolean DEFAULT false NOT NULL,
	"requires_previous_done" boolean DEFAULT true NOT NULL,
	CONSTRAINT "flow_actions_step_flow_uk" UNIQUE("step","flow_id"),
	CONSTRAINT "flow_actions_step_ck" CHECK ("flow_actions"."step" > 0)
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "flows_code_unique" UNIQUE("code"),
	CONSTRAINT "flows_module_ck" CHECK (module in ('production', 'assembly'))
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"code" varchar(30) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"location_id" bigint,
	"status" varchar(20) DEFAULT 'operational' NOT NULL,
	"counter_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "machines_code_unique" UNIQUE("code"),
	CONSTRAINT "machines_module_ck" CHECK (module in ('production', 'assembly')),
	CONSTRAINT "machines_kind_ck" CHECK (kind in ('mixer', 'filler', 'capper', 'labeler', 'stamper', 'sealer', 'cartoner', 'hplc', 'other')),
	CONSTRAINT "machines_status_ck" CHECK (status in ('operational', 'down', 'maintenance', 'retired')),
	CONSTRAINT "machines_counter_total_ck" CHECK ("machines"."counter_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"phase_id" bigint NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"machine_kind" varchar(20),
	"standard_minutes" numeric(9, 2) DEFAULT '0' NOT NULL,
	"performer_role" varchar(40),
	CONSTRAINT "operations_code_module_uk" UNIQUE("code","module"),
	CONSTRAINT "operations_module_ck" CHECK (module in ('production', 'assembly')),
	CONSTRAINT "operations_machine_kind_ck" CHECK (machine_kind in ('mixer', 'filler', 'capper', 'labeler', 'stamper', 'sealer', 'cartoner', 'hplc', 'other')),
	CONSTRAINT "operations_performer_role_ck" CHECK (performer_role in ('admin', 'inventory', 'product_approval_admin', 'supervisor', 'warehouse', 'planning', 'requester', 'batcher', 'bottler', 'labeler', 'transfer', 'shipping', 'recovery', 'stamper', 'manager', 'qa_manager', 'hplc_tech', 'supervisor_batcher', 'supervisor_production', 'stamp_inventory', 'recipes', 'recipe_approval', 'production_reports', 'sealer', 'cartoner', 'director', 'purchase', 'sale', 'rd_requester', 'rd_supervisor', 'rd_flavorist', 'rd_quality_control', 'head_batcher', 'training_supervisor', 'trainer', 'automation_tech')),
	CONSTRAINT "operations_minutes_ck" CHECK ("operations"."standard_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"capacity_ml" numeric(10, 2) NOT NULL,
	"volume_ml" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status" varchar(20) DEFAULT 'empty' NOT NULL,
	CONSTRAINT "pails_code_unique" UNIQUE("code"),
	CONSTRAINT "pails_code_ck" CHECK ("pails"."code" like 'PA-%'),
	CONSTRAINT "pails_status_ck" CHECK (status in ('empty', 'filled', 'in_transfer', 'at_bottling', 'cleaning')),
	CONSTRAINT "pails_volume_ml_ck" CHECK ("pails"."volume_ml" >= 0 and "pails"."volume_ml" <= "pails"."capacity_ml")
);
--> statement-breakpoint
CREATE TABLE "phases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phases_code_module_uk" UNIQUE("code","module"),
	CONSTRAINT "phases_module_ck" CHECK (module in ('production', 'assembly'))
);
--> statement-breakpoint
CREATE TABLE "skids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"code" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"location_id" bigint,
	CONSTRAINT "skids_code_unique" UNIQUE("code"),
	CONSTRAINT "skids_code_ck" CHECK ("skids"."code" like 'SK-%'),
	CONSTRAINT "skids_module_ck" CHECK (module in ('production', 'assembly')),
	CONSTRAINT "skids_status_ck" CHECK (status in ('open', 'closed', 'in_transfer', 'received', 'shipped'))
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_actions" ADD CONSTRAINT "flow_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_actions" ADD CONSTRAINT "flow_actions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_actions" ADD CONSTRAINT "flow_actions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_actions" ADD CONSTRAINT "flow_actions_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_actions" ADD CONSTRAINT "flow_actions_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pails" ADD CONSTRAINT "pails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pails" ADD CONSTRAINT "pails_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phases" ADD CONSTRAINT "phases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phases" ADD CONSTRAINT "phases_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skids" ADD CONSTRAINT "skids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skids" ADD CONSTRAINT "skids_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skids" ADD CONSTRAINT "skids_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_actions_flow_ix" ON "flow_actions" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "operations_phase_ix" ON "operations" USING btree ("phase_id");