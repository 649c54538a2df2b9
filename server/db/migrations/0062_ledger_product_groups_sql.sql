-- Hand-written half of 0061_ledger_product_groups: the ledger's copy of its product's category,
-- brand and family (ids and names, schema/stock.ts), kept as 0052 keeps its SKU and name and
-- 0059 its other labels. Existing rows are filled once with user triggers off (the append-only
-- trigger of row-stamps.ts); from then on a new movement gets its product's groups whatever its
-- writer sent, and a product moved to another group, or a group renamed, rewrites the affected
-- movements in the same transaction (the append-only trigger lets exactly these columns change).
ALTER TABLE "stock_movements" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "stock_movements" m SET
  "product_category_id" = p.category_id,
  "product_category_name" = (SELECT c.name FROM categories c WHERE c.id = p.category_id),
  "product_brand_id" = p.brand_id,
  "product_brand_name" = (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
  "product_family_id" = p.family_id,
  "product_family_name" = (SELECT f.name FROM product_families f WHERE f.id = p.family_id)
  FROM "products" p
 WHERE p."id" = m."product_id";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER USER;--> statement-breakpoint
-- 0052's insert trigger, now copying the product's groups beside its SKU and name.
CREATE OR REPLACE FUNCTION plantline_movement_product() RETURNS trigger AS $$
BEGIN
  SELECT p.sku, p.name, p.category_id, c.name, p.brand_id, b.name, p.family_id, f.name
    INTO NEW.product_sku, NEW.product_name, NEW.product_category_id, NEW.product_category_name,
         NEW.product_brand_id, NEW.product_brand_name, NEW.product_family_id, NEW.product_family_name
    FROM products p
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN brands b ON b.id = p.brand_id
    LEFT JOIN product_families f ON f.id = p.family_id
   WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
-- 0052's rename trigger, now also following the product into another category, brand or family.
CREATE OR REPLACE FUNCTION plantline_product_renamed() RETURNS trigger AS $$
BEGIN
  UPDATE stock_movements SET
    product_sku = NEW.sku,
    product_name = NEW.name,
    product_category_id = NEW.category_id,
    product_category_name = (SELECT c.name FROM categories c WHERE c.id = NEW.category_id),
    product_brand_id = NEW.brand_id,
    product_brand_name = (SELECT b.name FROM brands b WHERE b.id = NEW.brand_id),
    product_family_id = NEW.family_id,
    product_family_name = (SELECT f.name FROM product_families f WHERE f.id = NEW.family_id)
   WHERE product_id = NEW.id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS plantline_product_renamed ON "products";--> statement-breakpoint
CREATE TRIGGER plantline_product_renamed
  AFTER UPDATE OF "sku", "name", "category_id", "brand_id", "family_id" ON "products"
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.family_id IS DISTINCT FROM NEW.family_id)
  EXECUTE FUNCTION plantline_product_renamed();--> statement-breakpoint
-- A group renamed: its movements found through the id copy's sort index. One function for the
-- three tables, each branch reading only its own.
CREATE OR REPLACE FUNCTION plantline_movement_group_renamed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE stock_movements SET product_category_name = NEW.name WHERE product_category_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'brands' THEN
    UPDATE stock_movements SET product_brand_name = NEW.name WHERE product_brand_id = NEW.id;
  ELSE
    UPDATE stock_movements SET product_family_name = NEW.name WHERE product_family_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_movement_group_renamed AFTER UPDATE OF "name" ON "categories"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_movement_group_renamed();--> statement-breakpoint
CREATE TRIGGER plantline_movement_group_renamed AFTER UPDATE OF "name" ON "brands"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_movement_group_renamed();--> statement-breakpoint
CREATE TRIGGER plantline_movement_group_renamed AFTER UPDATE OF "name" ON "product_families"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_movement_group_renamed();--> statement-breakpoint
-- `contains` is `ilike '%…%'` (compile-filter.ts), which only a trigram index serves.
CREATE INDEX "stock_movements_product_category_name_trgm_idx" ON "stock_movements" USING gin ("product_category_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_product_brand_name_trgm_idx" ON "stock_movements" USING gin ("product_brand_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_product_family_name_trgm_idx" ON "stock_movements" USING gin ("product_family_name" gin_trgm_ops);
