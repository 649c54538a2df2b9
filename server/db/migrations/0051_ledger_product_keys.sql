ALTER TABLE "stock_movements" ADD COLUMN "product_sku" varchar(40);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "product_name" varchar(160);--> statement-breakpoint
CREATE INDEX "stock_movements_product_sku_idx" ON "stock_movements" USING btree (lower(("product_sku")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_sku_desc_idx" ON "stock_movements" USING btree (lower(("product_sku")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_name_idx" ON "stock_movements" USING btree (lower(("product_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_name_desc_idx" ON "stock_movements" USING btree (lower(("product_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_qty_idx" ON "stock_movements" USING btree ("qty","id");--> statement-breakpoint
CREATE INDEX "stock_movements_qty_desc_idx" ON "stock_movements" USING btree ("qty" DESC NULLS LAST,"id");