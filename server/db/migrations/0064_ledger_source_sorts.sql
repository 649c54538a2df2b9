-- The inventory import once wrote `stock_adjustment` for its movements' document; the report
-- read it through a CASE, which no index serves. The old rows now name the table like every other.
UPDATE "stock_movements" SET "source_type" = 'stock_adjustments' WHERE "source_type" = 'stock_adjustment';--> statement-breakpoint
CREATE INDEX "stock_movements_source_type_idx" ON "stock_movements" USING btree (lower(("source_type")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_source_type_desc_idx" ON "stock_movements" USING btree (lower(("source_type")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_at_idx" ON "stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_at_desc_idx" ON "stock_movements" USING btree ("created_at" DESC NULLS LAST,"id");