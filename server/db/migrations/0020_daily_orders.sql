CREATE TABLE "daily_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"daily_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty_units" integer NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"production_order_id" bigint,
	"line_status" varchar(12) DEFAULT 'open' NOT NULL,
	CONSTRAINT "daily_order_lines_product_uk" UNIQUE("daily_order_id","product_id"),
	CONSTRAINT "daily_order_lines_order_uk" UNIQUE("production_order_id"),
	CONSTRAINT "daily_order_lines_qty_ck" CHECK ("daily_order_lines"."qty_units" > 0),
	CONSTRAINT "daily_order_lines_priority_ck" CHECK (priority in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "daily_order_lines_status_ck" CHECK (line_status in ('open', 'planned', 'fulfilled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "daily_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"order_date" date NOT NULL,
	"requested_by" bigint,
	"location_id" bigint NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"submitted_by" bigint,
	"submitted_at" timestamp with time zone,
	"accepted_by" bigint,
	"accepted_at" timestamp with time zone,
	"note" varchar(500),
	CONSTRAINT "daily_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "daily_orders_status_ck" CHECK (status in ('draft', 'submitted', 'accepted', 'in_production', 'fulfilled', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "daily_order_lines" ADD CONSTRAINT "daily_order_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_order_lines" ADD CONSTRAINT "daily_order_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_order_lines" ADD CONSTRAINT "daily_order_lines_daily_order_id_daily_orders_id_fk" FOREIGN KEY ("daily_order_id") REFERENCES "public"."daily_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_order_lines" ADD CONSTRAINT "daily_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_order_lines" ADD CONSTRAINT "daily_order_lines_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_orders" ADD CONSTRAINT "daily_orders_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_orders_date_idx" ON "daily_orders" USING btree ("order_date");