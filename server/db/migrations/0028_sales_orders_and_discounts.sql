CREATE TABLE "discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"scope" varchar(30) DEFAULT 'all' NOT NULL,
	"scope_id" bigint,
	"min_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"stackable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discounts_code_unique" UNIQUE("code"),
	CONSTRAINT "discounts_kind_ck" CHECK (kind in ('percent', 'amount')),
	CONSTRAINT "discounts_scope_ck" CHECK (scope in ('all', 'customer', 'product', 'family', 'brand', 'category')),
	CONSTRAINT "discounts_value_ck" CHECK ("discounts"."value" >= 0 and ("discounts"."kind" <> 'percent' or "discounts"."value" <= 100) and "discounts"."min_qty" >= 0),
	CONSTRAINT "discounts_scope_id_ck" CHECK (("discounts"."scope" = 'all') = ("discounts"."scope_id" is null)),
	CONSTRAINT "discounts_window_ck" CHECK ("discounts"."valid_to" is null or "discounts"."valid_to" >= "discounts"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"sales_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"discount_id" bigint,
	"discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"qty_allocated" numeric(14, 3) DEFAULT '0' NOT NULL,
	"qty_shipped" numeric(14, 3) DEFAULT '0' NOT NULL,
	"qty_cancelled" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_order_lines_qty_ck" CHECK ("sales_order_lines"."qty" > 0 and "sales_order_lines"."unit_price" >= 0 and "sales_order_lines"."discount_amount" >= 0 and "sales_order_lines"."line_total" >= 0
        and "sales_order_lines"."qty_shipped" >= 0 and "sales_order_lines"."qty_shipped" <= "sales_order_lines"."qty_allocated"
        and "sales_order_lines"."qty_allocated" + "sales_order_lines"."qty_cancelled" <= "sales_order_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "sales_order_taxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sales_order_id" bigint NOT NULL,
	"tax_code" varchar(3) NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"base" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_order_taxes_tax_code_ck" CHECK (tax_code in ('GST', 'HST', 'PST', 'QST'))
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"customer_id" bigint NOT NULL,
	"ship_to_address_id" bigint,
	"ship_from_location_id" bigint NOT NULL,
	"order_date" date NOT NULL,
	"requested_ship_date" date,
	"price_tier_id" bigint,
	"tax_setup_id" bigint,
	"source" varchar(30) DEFAULT 'manual' NOT NULL,
	"external_ref" varchar(60),
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"allocation_status" varchar(30) DEFAULT 'not_allocated' NOT NULL,
	"shipping_status" varchar(30) DEFAULT 'not_shipped' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"note" varchar(500),
	CONSTRAINT "sales_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "sales_orders_externalRef_unique" UNIQUE("external_ref"),
	CONSTRAINT "sales_orders_status_ck" CHECK (status in ('draft', 'confirmed', 'closed', 'cancelled')),
	CONSTRAINT "sales_orders_allocation_ck" CHECK (allocation_status in ('not_allocated', 'partially_allocated', 'allocated')),
	CONSTRAINT "sales_orders_shipping_ck" CHECK (shipping_status in ('not_shipped', 'partially_shipped', 'shipped')),
	CONSTRAINT "sales_orders_source_ck" CHECK (source in ('manual', 'import'))
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_taxes" ADD CONSTRAINT "sales_order_taxes_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_ship_to_address_id_customer_addresses_id_fk" FOREIGN KEY ("ship_to_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_ship_from_location_id_locations_id_fk" FOREIGN KEY ("ship_from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_price_tier_id_price_tiers_id_fk" FOREIGN KEY ("price_tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_tax_setup_id_tax_setups_id_fk" FOREIGN KEY ("tax_setup_id") REFERENCES "public"."tax_setups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_lines_doc_idx" ON "sales_order_lines" USING btree ("sales_order_id");--> statement-breakpoint
CREATE INDEX "sales_order_lines_product_idx" ON "sales_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_order_taxes_doc_idx" ON "sales_order_taxes" USING btree ("sales_order_id");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id");