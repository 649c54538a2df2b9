-- The running balance of the movements report, stored on each movement (see schema/stock.ts).
-- Existing rows get it from a window over the ledger in (moved_at, id) order; the append-only
-- trigger (row-stamps.ts) exists on a database that has started before, so user triggers are
-- off for the one backfill UPDATE and on again after it, inside this migration's transaction.
ALTER TABLE "stock_movements" ADD COLUMN "balance_after" numeric(16, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "stock_movements" m SET "balance_after" = w.b
  FROM (SELECT "id", sum("qty") OVER (PARTITION BY "product_id", "location_id" ORDER BY "moved_at", "id") AS b
          FROM "stock_movements") w
 WHERE m."id" = w."id";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_deleted_idx" ON "audit_logs" USING btree ("entity_type","seq") WHERE "audit_logs"."action" = 'delete';--> statement-breakpoint
CREATE INDEX "production_orders_seq_idx" ON "production_orders" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "stock_movements_seq_idx" ON "stock_movements" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "stock_movements_moved_at_desc_idx" ON "stock_movements" USING btree ("moved_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_type_moved_at_idx" ON "stock_movements" USING btree ("movement_type","moved_at","qty");