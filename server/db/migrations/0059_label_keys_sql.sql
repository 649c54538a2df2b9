-- Hand-written half of 0057_label_keys: triggers and trigram indexes, which drizzle-kit writes
-- neither of. Two copies the database keeps right by itself, in the transaction of the change
-- they follow, so no writer can forget them.
--
-- 1. The ledger's labels (schema/stock.ts), as 0052_ledger_product_keys_sql keeps its product's:
-- existing rows filled once with user triggers off (the append-only trigger of row-stamps.ts),
-- a new movement given its lot's number, location's name, bin's code, document's number and
-- author's name whatever its writer sent, and a rename of any of them rewriting its movements
-- (the append-only trigger lets exactly these columns change).
CREATE OR REPLACE FUNCTION plantline_document_number(varchar, bigint) RETURNS varchar AS $$
  -- Keyed as movement-documents.ts documentNumber() (its sources are their tables' names);
  -- `stock_adjustment` is the inventory import's old name for stock_adjustments.
  SELECT CASE $1
    WHEN 'receivings' THEN (SELECT d.number FROM receivings d WHERE d.id = $2)
    WHEN 'stock_adjustments' THEN (SELECT d.number FROM stock_adjustments d WHERE d.id = $2)
    WHEN 'stock_adjustment' THEN (SELECT d.number FROM stock_adjustments d WHERE d.id = $2)
    WHEN 'stock_counts' THEN (SELECT d.number FROM stock_counts d WHERE d.id = $2)
    WHEN 'transfers' THEN (SELECT d.number FROM transfers d WHERE d.id = $2)
    WHEN 'allocations' THEN (SELECT d.number FROM allocations d WHERE d.id = $2)
    WHEN 'production_orders' THEN (SELECT d.number FROM production_orders d WHERE d.id = $2)
    WHEN 'production_recoveries' THEN (SELECT d.number FROM production_recoveries d WHERE d.id = $2)
    WHEN 'production_order_corrections' THEN (SELECT d.number FROM production_order_corrections d WHERE d.id = $2)
    WHEN 'product_stamping_orders' THEN (SELECT d.number FROM product_stamping_orders d WHERE d.id = $2)
    WHEN 'product_stamping_order_corrections' THEN (SELECT d.number FROM product_stamping_order_corrections d WHERE d.id = $2)
    WHEN 'lab_receivings' THEN (SELECT d.number FROM lab_receivings d WHERE d.id = $2)
    WHEN 'assembly_orders' THEN (SELECT d.number FROM assembly_orders d WHERE d.id = $2)
  END
$$ LANGUAGE sql STABLE;--> statement-breakpoint
ALTER TABLE "stock_movements" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "stock_movements" m SET
  "lot_no" = (SELECT l.lot_no FROM stock_lots l WHERE l.id = m.lot_id),
  "location_name" = (SELECT x.name FROM locations x WHERE x.id = m.location_id),
  "bin_code" = (SELECT b.code FROM bins b WHERE b.id = m.bin_id),
  "document_number" = plantline_document_number(m.source_type, m.source_id),
  "created_by_name" = (SELECT u.name FROM users u WHERE u.id = m.created_by);--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_movement_labels() RETURNS trigger AS $$
BEGIN
  NEW.lot_no := (SELECT l.lot_no FROM stock_lots l WHERE l.id = NEW.lot_id);
  NEW.location_name := (SELECT x.name FROM locations x WHERE x.id = NEW.location_id);
  NEW.bin_code := (SELECT b.code FROM bins b WHERE b.id = NEW.bin_id);
  NEW.document_number := plantline_document_number(NEW.source_type, NEW.source_id);
  NEW.created_by_name := (SELECT u.name FROM users u WHERE u.id = NEW.created_by);
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_movement_labels BEFORE INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION plantline_movement_labels();--> statement-breakpoint
-- One function for every renamed row: each branch reads only its own table's columns.
CREATE OR REPLACE FUNCTION plantline_movement_label_renamed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'stock_lots' THEN
    UPDATE stock_movements SET lot_no = NEW.lot_no WHERE lot_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'locations' THEN
    UPDATE stock_movements SET location_name = NEW.name WHERE location_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'bins' THEN
    UPDATE stock_movements SET bin_code = NEW.code WHERE bin_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    UPDATE stock_movements SET created_by_name = NEW.name WHERE created_by = NEW.id;
  ELSE
    -- A document numbered (most are, right after their insert) or renumbered.
    UPDATE stock_movements SET document_number = NEW.number
     WHERE source_id = NEW.id
       AND source_type IN (TG_TABLE_NAME, CASE TG_TABLE_NAME WHEN 'stock_adjustments' THEN 'stock_adjustment' END);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_movement_label_renamed AFTER UPDATE OF "lot_no" ON "stock_lots"
  FOR EACH ROW WHEN (OLD.lot_no IS DISTINCT FROM NEW.lot_no)
  EXECUTE FUNCTION plantline_movement_label_renamed();--> statement-breakpoint
CREATE TRIGGER plantline_movement_label_renamed AFTER UPDATE OF "name" ON "locations"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_movement_label_renamed();--> statement-breakpoint
CREATE TRIGGER plantline_movement_label_renamed AFTER UPDATE OF "code" ON "bins"
  FOR EACH ROW WHEN (OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION plantline_movement_label_renamed();--> statement-breakpoint
CREATE TRIGGER plantline_movement_label_renamed AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION plantline_movement_label_renamed();--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['receivings', 'stock_adjustments', 'stock_counts', 'transfers',
    'allocations', 'production_orders', 'production_recoveries', 'production_order_corrections',
    'product_stamping_orders', 'product_stamping_order_corrections', 'lab_receivings',
    'assembly_orders']
  LOOP
    EXECUTE format('CREATE TRIGGER plantline_movement_label_renamed AFTER UPDATE OF "number" ON %I
      FOR EACH ROW WHEN (OLD.number IS DISTINCT FROM NEW.number)
      EXECUTE FUNCTION plantline_movement_label_renamed()', t);
  END LOOP;
END $$;--> statement-breakpoint
-- `contains` is `ilike '%…%'` (compile-filter.ts), which only a trigram index serves.
CREATE INDEX "stock_movements_lot_no_trgm_idx" ON "stock_movements" USING gin ("lot_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_location_name_trgm_idx" ON "stock_movements" USING gin ("location_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_bin_code_trgm_idx" ON "stock_movements" USING gin ("bin_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_document_number_trgm_idx" ON "stock_movements" USING gin ("document_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_created_by_name_trgm_idx" ON "stock_movements" USING gin ("created_by_name" gin_trgm_ops);--> statement-breakpoint
-- 2. The potency charts' points (schema/potency-points.ts): each result with a % of claim on
-- the chart of its order's product, its recipe and every batcher of its batching step, found
-- again from scratch whenever any of those facts changes.
CREATE OR REPLACE FUNCTION plantline_potency_points_refresh(results bigint[]) RETURNS void AS $$
BEGIN
  DELETE FROM potency_points WHERE hplc_result_id = ANY (results);
  INSERT INTO potency_points (hplc_result_id, subject, subject_id, tested_at)
  SELECT s.id, x.subject, x.subject_id, s.tested_at
    FROM hplc_results s
    JOIN hplc_requests q ON q.id = s.hplc_request_id
    JOIN production_orders o ON o.id = q.production_order_id
    CROSS JOIN LATERAL (
      SELECT 'product'::varchar, o.product_id
      UNION ALL SELECT 'recipe', o.recipe_id
      UNION SELECT 'batcher', p.assigned_to FROM production_order_operations p
        JOIN phases h ON h.id = p.phase_id AND h.code = 'batching'
       WHERE p.production_order_id = o.id
    ) x(subject, subject_id)
   WHERE s.id = ANY (results) AND s.percent_of_claim IS NOT NULL AND x.subject_id IS NOT NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT plantline_potency_points_refresh(ARRAY(SELECT id FROM hplc_results));--> statement-breakpoint
-- The results of the orders a change touched, for the triggers below.
CREATE OR REPLACE FUNCTION plantline_potency_results_of(orders bigint[]) RETURNS bigint[] AS $$
  SELECT ARRAY(SELECT s.id FROM hplc_requests q JOIN hplc_results s ON s.hplc_request_id = q.id
                WHERE q.production_order_id = ANY (orders))
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- Results recorded: statement by statement, so a bulk insert refreshes once.
CREATE OR REPLACE FUNCTION plantline_potency_results_added() RETURNS trigger AS $$
BEGIN
  PERFORM plantline_potency_points_refresh(ARRAY(SELECT id FROM added));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_potency_results_added AFTER INSERT ON "hplc_results"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION plantline_potency_results_added();--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantline_potency_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'hplc_results' THEN
    PERFORM plantline_potency_points_refresh(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME = 'hplc_requests' THEN
    PERFORM plantline_potency_points_refresh(ARRAY(SELECT s.id FROM hplc_results s WHERE s.hplc_request_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'production_orders' THEN
    PERFORM plantline_potency_points_refresh(plantline_potency_results_of(ARRAY[NEW.id]));
  ELSIF TG_TABLE_NAME = 'phases' THEN
    PERFORM plantline_potency_points_refresh(plantline_potency_results_of(ARRAY(
      SELECT p.production_order_id FROM production_order_operations p WHERE p.phase_id = NEW.id)));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM plantline_potency_points_refresh(plantline_potency_results_of(ARRAY(
      SELECT DISTINCT a.production_order_id FROM added a)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM plantline_potency_points_refresh(plantline_potency_results_of(ARRAY[OLD.production_order_id]));
  ELSE
    PERFORM plantline_potency_points_refresh(plantline_potency_results_of(ARRAY[OLD.production_order_id, NEW.production_order_id]));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER plantline_potency_changed AFTER UPDATE OF "hplc_request_id", "tested_at", "percent_of_claim" ON "hplc_results"
  FOR EACH ROW WHEN (OLD.hplc_request_id IS DISTINCT FROM NEW.hplc_request_id
    OR OLD.tested_at IS DISTINCT FROM NEW.tested_at
    OR OLD.percent_of_claim IS DISTINCT FROM NEW.percent_of_claim)
  EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
CREATE TRIGGER plantline_potency_changed AFTER UPDATE OF "production_order_id" ON "hplc_requests"
  FOR EACH ROW WHEN (OLD.production_order_id IS DISTINCT FROM NEW.production_order_id)
  EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
CREATE TRIGGER plantline_potency_changed AFTER UPDATE OF "product_id", "recipe_id" ON "production_orders"
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.recipe_id IS DISTINCT FROM NEW.recipe_id)
  EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
CREATE TRIGGER plantline_potency_changed AFTER UPDATE OF "code" ON "phases"
  FOR EACH ROW WHEN ((OLD.code = 'batching') IS DISTINCT FROM (NEW.code = 'batching'))
  EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
-- A batching step's batcher: operations arrive by the flow's whole set (statement by
-- statement), and are reassigned or removed one at a time.
CREATE TRIGGER plantline_potency_steps_added AFTER INSERT ON "production_order_operations"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
CREATE TRIGGER plantline_potency_changed AFTER UPDATE OF "production_order_id", "phase_id", "assigned_to" ON "production_order_operations"
  FOR EACH ROW WHEN (OLD.production_order_id IS DISTINCT FROM NEW.production_order_id
    OR OLD.phase_id IS DISTINCT FROM NEW.phase_id
    OR OLD.assigned_to IS DISTINCT FROM NEW.assigned_to)
  EXECUTE FUNCTION plantline_potency_changed();--> statement-breakpoint
CREATE TRIGGER plantline_potency_step_removed AFTER DELETE ON "production_order_operations"
  FOR EACH ROW EXECUTE FUNCTION plantline_potency_changed();
