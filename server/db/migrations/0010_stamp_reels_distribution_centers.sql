CREATE TABLE "warehouse_product_location_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"warehouse_product_location_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"action" varchar(20) NOT NULL,
	"old_bin_id" bigint,
	"new_bin_id" bigint,
	"note" varchar(255),
	CONSTRAINT "warehouse_product_location_logs_action_ck" CHECK (action in ('assigned', 'moved', 'removed', 'primary_changed'))
);
--> statement-breakpoint
CREATE TABLE "warehouse_product_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"location_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"bin_id" bigint NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"min_units" integer DEFAULT 0 NOT NULL,
	"max_units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warehouse_product_locations_bin_uk" UNIQUE("bin_id","location_id","product_id"),
	CONSTRAINT "warehouse_product_locations_units_ck" CHECK ("warehouse_product_locations"."min_units" >= 0 and "warehouse_product_locations"."max_units" >= "warehouse_product_locations"."min_units")
);
--> statement-breakpoint
CREATE TABLE "reel_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"reel_id" bigint NOT NULL,
	"type" varchar(20) NOT NULL,
	"qty" integer NOT NULL,
	"stamping_order_id" bigint,
	"reason_id" bigint,
	"approved_by" bigint,
	"note" varchar(500),
	CONSTRAINT "reel_movements_type_ck" CHECK (type in ('receive', 'issue', 'return', 'apply', 'waste', 'damage', 'adjust', 'lost')),
	CONSTRAINT "reel_movements_qty_ck" CHECK (case "reel_movements"."type"
        when 'issue' then "reel_movements"."qty" = 0
        when 'return' then "reel_movements"."qty" = 0
        when 'receive' then "reel_movements"."qty" > 0
        when 'adjust' then "reel_movements"."qty" <> 0
        else "reel_movements"."qty" <= 0 end)
);
--> statement-breakpoint
CREATE TABLE "stamp_reels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"reel_no" varchar(40) NOT NULL,
	"module" varchar(20) DEFAULT 'production' NOT NULL,
	"stamp_jurisdiction_id" bigint NOT NULL,
	"stamp_type_id" bigint NOT NULL,
	"first_serial" bigint NOT NULL,
	"last_serial" bigint NOT NULL,
	"stamps_qty" integer NOT NULL,
	"received_at" date NOT NULL,
	"supplier_ref" varchar(60),
	"location_id" bigint,
	"status" varchar(20) DEFAULT 'received' NOT NULL,
	"remaining_qty" integer DEFAULT 0 NOT NULL,
	"note" varchar(500),
	"approved_by" bigint,
	CONSTRAINT "stamp_reels_reelNo_unique" UNIQUE("reel_no"),
	CONSTRAINT "stamp_reels_module_ck" CHECK (module in ('production', 'assembly')),
	CONSTRAINT "stamp_reels_status_ck" CHECK (status in ('received', 'available', 'rejected', 'requested', 'issued', 'in_use', 'depleted', 'lost')),
	CONSTRAINT "stamp_reels_stamps_qty_ck" CHECK ("stamp_reels"."stamps_qty" > 0),
	CONSTRAINT "stamp_reels_serials_ck" CHECK ("stamp_reels"."first_serial" >= 0 and "stamp_reels"."last_serial" >= "stamp_reels"."first_serial"),
	CONSTRAINT "stamp_reels_remaining_ck" CHECK ("stamp_reels"."remaining_qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_product_location_logs" ADD CONSTRAINT "warehouse_product_location_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_location_logs" ADD CONSTRAINT "warehouse_product_location_logs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_location_logs" ADD CONSTRAINT "warehouse_product_location_logs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_location_logs" ADD CONSTRAINT "warehouse_product_location_logs_old_bin_id_bins_id_fk" FOREIGN KEY ("old_bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_location_logs" ADD CONSTRAINT "warehouse_product_location_logs_new_bin_id_bins_id_fk" FOREIGN KEY ("new_bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_locations" ADD CONSTRAINT "warehouse_product_locations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_locations" ADD CONSTRAINT "warehouse_product_locations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_locations" ADD CONSTRAINT "warehouse_product_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_locations" ADD CONSTRAINT "warehouse_product_locations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_product_locations" ADD CONSTRAINT "warehouse_product_locations_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_movements" ADD CONSTRAINT "reel_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_movements" ADD CONSTRAINT "reel_movements_reel_id_stamp_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."stamp_reels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_movements" ADD CONSTRAINT "reel_movements_reason_id_parameters_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_movements" ADD CONSTRAINT "reel_movements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_stamp_type_id_parameters_id_fk" FOREIGN KEY ("stamp_type_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reels" ADD CONSTRAINT "stamp_reels_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_product_location_logs_product_ix" ON "warehouse_product_location_logs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_product_locations_one_primary_uk" ON "warehouse_product_locations" USING btree ("location_id","product_id") WHERE "warehouse_product_locations"."is_primary";--> statement-breakpoint
CREATE INDEX "warehouse_product_locations_product_ix" ON "warehouse_product_locations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "reel_movements_reel_ix" ON "reel_movements" USING btree ("reel_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_movements_order_ix" ON "reel_movements" USING btree ("stamping_order_id");--> statement-breakpoint
CREATE INDEX "stamp_reels_status_ix" ON "stamp_reels" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stamp_reels_jurisdiction_ix" ON "stamp_reels" USING btree ("stamp_jurisdiction_id","stamp_type_id");