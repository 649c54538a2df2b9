CREATE TABLE "product_stamping_order_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"stamping_order_id" bigint NOT NULL,
	"reel_id" bigint,
	"field" varchar(30) NOT NULL,
	"old_value" integer NOT NULL,
	"new_value" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"reject_reason" varchar(500),
	CONSTRAINT "product_stamping_order_corrections_number_unique" UNIQUE("number"),
	CONSTRAINT "product_stamping_order_corrections_field_ck" CHECK (field in ('applied', 'wasted', 'damaged', 'wasted_bottles', 'stamped_units')),
	CONSTRAINT "product_stamping_order_corrections_status_ck" CHECK (status in ('requested', 'approved', 'applied', 'rejected')),
	CONSTRAINT "product_stamping_order_corrections_values_ck" CHECK ("product_stamping_order_corrections"."new_value" >= 0 and "product_stamping_order_corrections"."old_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_stamping_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20),
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"production_order_id" bigint,
	"source_product_id" bigint,
	"product_id" bigint NOT NULL,
	"lot_id" bigint,
	"location_id" bigint,
	"stamp_jurisdiction_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"planned_units" integer NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"counter_start" bigint,
	"counter_end" bigint,
	"applied_stamps" integer DEFAULT 0 NOT NULL,
	"wasted_stamps" integer DEFAULT 0 NOT NULL,
	"damaged_stamps" integer DEFAULT 0 NOT NULL,
	"returned_stamps" integer DEFAULT 0 NOT NULL,
	"wasted_bottles" integer DEFAULT 0 NOT NULL,
	"stamped_units" integer DEFAULT 0 NOT NULL,
	"stamper_id" bigint,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancel_reason" varchar(500),
	"note" varchar(500),
	CONSTRAINT "product_stamping_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "product_stamping_orders_status_ck" CHECK (status in ('draft', 'ready', 'reel_pending', 'in_progress', 'finished', 'cancelled')),
	CONSTRAINT "product_stamping_orders_module_ck" CHECK (module in ('production', 'assembly')),
	CONSTRAINT "product_stamping_orders_planned_ck" CHECK ("product_stamping_orders"."planned_units" > 0),
	CONSTRAINT "product_stamping_orders_counts_ck" CHECK ("product_stamping_orders"."applied_stamps" >= 0 and "product_stamping_orders"."wasted_stamps" >= 0 and "product_stamping_orders"."damaged_stamps" >= 0
          and "product_stamping_orders"."returned_stamps" >= 0 and "product_stamping_orders"."wasted_bottles" >= 0 and "product_stamping_orders"."stamped_units" >= 0),
	CONSTRAINT "product_stamping_orders_counter_ck" CHECK ("product_stamping_orders"."counter_end" is null or "product_stamping_orders"."counter_end" >= "product_stamping_orders"."counter_start"),
	CONSTRAINT "product_stamping_orders_source_ck" CHECK ("product_stamping_orders"."production_order_id" is not null
          or ("product_stamping_orders"."source_product_id" is not null and "product_stamping_orders"."location_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stamping_order_reels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"stamping_order_id" bigint NOT NULL,
	"reel_id" bigint NOT NULL,
	"issued_qty" integer DEFAULT 0 NOT NULL,
	"first_serial" bigint,
	"last_serial" bigint,
	"applied" integer DEFAULT 0 NOT NULL,
	"wasted" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stamping_order_reels_pair_uk" UNIQUE("stamping_order_id","reel_id"),
	CONSTRAINT "stamping_order_reels_counts_ck" CHECK ("stamping_order_reels"."issued_qty" >= 0 and "stamping_order_reels"."applied" >= 0 and "stamping_order_reels"."wasted" >= 0
          and "stamping_order_reels"."damaged" >= 0 and "stamping_order_reels"."returned" >= 0),
	CONSTRAINT "stamping_order_reels_reconciled_ck" CHECK ("stamping_order_reels"."applied" + "stamping_order_reels"."wasted" + "stamping_order_reels"."damaged" + "stamping_order_reels"."returned" in (0, "stamping_order_reels"."issued_qty"))
);
--> statement-breakpoint
ALTER TABLE "product_stamping_order_corrections" ADD CONSTRAINT "product_stamping_order_corrections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_order_corrections" ADD CONSTRAINT "product_stamping_order_corrections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_order_corrections" ADD CONSTRAINT "product_stamping_order_corrections_stamping_order_id_product_stamping_orders_id_fk" FOREIGN KEY ("stamping_order_id") REFERENCES "public"."product_stamping_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_order_corrections" ADD CONSTRAINT "product_stamping_order_corrections_reel_id_stamp_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."stamp_reels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_order_corrections" ADD CONSTRAINT "product_stamping_order_corrections_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_source_product_id_products_id_fk" FOREIGN KEY ("source_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stamping_orders" ADD CONSTRAINT "product_stamping_orders_stamper_id_users_id_fk" FOREIGN KEY ("stamper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_order_reels" ADD CONSTRAINT "stamping_order_reels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_order_reels" ADD CONSTRAINT "stamping_order_reels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_order_reels" ADD CONSTRAINT "stamping_order_reels_stamping_order_id_product_stamping_orders_id_fk" FOREIGN KEY ("stamping_order_id") REFERENCES "public"."product_stamping_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_order_reels" ADD CONSTRAINT "stamping_order_reels_reel_id_stamp_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."stamp_reels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stamping_order_corrections_order_ix" ON "product_stamping_order_corrections" USING btree ("stamping_order_id","status");--> statement-breakpoint
CREATE INDEX "product_stamping_orders_status_ix" ON "product_stamping_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "product_stamping_orders_mo_ix" ON "product_stamping_orders" USING btree ("production_order_id");--> statement-breakpoint
CREATE INDEX "stamping_order_reels_reel_ix" ON "stamping_order_reels" USING btree ("reel_id");