CREATE TABLE "production_order_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"production_order_id" bigint NOT NULL,
	"production_order_operation_id" bigint,
	"field" varchar(30) NOT NULL,
	"product_id" bigint,
	"old_value" numeric(14, 3) NOT NULL,
	"new_value" numeric(14, 3) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"reject_reason" varchar(500),
	CONSTRAINT "production_order_corrections_number_unique" UNIQUE("number"),
	CONSTRAINT "production_order_corrections_field_ck" CHECK (field in ('actual_batch_ml', 'bottled_units', 'bottling_waste_units', 'labeled_units', 'label_waste_units', 'stamped_units', 'stamping_waste_units', 'transferred_units', 'ingredient_consumed')),
	CONSTRAINT "production_order_corrections_status_ck" CHECK (status in ('requested', 'approved', 'applied', 'rejected')),
	CONSTRAINT "production_order_corrections_product_ck" CHECK (("production_order_corrections"."field" = 'ingredient_consumed') = ("production_order_corrections"."product_id" is not null)),
	CONSTRAINT "production_order_corrections_values_ck" CHECK ("production_order_corrections"."new_value" >= 0 and "production_order_corrections"."new_value" <> "production_order_corrections"."old_value")
);
--> statement-breakpoint
CREATE TABLE "production_recoveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20),
	"source_type" varchar(20) NOT NULL,
	"source_id" bigint,
	"production_order_id" bigint,
	"product_id" bigint NOT NULL,
	"lot_id" bigint,
	"location_id" bigint,
	"units" integer DEFAULT 0 NOT NULL,
	"recovered_ml" numeric(14, 2) NOT NULL,
	"bulk_product_id" bigint,
	"target_lot_id" bigint,
	"hplc_status" varchar(12) DEFAULT 'none' NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"posted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"note" varchar(500),
	CONSTRAINT "production_recoveries_number_unique" UNIQUE("number"),
	CONSTRAINT "production_recoveries_source_ck" CHECK (source_type in ('production_order', 'stamping_order', 'lot')),
	CONSTRAINT "production_recoveries_status_ck" CHECK (status in ('draft', 'posted', 'released', 'scrapped', 'cancelled')),
	CONSTRAINT "production_recoveries_hplc_ck" CHECK (hplc_status in ('none', 'pending', 'passed', 'failed')),
	CONSTRAINT "production_recoveries_qty_ck" CHECK ("production_recoveries"."units" >= 0 and "production_recoveries"."recovered_ml" > 0)
);
--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_production_order_operation_id_production_order_operations_id_fk" FOREIGN KEY ("production_order_operation_id") REFERENCES "public"."production_order_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_order_corrections" ADD CONSTRAINT "production_order_corrections_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_bulk_product_id_products_id_fk" FOREIGN KEY ("bulk_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_recoveries" ADD CONSTRAINT "production_recoveries_target_lot_id_stock_lots_id_fk" FOREIGN KEY ("target_lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "production_order_corrections_order_idx" ON "production_order_corrections" USING btree ("production_order_id","status");--> statement-breakpoint
CREATE INDEX "production_recoveries_status_idx" ON "production_recoveries" USING btree ("status");