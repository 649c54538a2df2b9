DROP INDEX "stock_movements_product_location_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_moved_at_idx" ON "stock_movements" USING btree ("moved_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_location_idx" ON "stock_movements" USING btree ("product_id","location_id","moved_at","id");