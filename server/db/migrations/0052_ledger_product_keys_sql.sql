-- The ledger's own copy of its product's SKU and name (schema/stock.ts), hand-written because
-- drizzle-kit writes neither triggers nor trigram indexes. Existing rows are filled once, with
-- user triggers off for that UPDATE as 0030 did (the append-only trigger of row-stamps.ts);
-- from then on the database keeps the copy right by itself: a new movement gets its product's
-- values whatever its writer sent, and renaming a product rewrites its movements in the same
-- transaction (the append-only trigger lets exactly these two columns change).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "stock_movements" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "stock_movements" m SET "product_sku" = p."sku", "product_name" = p."name"
  FROM "products" p
 WHERE p."id" = m."product_id";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_movement_product() RETURNS trigger AS $$
BEGIN
  SELECT p.sku, p.name INTO NEW.product_sku, NEW.product_name FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_movement_product BEFORE INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION plantline_movement_product();--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_product_renamed() RETURNS trigger AS $$
BEGIN
  UPDATE stock_movements SET product_sku = NEW.sku, product_name = NEW.name WHERE product_id = NEW.id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_product_renamed AFTER UPDATE OF "sku", "name" ON "products"
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_product_renamed();--> statement-breakpoint
-- `contains` is `ilike '%…%'` (compile-filter.ts), which only a trigram index serves.
CREATE INDEX "stock_movements_product_sku_trgm_idx" ON "stock_movements" USING gin ("product_sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_product_name_trgm_idx" ON "stock_movements" USING gin ("product_name" gin_trgm_ops);
