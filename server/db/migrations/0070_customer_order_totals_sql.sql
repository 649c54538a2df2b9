-- Hand-written half of 0069_customer_order_totals: each customer's confirmed orders total moves
-- off the customer's row into a row of its own (schema/sales.ts says why), filled from the
-- orders there are and kept by the same triggers on sales_orders (0066), whose function now
-- writes there. The first confirmed order of a customer makes its row; two at once both land
-- on it, the second adding to what the first left.
INSERT INTO "customer_order_totals" ("customer_id", "confirmed_total")
SELECT o.customer_id, sum(o.total) FROM sales_orders o
 WHERE o.status = 'confirmed' GROUP BY o.customer_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_customer_confirmed_total() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' THEN
    UPDATE customer_order_totals SET confirmed_total = confirmed_total - OLD.total
     WHERE customer_id = OLD.customer_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'confirmed' THEN
    INSERT INTO customer_order_totals AS t (customer_id, confirmed_total)
    VALUES (NEW.customer_id, NEW.total)
    ON CONFLICT (customer_id) DO UPDATE SET confirmed_total = t.confirmed_total + excluded.confirmed_total;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
