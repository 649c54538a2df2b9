-- The production logs (docs/domain/production.md §3.6: batching-logs, production-logs) as one
-- read-only view: every event of every production order from status_transitions, with the phase it
-- belongs to, the counts it carried, the minutes since its phase started (finishing events), and
-- the machine and cart of that phase's operation. Columns of the entity pattern as in migration
-- 0013: id, row_seq (not `seq`, which would get a row-stamp trigger), version, updated_at,
-- updated_by. Days are the plant's (America/Toronto).

CREATE VIEW "production_order_event_log" AS
SELECT e.id, e.seq AS row_seq, 1 AS version, e.created_at AS updated_at, e.created_by AS updated_by,
       e.created_at, (e.created_at AT TIME ZONE 'America/Toronto')::date AS day,
       e.entity_id AS production_order_id, o.number, o.product_id,
       e.phase, e.event, e.from_status, e.to_status, e.reason,
       (e.payload ->> 'actual_batch_ml')::numeric AS batch_ml,
       coalesce((e.payload ->> 'bottled_units')::int, (e.payload ->> 'labeled_units')::int,
                (e.payload ->> 'stamped_units')::int, (e.payload ->> 'transferred_units')::int) AS good_units,
       coalesce((e.payload ->> 'bottling_waste_units')::int, (e.payload ->> 'label_waste_units')::int,
                (e.payload ->> 'stamping_waste_units')::int) AS waste_units,
       round((extract(epoch FROM e.created_at - s.started_at) / 60)::numeric, 1) AS minutes,
       op.machine_id, op.cart_id, op.operation_id,
       e.created_by AS user_id
  FROM (SELECT t.*,
               CASE WHEN t.event IN ('start_batching', 'finish_batching') THEN 'batching'
                    WHEN t.event IN ('hplc_pass', 'hplc_fail', 'retest', 'rework', 'override') THEN 'hplc'
                    WHEN t.event IN ('start_bottling', 'finish_bottling') THEN 'bottling'
                    WHEN t.event = 'finish_labeling' THEN 'labeling'
                    WHEN t.event = 'finish_stamping' THEN 'stamping'
                    WHEN t.event = 'transfer_received' THEN 'transfer'
                    ELSE 'order' END AS phase
          FROM status_transitions t
         WHERE t.entity_type = 'production_orders') e
  JOIN production_orders o ON o.id = e.entity_id
  LEFT JOIN LATERAL (
        SELECT max(s.created_at) AS started_at FROM status_transitions s
         WHERE s.entity_type = 'production_orders' AND s.entity_id = e.entity_id AND s.id < e.id
           AND s.event = CASE e.event WHEN 'finish_batching' THEN 'start_batching'
                                      WHEN 'finish_bottling' THEN 'start_bottling'
                                      WHEN 'finish_labeling' THEN 'finish_bottling' END) s ON true
  LEFT JOIN LATERAL (
        SELECT po.machine_id, po.cart_id, po.operation_id FROM production_order_operations po
          JOIN phases p ON p.id = po.phase_id
         WHERE po.production_order_id = e.entity_id AND p.code = e.phase
         ORDER BY po.seq LIMIT 1) op ON true;
