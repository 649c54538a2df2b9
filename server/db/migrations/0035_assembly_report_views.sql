-- Assembly's reports (docs/domain/assembly.md §4) as views, read by the entity pattern like
-- production's. assembly/reports/stamping: each finished stamping of an assembly order, with its
-- reel and the counts the stamper typed (the transition's payload).
CREATE VIEW "assembly_stamping_log" AS
SELECT e.id, e.seq AS row_seq, 1 AS version, e.created_at AS updated_at, e.created_by AS updated_by,
       e.created_at, (e.created_at AT TIME ZONE 'America/Toronto')::date AS day,
       o.id AS assembly_order_id, o.number, o.product_id, o.stamp_jurisdiction_id,
       (e.payload ->> 'reel_id')::bigint AS reel_id,
       (SELECT r.reel_no FROM stamp_reels r WHERE r.id = (e.payload ->> 'reel_id')::bigint) AS reel_no,
       coalesce((e.payload ->> 'stamped_units')::int, 0) AS stamped,
       coalesce((e.payload ->> 'stamping_waste')::int, 0) AS wasted,
       coalesce((e.payload ->> 'damaged_stamps')::int, 0) AS damaged,
       e.created_by AS user_id
  FROM status_transitions e
  JOIN assembly_orders o ON o.id = e.entity_id
 WHERE e.entity_type = 'assembly_orders' AND e.event = 'finish_stamping';
--> statement-breakpoint
-- assembly/reports/reels-summary: per assembly reel, its stamps by what became of them and
-- the orders that took them.
CREATE VIEW "assembly_reels_summary" AS
SELECT r.id, r.seq AS row_seq, r.version, r.updated_at, r.updated_by,
       r.reel_no, r.stamp_jurisdiction_id, r.status, r.first_serial, r.last_serial, r.stamps_qty,
       coalesce((SELECT -sum(m.qty) FROM reel_movements m WHERE m.reel_id = r.id AND m.type = 'apply'), 0)::int AS applied,
       coalesce((SELECT -sum(m.qty) FROM reel_movements m WHERE m.reel_id = r.id AND m.type = 'waste'), 0)::int AS wasted,
       coalesce((SELECT -sum(m.qty) FROM reel_movements m WHERE m.reel_id = r.id AND m.type = 'damage'), 0)::int AS damaged,
       r.remaining_qty,
       (SELECT string_agg(DISTINCT o.number, ', ') FROM reel_movements m
          JOIN assembly_orders o ON o.id = m.assembly_order_id WHERE m.reel_id = r.id) AS orders
  FROM stamp_reels r
 WHERE r.module = 'assembly';
--> statement-breakpoint
-- assembly/reports/damaged-stamps: every damage movement of an assembly reel.
CREATE VIEW "assembly_damaged_stamps" AS
SELECT m.id, m.seq AS row_seq, 1 AS version, m.created_at AS updated_at, m.created_by AS updated_by,
       m.created_at, (m.created_at AT TIME ZONE 'America/Toronto')::date AS day,
       r.id AS reel_id, r.reel_no, r.first_serial, r.last_serial, -m.qty AS qty,
       coalesce((SELECT p.name FROM parameters p WHERE p.id = m.reason_id), m.note) AS reason,
       m.assembly_order_id, o.number, m.created_by AS user_id
  FROM reel_movements m
  JOIN stamp_reels r ON r.id = m.reel_id
  LEFT JOIN assembly_orders o ON o.id = m.assembly_order_id
 WHERE m.type = 'damage' AND r.module = 'assembly';
