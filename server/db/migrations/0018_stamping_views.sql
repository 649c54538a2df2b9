-- The stamping reports (docs/domain/production.md §3.6) as read-only views, columns of the entity
-- pattern as in migrations 0013 and 0015 (id, row_seq, version, updated_at, updated_by). Days are
-- the plant's (America/Toronto).
--
-- stamping-logs: every event of every stamping order from status_transitions, with the reels
-- and their serials, the counter readings and, for a finish, the counts it carried.
CREATE VIEW "stamping_order_event_log" AS
SELECT e.id, e.seq AS row_seq, 1 AS version, e.created_at AS updated_at, e.created_by AS updated_by,
       e.created_at, (e.created_at AT TIME ZONE 'America/Toronto')::date AS day,
       e.entity_id AS stamping_order_id, o.number, o.production_order_id, o.product_id,
       o.machine_id, o.stamp_jurisdiction_id,
       e.event, e.from_status, e.to_status, e.reason,
       (SELECT string_agg(r.reel_no || coalesce(' ' || l.first_serial || '–' || l.last_serial, ''),
                          ', ' ORDER BY l.id)
          FROM stamping_order_reels l JOIN stamp_reels r ON r.id = l.reel_id
         WHERE l.stamping_order_id = e.entity_id) AS reels,
       CASE WHEN e.event IN ('issue', 'finish') THEN o.counter_start END AS counter_start,
       (e.payload ->> 'counter_end')::bigint AS counter_end,
       (SELECT sum((x ->> 'applied')::int) FROM jsonb_array_elements(e.payload -> 'reels') x) AS applied,
       (SELECT sum((x ->> 'wasted')::int) FROM jsonb_array_elements(e.payload -> 'reels') x) AS wasted,
       (SELECT sum((x ->> 'damaged')::int) FROM jsonb_array_elements(e.payload -> 'reels') x) AS damaged,
       (SELECT sum((x ->> 'returned')::int) FROM jsonb_array_elements(e.payload -> 'reels') x) AS returned,
       (e.payload ->> 'wasted_bottles')::int AS wasted_bottles,
       e.created_by AS user_id
  FROM status_transitions e
  JOIN product_stamping_orders o ON o.id = e.entity_id
 WHERE e.entity_type = 'product_stamping_orders';
--> statement-breakpoint
-- stamping-wasted-bottles: per finished stamping order, stamped units and wasted bottles as
-- they stand (corrections included), waste % = wasted / (stamped + wasted) and the alert above
-- `production.stamping_waste_alert_pct`.
CREATE VIEW "stamping_wasted_bottles" AS
SELECT o.id, o.seq AS row_seq, o.version, o.updated_at, o.updated_by,
       (o.finished_at AT TIME ZONE 'America/Toronto')::date AS day,
       o.number, o.production_order_id, o.machine_id, o.stamper_id, o.product_id,
       o.stamp_jurisdiction_id, o.stamped_units, o.wasted_bottles,
       round(100.0 * o.wasted_bottles / nullif(o.stamped_units + o.wasted_bottles, 0), 2) AS waste_pct,
       coalesce(round(100.0 * o.wasted_bottles / nullif(o.stamped_units + o.wasted_bottles, 0), 2)
                  > (SELECT CASE WHEN jsonb_typeof(s.value) = 'number' THEN (s.value #>> '{}')::numeric END
                       FROM settings s WHERE s.key = 'production.stamping_waste_alert_pct'),
                false) AS alert
  FROM product_stamping_orders o
 WHERE o.status = 'finished';
