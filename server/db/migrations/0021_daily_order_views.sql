-- Daily order and recipe reports (docs/domain/production.md §3.6) as read-only views, with the
-- columns the entity pattern reads (id, row_seq, version, updated_at, updated_by; see migration
-- 0013).
--
-- daily_order_lines_report: one row per daily order line (one product per daily order), with
-- what its production order made. produced = the finished units its `produce` movements
-- brought in; transferred = what its transfers delivered. **decision:** delivered is the
-- transferred units when the order's flow has a transfer step, else the produced units; the
-- fill rate is delivered ÷ requested.
CREATE VIEW "daily_order_lines_report" AS
SELECT l.id, greatest(l.seq, d.seq, coalesce(o.seq, 0)) AS row_seq, 1 AS version,
       greatest(l.updated_at, d.updated_at) AS updated_at, NULL::bigint AS updated_by,
       d.id AS daily_order_id, d.number, d.order_date, d.location_id, d.status,
       d.requested_by, l.product_id, l.qty_units AS requested_units, l.priority, l.line_status,
       l.production_order_id, o.number AS production_order_number,
       o.status AS production_order_status, o.stage AS production_order_stage,
       coalesce(pm.produced, 0)::int AS produced_units,
       coalesce(o.transferred_units, 0) AS transferred_units,
       dl.delivered::int AS delivered_units,
       round(dl.delivered * 100.0 / l.qty_units, 2) AS fill_rate_pct
  FROM daily_order_lines l
  JOIN daily_orders d ON d.id = l.daily_order_id
  LEFT JOIN production_orders o ON o.id = l.production_order_id
  LEFT JOIN LATERAL (
    SELECT sum(m.qty) AS produced FROM stock_movements m
     WHERE m.source_type = 'production_orders' AND m.source_id = o.id
       AND m.movement_type = 'produce' AND m.product_id = o.product_id) pm ON true
  LEFT JOIN LATERAL (
    SELECT CASE WHEN EXISTS (SELECT 1 FROM flow_actions fa JOIN phases ph ON ph.id = fa.phase_id
                              WHERE fa.flow_id = o.flow_id AND ph.code = 'transfer')
                THEN coalesce(o.transferred_units, 0)
                ELSE coalesce(pm.produced, 0) END AS delivered) dl ON true;
--> statement-breakpoint
-- recipes_report: one row per recipe version and ingredient, with who approved it and where it
-- is used: the products pointing at it, and the open production orders (pinned to it, or of a
-- product pointing at it while still unreleased).
CREATE VIEW "recipes_report" AS
SELECT i.id, greatest(r.seq, i.seq) AS row_seq, 1 AS version,
       greatest(r.updated_at, i.updated_at) AS updated_at, NULL::bigint AS updated_by,
       r.id AS recipe_id, r.code, r.recipe_version, r.name, r.status, r.product_id AS bulk_product_id,
       r.target_nicotine_mg, r.basis, r.batch_basis_ml, r.approved_by, r.approved_at,
       i.product_id, i.percentage, i.is_fill, i.sort,
       (SELECT string_agg(p.sku, ', ' ORDER BY p.sku) FROM products p
         WHERE p.recipe_id = r.id) AS used_by_products,
       (SELECT count(*)::int FROM products p WHERE p.recipe_id = r.id) AS used_by_product_count,
       (SELECT count(*)::int FROM production_orders o
         WHERE o.status NOT IN ('completed', 'closed', 'cancelled', 'scrapped')
           AND (o.recipe_id = r.id
                OR (o.recipe_id IS NULL AND EXISTS (
                      SELECT 1 FROM products p WHERE p.id = o.product_id AND p.recipe_id = r.id))))
         AS open_order_count
  FROM recipe_ingredients i
  JOIN recipes r ON r.id = i.recipe_id;
