ALTER TABLE "stock_movements" ADD COLUMN "product_category_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_category_name" varchar(120);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_brand_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_brand_name" varchar(120);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_family_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_family_name" varchar(120);--> statement-breakpoint
CREATE INDEX "stock_movements_product_category_name_idx" ON "stock_movements" USING btree (lower(("product_category_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_category_name_desc_idx" ON "stock_movements" USING btree (lower(("product_category_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_brand_name_idx" ON "stock_movements" USING btree (lower(("product_brand_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_brand_name_desc_idx" ON "stock_movements" USING btree (lower(("product_brand_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_family_name_idx" ON "stock_movements" USING btree (lower(("product_family_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_family_name_desc_idx" ON "stock_movements" USING btree (lower(("product_family_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_category_id_idx" ON "stock_movements" USING btree ("product_category_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_category_id_desc_idx" ON "stock_movements" USING btree ("product_category_id" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_brand_id_idx" ON "stock_movements" USING btree ("product_brand_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_brand_id_desc_idx" ON "stock_movements" USING btree ("product_brand_id" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_family_id_idx" ON "stock_movements" USING btree ("product_family_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_family_id_desc_idx" ON "stock_movements" USING btree ("product_family_id" DESC NULLS LAST,"id");