-- The monthly vaping duty report (docs/domain/sales.md "Vaping duty") as a read-only view with
-- the entity pattern's columns (id, row_seq, version, updated_at, updated_by): by month of
-- shipment at the plant, stamp jurisdiction and product, the units shipped on sales orders (the
-- goods that entered the duty-paid market) and the duty their order lines were figured with.
-- A row's id is its month and product (yyyymm × 10^9 + product id): a product has one stamp.
-- Its version counts its shipments, so a live list takes a row a new shipment grew.
CREATE VIEW "vaping_duty_shipments" AS
SELECT (to_char(s.moved_at AT TIME ZONE s.zone, 'YYYYMM')::bigint * 1000000000 + s.product_id) AS id,
       max(s.seq) AS row_seq, count(*)::int AS version, max(s.moved_at) AS updated_at, NULL::bigint AS updated_by,
       to_char(s.moved_at AT TIME ZONE s.zone, 'YYYY-MM') AS month,
       s.stamp_jurisdiction_id, s.product_id,
       sum(s.units) AS units,
       sum(s.units * s.federal_duty) AS federal_duty,
       sum(s.units * s.provincial_duty) AS provincial_duty,
       sum(s.units * s.duty_per_unit) AS duty_total
  FROM (SELECT m.seq, m.moved_at, m.product_id, -m.qty AS units, p.stamp_jurisdiction_id,
               d.federal_duty, d.provincial_duty, d.duty_per_unit,
               coalesce(nullif(current_setting('plantline.time_zone', true), ''), 'America/Toronto') AS zone
          FROM stock_movements m
          JOIN allocation_lines al ON al.id = m.source_line_id
          JOIN sales_order_line_duties d ON d.sales_order_line_id = al.sales_order_line_id
          JOIN products p ON p.id = m.product_id
         WHERE m.movement_type = 'ship' AND m.source_type = 'allocations'
           AND p.stamp_jurisdiction_id IS NOT NULL) s
 GROUP BY to_char(s.moved_at AT TIME ZONE s.zone, 'YYYYMM'), to_char(s.moved_at AT TIME ZONE s.zone, 'YYYY-MM'),
          s.stamp_jurisdiction_id, s.product_id;
