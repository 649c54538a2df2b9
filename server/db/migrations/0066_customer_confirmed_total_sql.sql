-- Hand-written half of 0065_customer_confirmed_total: the customer's confirmed orders total,
-- filled from the orders there are and kept by the database in the transaction of each change to
-- an order, so no writer can forget it. Two orders of one customer changing at once both update
-- the customer's row: the second waits for the first and adds to what it left.
UPDATE "customers" c SET "confirmed_orders_total" = coalesce(
  (SELECT sum(o.total) FROM sales_orders o WHERE o.customer_id = c.id AND o.status = 'confirmed'), 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_customer_confirmed_total() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' THEN
    UPDATE customers SET confirmed_orders_total = confirmed_orders_total - OLD.total
     WHERE id = OLD.customer_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'confirmed' THEN
    UPDATE customers SET confirmed_orders_total = confirmed_orders_total + NEW.total
     WHERE id = NEW.customer_id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_customer_confirmed_total AFTER INSERT OR DELETE ON "sales_orders"
  FOR EACH ROW EXECUTE FUNCTION plantline_customer_confirmed_total();--> statement-breakpoint
CREATE TRIGGER plantline_customer_confirmed_total_changed
  AFTER UPDATE OF "status", "total", "customer_id" ON "sales_orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR (NEW.status = 'confirmed' AND (OLD.total IS DISTINCT FROM NEW.total
      OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)))
  EXECUTE FUNCTION plantline_customer_confirmed_total();
