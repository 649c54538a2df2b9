ALTER TABLE "purchase_orders" ADD COLUMN "supplier_name" varchar(120);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "supplier_address" varchar(400);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "supplier_email" varchar(160);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "currency_code" varchar(3);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "tax_setup_name" varchar(80);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "ship_to_location_name" varchar(120);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "created_by_name" varchar(120);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "updated_by_name" varchar(120);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "duty_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "customer_name" varchar(120);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "ship_to" varchar(263);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "ship_to_province" varchar(2);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "ship_from_location_name" varchar(120);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "price_tier_name" varchar(120);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "tax_setup_name" varchar(80);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "created_by_name" varchar(120);--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "updated_by_name" varchar(120);--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_idx" ON "purchase_orders" USING btree (lower(("supplier_name")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_desc_idx" ON "purchase_orders" USING btree (lower(("supplier_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_address_idx" ON "purchase_orders" USING btree (lower(("supplier_address")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_address_desc_idx" ON "purchase_orders" USING btree (lower(("supplier_address")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_email_idx" ON "purchase_orders" USING btree (lower(("supplier_email")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_email_desc_idx" ON "purchase_orders" USING btree (lower(("supplier_email")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_currency_code_idx" ON "purchase_orders" USING btree (lower(("currency_code")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_currency_code_desc_idx" ON "purchase_orders" USING btree (lower(("currency_code")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_tax_setup_name_idx" ON "purchase_orders" USING btree (lower(("tax_setup_name")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_tax_setup_name_desc_idx" ON "purchase_orders" USING btree (lower(("tax_setup_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_ship_to_location_name_idx" ON "purchase_orders" USING btree (lower(("ship_to_location_name")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_ship_to_location_name_desc_idx" ON "purchase_orders" USING btree (lower(("ship_to_location_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_by_name_idx" ON "purchase_orders" USING btree (lower(("created_by_name")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_by_name_desc_idx" ON "purchase_orders" USING btree (lower(("created_by_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_updated_by_name_idx" ON "purchase_orders" USING btree (lower(("updated_by_name")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_updated_by_name_desc_idx" ON "purchase_orders" USING btree (lower(("updated_by_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_name_idx" ON "sales_orders" USING btree (lower(("customer_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_name_desc_idx" ON "sales_orders" USING btree (lower(("customer_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_to_idx" ON "sales_orders" USING btree (lower(("ship_to")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_to_desc_idx" ON "sales_orders" USING btree (lower(("ship_to")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_to_province_idx" ON "sales_orders" USING btree (lower(("ship_to_province")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_to_province_desc_idx" ON "sales_orders" USING btree (lower(("ship_to_province")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_from_location_name_idx" ON "sales_orders" USING btree (lower(("ship_from_location_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_ship_from_location_name_desc_idx" ON "sales_orders" USING btree (lower(("ship_from_location_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_price_tier_name_idx" ON "sales_orders" USING btree (lower(("price_tier_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_price_tier_name_desc_idx" ON "sales_orders" USING btree (lower(("price_tier_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_tax_setup_name_idx" ON "sales_orders" USING btree (lower(("tax_setup_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_tax_setup_name_desc_idx" ON "sales_orders" USING btree (lower(("tax_setup_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_created_by_name_idx" ON "sales_orders" USING btree (lower(("created_by_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_created_by_name_desc_idx" ON "sales_orders" USING btree (lower(("created_by_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_updated_by_name_idx" ON "sales_orders" USING btree (lower(("updated_by_name")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_updated_by_name_desc_idx" ON "sales_orders" USING btree (lower(("updated_by_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_duty_total_idx" ON "sales_orders" USING btree ("duty_total","id");--> statement-breakpoint
CREATE INDEX "sales_orders_duty_total_desc_idx" ON "sales_orders" USING btree ("duty_total" DESC NULLS LAST,"id");