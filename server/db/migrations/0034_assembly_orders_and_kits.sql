CREATE TABLE "assembly_order_components" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"assembly_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty_per_unit" numeric(14, 3) NOT NULL,
	"required_qty" numeric(14, 3) NOT NULL,
	"consumed_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "assembly_order_components_uk" UNIQUE("assembly_order_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "assembly_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20),
	"product_id" bigint NOT NULL,
	"flow_id" bigint NOT NULL,
	"stamp_jurisdiction_id" bigint,
	"planned_units" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"stage" varchar(20),
	"previous_status" varchar(20),
	"hold_reason" varchar(500),
	"sealed_units" integer DEFAULT 0 NOT NULL,
	"sealing_waste" integer DEFAULT 0 NOT NULL,
	"stamped_units" integer DEFAULT 0 NOT NULL,
	"stamping_waste" integer DEFAULT 0 NOT NULL,
	"cartoned_units" integer DEFAULT 0 NOT NULL,
	"cartoning_waste" integer DEFAULT 0 NOT NULL,
	"stage_since" timestamp with time zone,
	"released_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"note" varchar(500),
	CONSTRAINT "assembly_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "assembly_orders_status_ck" CHECK (status in ('draft', 'released', 'in_progress', 'on_hold', 'completed', 'closed', 'cancelled')),
	CONSTRAINT "assembly_orders_stage_ck" CHECK ("assembly_orders"."stage" is null or stage in ('sealing', 'stamping', 'cartoning', 'transfer_pending', 'transferred', 'shipped')),
	CONSTRAINT "assembly_orders_units_ck" CHECK ("assembly_orders"."planned_units" > 0),
	CONSTRAINT "assembly_orders_conservation_ck" CHECK ("assembly_orders"."sealed_units" >= "assembly_orders"."stamped_units" + "assembly_orders"."stamping_waste"
          and "assembly_orders"."stamped_units" >= "assembly_orders"."cartoned_units" + "assembly_orders"."cartoning_waste")
);
--> statement-breakpoint
CREATE TABLE "product_components" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"product_id" bigint NOT NULL,
	"component_product_id" bigint NOT NULL,
	"qty_per_unit" numeric(14, 3) NOT NULL,
	"phase_id" bigint,
	CONSTRAINT "product_components_uk" UNIQUE("product_id","component_product_id"),
	CONSTRAINT "product_components_qty_ck" CHECK ("product_components"."qty_per_unit" > 0),
	CONSTRAINT "product_components_self_ck" CHECK ("product_components"."product_id" <> "product_components"."component_product_id")
);
--> statement-breakpoint
ALTER TABLE "reel_movements" ADD COLUMN "assembly_order_id" bigint;--> statement-breakpoint
ALTER TABLE "assembly_order_components" ADD CONSTRAINT "assembly_order_components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_order_components" ADD CONSTRAINT "assembly_order_components_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_order_components" ADD CONSTRAINT "assembly_order_components_assembly_order_id_assembly_orders_id_fk" FOREIGN KEY ("assembly_order_id") REFERENCES "public"."assembly_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_order_components" ADD CONSTRAINT "assembly_order_components_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_orders" ADD CONSTRAINT "assembly_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_orders" ADD CONSTRAINT "assembly_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_orders" ADD CONSTRAINT "assembly_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_orders" ADD CONSTRAINT "assembly_orders_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_orders" ADD CONSTRAINT "assembly_orders_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_component_product_id_products_id_fk" FOREIGN KEY ("component_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_orders_status_idx" ON "assembly_orders" USING btree ("status","stage");--> statement-breakpoint
CREATE INDEX "assembly_orders_seq_idx" ON "assembly_orders" USING btree ("seq");--> statement-breakpoint
ALTER TABLE "reel_movements" ADD CONSTRAINT "reel_movements_assembly_order_id_assembly_orders_id_fk" FOREIGN KEY ("assembly_order_id") REFERENCES "public"."assembly_orders"("id") ON DELETE no action ON UPDATE no action;