CREATE TABLE "batching_picks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"production_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"lot_id" bigint,
	"location_id" bigint NOT NULL,
	"bin_id" bigint,
	"required_qty" numeric(14, 3) NOT NULL,
	"picked_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"picked_by" bigint,
	CONSTRAINT "batching_picks_qty_ck" CHECK ("batching_picks"."picked_qty" >= 0 and "batching_picks"."required_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hplc_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"production_order_id" bigint,
	"recovery_id" bigint,
	"rd_sample_id" bigint,
	"product_id" bigint NOT NULL,
	"lot_id" bigint,
	"sample_no" integer DEFAULT 1 NOT NULL,
	"reason" varchar(12) DEFAULT 'initial' NOT NULL,
	"sampled_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	CONSTRAINT "hplc_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "hplc_requests_reason_ck" CHECK (reason in ('initial', 'retest', 'rework', 'recovery', 'rd')),
	CONSTRAINT "hplc_requests_status_ck" CHECK (status in ('requested', 'sampled', 'in_analysis', 'result_entered', 'passed', 'failed', 'retest_requested')),
	CONSTRAINT "hplc_requests_source_ck" CHECK (num_nonnulls("hplc_requests"."production_order_id", "hplc_requests"."recovery_id", "hplc_requests"."rd_sample_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "hplc_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"hplc_request_id" bigint NOT NULL,
	"hplc_category_id" bigint,
	"nominal_mg" numeric(10, 3) NOT NULL,
	"min_pct" numeric(7, 4),
	"max_pct" numeric(7, 4),
	"zero_nic_max_mg" numeric(10, 3),
	"measured_mg" numeric(10, 3) NOT NULL,
	"replicates" jsonb,
	"percent_of_claim" numeric(8, 3),
	"passed" boolean NOT NULL,
	"instrument_id" bigint,
	"analyst_id" bigint,
	"tested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_passed" boolean,
	"override_reason" varchar(500),
	"override_by" bigint,
	"override_approved_by" bigint
);
--> statement-breakpoint
CREATE TABLE "label_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"production_order_id" bigint,
	"stamping_order_id" bigint,
	"phase_id" bigint,
	"scanned_code" varchar(60) NOT NULL,
	"expected_code" varchar(60),
	"lot_no_scanned" varchar(40),
	"result" varchar(4) NOT NULL,
	CONSTRAINT "label_checks_result_ck" CHECK (result in ('pass', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "production_order_ingredients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"production_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"required_qty" numeric(14, 3) NOT NULL,
	"picked_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"consumed_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "production_order_ingredients_uk" UNIQUE("production_order_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "production_order_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"production_order_id" bigint NOT NULL,
	"flow_action_id" bigint,
	"phase_id" bigint NOT NULL,
	"operation_id" bigint,
	"machine_id" bigint,
	"cart_id" bigint,
	"assigned_to" bigint,
	"is_optional" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"paused_minutes" integer DEFAULT 0 NOT NULL,
	"qty_in" integer DEFAULT 0 NOT NULL,
	"qty_good" integer DEFAULT 0 NOT NULL,
	"qty_waste" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "production_order_operations_uk" UNIQUE("production_order_id","seq"),
	CONSTRAINT "production_order_operations_status_ck" CHECK (status in ('pending', 'ready', 'in_progress', 'paused', 'done', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "production_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"product_id" bigint NOT NULL,
	"recipe_id" bigint,
	"flow_id" bigint NOT NULL,
	"batch_lot_id" bigint,
	"stamp_jurisdiction_id" bigint,
	"planned_units" integer NOT NULL,
	"planned_ml" numeric(14, 2) DEFAULT '0' NOT NULL,
	"due_date" date NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"daily_order_line_id" bigint,
	"forecast_production_plan_id" bigint,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"stage" varchar(20),
	"previous_status" varchar(20),
	"hold_reason" varchar(500),
	"hplc_status" varchar(12) DEFAULT 'none' NOT NULL,
	"actual_batch_ml" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bottled_units" integer DEFAULT 0 NOT NULL,
	"bottling_waste_units" integer DEFAULT 0 NOT NULL,
	"labeled_units" integer DEFAULT 0 NOT NULL,
	"label_waste_units" integer DEFAULT 0 NOT NULL,
	"stamped_units" integer DEFAULT 0 NOT NULL,
	"stamping_waste_units" integer DEFAULT 0 NOT NULL,
	"transferred_units" integer DEFAULT 0 NOT NULL,
	"submitted_by" bigint,
	"stage_since" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"note" varchar(500),
	CONSTRAINT "production_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "production_orders_status_ck" CHECK (status in ('draft', 'pending_approval', 'approved', 'released', 'in_progress', 'on_hold', 'completed', 'closed', 'cancelled', 'scrapped')),
	CONSTRAINT "production_orders_stage_ck" CHECK ("production_orders"."stage" is null or stage in ('batching', 'hplc_pending', 'hplc_passed', 'hplc_failed', 'bottling', 'labeling', 'stamping', 'transfer_pending', 'transferred')),
	CONSTRAINT "production_orders_priority_ck" CHECK (priority in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "production_orders_hplc_ck" CHECK (hplc_status in ('none', 'pending', 'passed', 'failed', 'overridden')),
	CONSTRAINT "production_orders_units_ck" CHECK ("production_orders"."planned_units" > 0),
	CONSTRAINT "production_orders_conservation_ck" CHECK ("production_orders"."bottled_units" >= "production_orders"."labeled_units" + "production_orders"."label_waste_units"
          and "production_orders"."labeled_units" >= "production_orders"."stamped_units" + "production_orders"."stamping_waste_units")
);
--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batching_picks" ADD CONSTRAINT "batching_picks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_requests" ADD CONSTRAINT "hplc_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_requests" ADD CONSTRAINT "hplc_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_requests" ADD CONSTRAINT "hplc_requests_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_requests" ADD CONSTRAINT "hplc_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_requests" ADD CONSTRAINT "hplc_requests_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_hplc_request_id_hplc_requests_id_fk" FOREIGN KEY ("hplc_request_id") REFERENCES "public"."hplc_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_hplc_category_id_hplc_categories_id_fk" FOREIGN KEY ("hplc_category_id") REFERENCES "public"."hplc_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_instrument_id_machines_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hplc_results" ADD CONSTRAINT "hplc_results_override_approved_by_users_id_fk" FOREIGN KEY ("override_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_checks" ADD CONSTRAINT "label_checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_checks" ADD CONSTRAINT "label_checks_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_checks" ADD CONSTRAINT "label_checks_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_ingredients" ADD CONSTRAINT "production_order_ingredients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_ingredients" ADD CONSTRAINT "production_order_ingredients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_ingredients" ADD CONSTRAINT "production_order_ingredients_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_ingredients" ADD CONSTRAINT "production_order_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_flow_action_id_flow_actions_id_fk" FOREIGN KEY ("flow_action_id") REFERENCES "public"."flow_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_operations" ADD CONSTRAINT "production_order_operations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_batch_lot_id_stock_lots_id_fk" FOREIGN KEY ("batch_lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_orders" ADD CONSTRAINT "production_orders_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batching_picks_order_idx" ON "batching_picks" USING btree ("production_order_id");--> statement-breakpoint
CREATE INDEX "hplc_requests_order_idx" ON "hplc_requests" USING btree ("production_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hplc_results_request_uk" ON "hplc_results" USING btree ("hplc_request_id");--> statement-breakpoint
CREATE INDEX "label_checks_order_idx" ON "label_checks" USING btree ("production_order_id");--> statement-breakpoint
CREATE INDEX "production_orders_status_idx" ON "production_orders" USING btree ("status","stage");--> statement-breakpoint
CREATE INDEX "production_orders_product_idx" ON "production_orders" USING btree ("product_id");