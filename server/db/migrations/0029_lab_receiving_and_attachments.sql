CREATE TABLE "attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(60) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	CONSTRAINT "attachments_type_ck" CHECK (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv')),
	CONSTRAINT "attachments_size_ck" CHECK ("attachments"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "flashpoint_classes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(20) NOT NULL,
	"name" varchar(80) NOT NULL,
	"min_c" numeric(5, 1) NOT NULL,
	"max_c" numeric(5, 1) NOT NULL,
	"hazard_category" varchar(30) NOT NULL,
	"storage_requirement" varchar(200),
	"max_storage_qty" numeric(14, 3),
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "flashpoint_classes_code_unique" UNIQUE("code"),
	CONSTRAINT "flashpoint_classes_range_ck" CHECK ("flashpoint_classes"."min_c" <= "flashpoint_classes"."max_c"),
	CONSTRAINT "flashpoint_classes_hazard_ck" CHECK (hazard_category in ('1', '2', '3', '4', 'not_flammable'))
);
--> statement-breakpoint
CREATE TABLE "lab_receiving_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"lab_receiving_id" bigint NOT NULL,
	"purchase_order_line_id" bigint,
	"product_id" bigint NOT NULL,
	"supplier_lot_no" varchar(40) NOT NULL,
	"lot_id" bigint,
	"qty" numeric(14, 3) NOT NULL,
	"container_count" integer DEFAULT 1 NOT NULL,
	"container_type_id" bigint,
	"expiry_date" date,
	"coa_attachment_id" bigint,
	"flashpoint_c" numeric(5, 1),
	"flashpoint_class_id" bigint,
	CONSTRAINT "lab_receiving_items_qty_ck" CHECK ("lab_receiving_items"."qty" > 0 and "lab_receiving_items"."container_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "lab_receivings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"supplier_id" bigint NOT NULL,
	"purchase_order_id" bigint,
	"location_id" bigint NOT NULL,
	"received_at" date NOT NULL,
	"carrier" varchar(80),
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"note" varchar(500),
	CONSTRAINT "lab_receivings_number_unique" UNIQUE("number"),
	CONSTRAINT "lab_receivings_status_ck" CHECK (status in ('draft', 'received', 'inspected', 'rejected', 'posted', 'released'))
);
--> statement-breakpoint
CREATE TABLE "receiving_containers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(20) NOT NULL,
	"lab_receiving_item_id" bigint NOT NULL,
	"container_type_id" bigint,
	"net_qty" numeric(14, 3) NOT NULL,
	"tare_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"location_id" bigint NOT NULL,
	"bin_id" bigint,
	"status" varchar(30) DEFAULT 'received' NOT NULL,
	CONSTRAINT "receiving_containers_code_unique" UNIQUE("code"),
	CONSTRAINT "receiving_containers_status_ck" CHECK (status in ('received', 'quarantine', 'released', 'in_use', 'empty', 'disposed')),
	CONSTRAINT "receiving_containers_qty_ck" CHECK ("receiving_containers"."net_qty" > 0 and "receiving_containers"."tare_qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashpoint_classes" ADD CONSTRAINT "flashpoint_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashpoint_classes" ADD CONSTRAINT "flashpoint_classes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_lab_receiving_id_lab_receivings_id_fk" FOREIGN KEY ("lab_receiving_id") REFERENCES "public"."lab_receivings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_container_type_id_parameters_id_fk" FOREIGN KEY ("container_type_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_coa_attachment_id_attachments_id_fk" FOREIGN KEY ("coa_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receiving_items" ADD CONSTRAINT "lab_receiving_items_flashpoint_class_id_flashpoint_classes_id_fk" FOREIGN KEY ("flashpoint_class_id") REFERENCES "public"."flashpoint_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receivings" ADD CONSTRAINT "lab_receivings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receivings" ADD CONSTRAINT "lab_receivings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receivings" ADD CONSTRAINT "lab_receivings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receivings" ADD CONSTRAINT "lab_receivings_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_receivings" ADD CONSTRAINT "lab_receivings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_lab_receiving_item_id_lab_receiving_items_id_fk" FOREIGN KEY ("lab_receiving_item_id") REFERENCES "public"."lab_receiving_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_container_type_id_parameters_id_fk" FOREIGN KEY ("container_type_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_containers" ADD CONSTRAINT "receiving_containers_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_storage_key_uk" ON "attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "lab_receiving_items_doc_idx" ON "lab_receiving_items" USING btree ("lab_receiving_id");--> statement-breakpoint
CREATE INDEX "lab_receiving_items_product_idx" ON "lab_receiving_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "receiving_containers_item_idx" ON "receiving_containers" USING btree ("lab_receiving_item_id");