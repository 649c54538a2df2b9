CREATE TABLE "forecast_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"forecast_period_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"location_id" bigint,
	"history_units" integer DEFAULT 0 NOT NULL,
	"default_units" integer DEFAULT 0 NOT NULL,
	"forecast_units" integer DEFAULT 0 NOT NULL,
	"override_reason" varchar(500),
	"allocation_pct" numeric(7, 4),
	CONSTRAINT "forecast_allocations_uk" UNIQUE NULLS NOT DISTINCT("forecast_period_id","product_id","location_id"),
	CONSTRAINT "forecast_allocations_units_ck" CHECK ("forecast_allocations"."history_units" >= 0 and "forecast_allocations"."default_units" >= 0 and "forecast_allocations"."forecast_units" >= 0),
	CONSTRAINT "forecast_allocations_pct_ck" CHECK ("forecast_allocations"."allocation_pct" is null or ("forecast_allocations"."allocation_pct" >= 0 and "forecast_allocations"."allocation_pct" <= 100)),
	CONSTRAINT "forecast_allocations_reason_ck" CHECK ("forecast_allocations"."forecast_units" = "forecast_allocations"."default_units" or "forecast_allocations"."override_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "forecast_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"name" varchar(120) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"history_from" date NOT NULL,
	"history_to" date NOT NULL,
	"growth_pct" numeric(7, 4) DEFAULT '0' NOT NULL,
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"note" varchar(500),
	CONSTRAINT "forecast_periods_name_uk" UNIQUE("name"),
	CONSTRAINT "forecast_periods_status_ck" CHECK (status in ('draft', 'open', 'locked', 'closed')),
	CONSTRAINT "forecast_periods_dates_ck" CHECK ("forecast_periods"."end_date" >= "forecast_periods"."start_date"),
	CONSTRAINT "forecast_periods_history_ck" CHECK ("forecast_periods"."history_to" >= "forecast_periods"."history_from"),
	CONSTRAINT "forecast_periods_growth_ck" CHECK ("forecast_periods"."growth_pct" >= -100)
);
--> statement-breakpoint
CREATE TABLE "forecast_production_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"forecast_period_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"forecast_units" integer DEFAULT 0 NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"open_mo_units" integer DEFAULT 0 NOT NULL,
	"safety_units" integer DEFAULT 0 NOT NULL,
	"required_units" integer DEFAULT 0 NOT NULL,
	"planned_units" integer DEFAULT 0 NOT NULL,
	"production_order_id" bigint,
	"status" varchar(30) DEFAULT 'proposed' NOT NULL,
	CONSTRAINT "forecast_production_plans_uk" UNIQUE("forecast_period_id","product_id"),
	CONSTRAINT "forecast_production_plans_status_ck" CHECK (status in ('proposed', 'accepted', 'ordered')),
	CONSTRAINT "forecast_production_plans_units_ck" CHECK ("forecast_production_plans"."forecast_units" >= 0 and "forecast_production_plans"."safety_units" >= 0 and "forecast_production_plans"."open_mo_units" >= 0
        and "forecast_production_plans"."required_units" >= 0 and "forecast_production_plans"."planned_units" >= 0),
	CONSTRAINT "forecast_production_plans_ordered_ck" CHECK (("forecast_production_plans"."status" = 'ordered') = ("forecast_production_plans"."production_order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "forecast_production_qty_ranges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"min_units" integer NOT NULL,
	"max_units" integer,
	"round_to_units" integer NOT NULL,
	CONSTRAINT "forecast_production_qty_ranges_units_ck" CHECK ("forecast_production_qty_ranges"."min_units" >= 0 and "forecast_production_qty_ranges"."round_to_units" > 0
        and ("forecast_production_qty_ranges"."max_units" is null or "forecast_production_qty_ranges"."max_units" >= "forecast_production_qty_ranges"."min_units"))
);
--> statement-breakpoint
ALTER TABLE "forecast_allocations" ADD CONSTRAINT "forecast_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_allocations" ADD CONSTRAINT "forecast_allocations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_allocations" ADD CONSTRAINT "forecast_allocations_forecast_period_id_forecast_periods_id_fk" FOREIGN KEY ("forecast_period_id") REFERENCES "public"."forecast_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_allocations" ADD CONSTRAINT "forecast_allocations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_allocations" ADD CONSTRAINT "forecast_allocations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_periods" ADD CONSTRAINT "forecast_periods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_periods" ADD CONSTRAINT "forecast_periods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_plans" ADD CONSTRAINT "forecast_production_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_plans" ADD CONSTRAINT "forecast_production_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_plans" ADD CONSTRAINT "forecast_production_plans_forecast_period_id_forecast_periods_id_fk" FOREIGN KEY ("forecast_period_id") REFERENCES "public"."forecast_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_plans" ADD CONSTRAINT "forecast_production_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_plans" ADD CONSTRAINT "forecast_production_plans_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_qty_ranges" ADD CONSTRAINT "forecast_production_qty_ranges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_production_qty_ranges" ADD CONSTRAINT "forecast_production_qty_ranges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_allocations_product_idx" ON "forecast_allocations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "forecast_periods_dates_idx" ON "forecast_periods" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "forecast_production_plans_product_idx" ON "forecast_production_plans" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_orders_order_date_idx" ON "sales_orders" USING btree ("order_date");