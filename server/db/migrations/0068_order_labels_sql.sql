-- Hand-written half of 0067_order_labels: the sales and purchase orders' copies of their
-- labels (schema/sales.ts, schema/purchase.ts), kept by the database in the transaction of the
-- change they follow, as the ledger keeps its own (0059_label_keys_sql).
--
-- Each order table has one function that fills every label from the row's keys, run before an
-- insert and before an update that sets a key. A rename elsewhere rewrites the key of the
-- orders it reaches to itself (`SET customer_id = customer_id`), which runs that function
-- again: the labels are written in one place only. Made from another table's trigger, that
-- rewrite keeps the order's version (row-stamps.ts), since nobody edited the order.
CREATE OR REPLACE FUNCTION plantline_sales_order_labels() RETURNS trigger AS $$
BEGIN
  NEW.customer_name := (SELECT c.name FROM customers c WHERE c.id = NEW.customer_id);
  SELECT a.address || ' ' || a.postal_code, p.code INTO NEW.ship_to, NEW.ship_to_province
    FROM customer_addresses a LEFT JOIN provinces p ON p.id = a.province_id
   WHERE a.id = NEW.ship_to_address_id;
  NEW.ship_from_location_name := (SELECT x.name FROM locations x WHERE x.id = NEW.ship_from_location_id);
  NEW.price_tier_name := (SELECT t.name FROM price_tiers t WHERE t.id = NEW.price_tier_id);
  NEW.tax_setup_name := (SELECT t.name FROM tax_setups t WHERE t.id = NEW.tax_setup_id);
  NEW.created_by_name := (SELECT u.name FROM users u WHERE u.id = NEW.created_by);
  NEW.updated_by_name := (SELECT u.name FROM users u WHERE u.id = NEW.updated_by);
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_labels
  BEFORE INSERT OR UPDATE OF "customer_id", "ship_to_address_id", "ship_from_location_id",
    "price_tier_id", "tax_setup_id", "created_by", "updated_by" ON "sales_orders"
  FOR EACH ROW EXECUTE FUNCTION plantline_sales_order_labels();--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_purchase_order_labels() RETURNS trigger AS $$
BEGIN
  -- The supplier's address as one line: street, city, "province postal code", country.
  SELECT s.name, s.email,
         nullif(concat_ws(', ', s.street, s.city, nullif(concat_ws(' ', p.code, s.postal_code), ''), c.name), '')
    INTO NEW.supplier_name, NEW.supplier_email, NEW.supplier_address
    FROM suppliers s LEFT JOIN provinces p ON p.id = s.province_id
    LEFT JOIN countries c ON c.id = s.country_id
   WHERE s.id = NEW.supplier_id;
  NEW.currency_code := (SELECT c.code FROM currencies c WHERE c.id = NEW.currency_id);
  NEW.tax_setup_name := (SELECT t.name FROM tax_setups t WHERE t.id = NEW.tax_setup_id);
  NEW.ship_to_location_name := (SELECT x.name FROM locations x WHERE x.id = NEW.ship_to_location_id);
  NEW.created_by_name := (SELECT u.name FROM users u WHERE u.id = NEW.created_by);
  NEW.updated_by_name := (SELECT u.name FROM users u WHERE u.id = NEW.updated_by);
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_labels
  BEFORE INSERT OR UPDATE OF "supplier_id", "currency_id", "tax_setup_id", "ship_to_location_id",
    "created_by", "updated_by" ON "purchase_orders"
  FOR EACH ROW EXECUTE FUNCTION plantline_purchase_order_labels();--> statement-breakpoint
-- The orders there are, filled once with user triggers off: their rows are not edited, so
-- neither their version nor the customer's confirmed total may move.
ALTER TABLE "sales_orders" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "sales_orders" ENABLE TRIGGER plantline_sales_order_labels;--> statement-breakpoint
UPDATE "sales_orders" SET "customer_id" = "customer_id";--> statement-breakpoint
UPDATE "sales_orders" o SET "duty_total" = (SELECT coalesce(sum(d.duty_total), 0)
  FROM sales_order_line_duties d JOIN sales_order_lines l ON l.id = d.sales_order_line_id
 WHERE l.sales_order_id = o.id)
 WHERE EXISTS (SELECT 1 FROM sales_order_lines l JOIN sales_order_line_duties d
                 ON d.sales_order_line_id = l.id WHERE l.sales_order_id = o.id);--> statement-breakpoint
ALTER TABLE "sales_orders" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "purchase_orders" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "purchase_orders" ENABLE TRIGGER plantline_purchase_order_labels;--> statement-breakpoint
UPDATE "purchase_orders" SET "supplier_id" = "supplier_id";--> statement-breakpoint
ALTER TABLE "purchase_orders" ENABLE TRIGGER USER;--> statement-breakpoint
-- A rename rewrites the key of the orders it reaches. Arguments: the order table, its key, and
-- optionally the query of the key's values this row reaches ($1 is the row's id); without
-- it, the key holds this row's id.
CREATE OR REPLACE FUNCTION plantline_order_labels_follow() RETURNS trigger AS $$
BEGIN
  IF TG_NARGS > 2 THEN
    EXECUTE format('UPDATE %I SET %I = %I WHERE %I IN (%s)',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1], TG_ARGV[1], TG_ARGV[2]) USING NEW.id;
  ELSE
    EXECUTE format('UPDATE %I SET %I = %I WHERE %I = $1',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1], TG_ARGV[1]) USING NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_customer AFTER UPDATE OF "name" ON "customers"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'customer_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_ship_to
  AFTER UPDATE OF "address", "postal_code", "province_id" ON "customer_addresses"
  FOR EACH ROW WHEN ((OLD.address, OLD.postal_code, OLD.province_id)
    IS DISTINCT FROM (NEW.address, NEW.postal_code, NEW.province_id))
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'ship_to_address_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_ship_to AFTER UPDATE OF "code" ON "provinces"
  FOR EACH ROW WHEN (OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'ship_to_address_id',
    'SELECT a.id FROM customer_addresses a WHERE a.province_id = $1');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_supplier AFTER UPDATE OF "code" ON "provinces"
  FOR EACH ROW WHEN (OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'supplier_id',
    'SELECT s.id FROM suppliers s WHERE s.province_id = $1');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_supplier AFTER UPDATE OF "name" ON "countries"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'supplier_id',
    'SELECT s.id FROM suppliers s WHERE s.country_id = $1');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_supplier
  AFTER UPDATE OF "name", "email", "street", "city", "postal_code", "province_id", "country_id"
  ON "suppliers"
  FOR EACH ROW WHEN ((OLD.name, OLD.email, OLD.street, OLD.city, OLD.postal_code, OLD.province_id,
      OLD.country_id)
    IS DISTINCT FROM (NEW.name, NEW.email, NEW.street, NEW.city, NEW.postal_code, NEW.province_id,
      NEW.country_id))
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'supplier_id');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_currency AFTER UPDATE OF "code" ON "currencies"
  FOR EACH ROW WHEN (OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'currency_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_location AFTER UPDATE OF "name" ON "locations"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'ship_from_location_id');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_location AFTER UPDATE OF "name" ON "locations"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'ship_to_location_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_price_tier AFTER UPDATE OF "name" ON "price_tiers"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'price_tier_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_tax_setup AFTER UPDATE OF "name" ON "tax_setups"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'tax_setup_id');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_tax_setup AFTER UPDATE OF "name" ON "tax_setups"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'tax_setup_id');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_created_by AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'created_by');--> statement-breakpoint
CREATE TRIGGER plantline_sales_order_updated_by AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('sales_orders', 'updated_by');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_created_by AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'created_by');--> statement-breakpoint
CREATE TRIGGER plantline_purchase_order_updated_by AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_order_labels_follow('purchase_orders', 'updated_by');
