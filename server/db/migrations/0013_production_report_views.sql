-- Production reports (docs/domain/production.md §3.6) as read-only views: the entity routes filter,
-- sort, page and export them like any table. Stage figures come from the orders' status_transitions
-- (one row per event, with the counts it carried); days are the plant's (America/Toronto).
-- Every view has the columns the entity pattern reads: id (stable per row), row_seq (newest
-- change behind the row, for the delta poll; not named `seq`, which would ask the row-stamp
-- start-up step for an update trigger on it), version, updated_at, updated_by.

CREATE VIEW "production_order_phase_times" AS
SELECT t.entity_id AS production_order_id,
       min(t.created_at) FILTER (WHERE t.event = 'release') AS released_at,
       max(t.created_at) FILTER (WHERE t.event = 'start_batching') AS batching_started_at,
       max(t.created_at) FILTER (WHERE t.event = 'finish_batching') AS batching_finished_at,
       max(t.created_at) FILTER (WHERE t.event = 'start_bottling') AS bottling_started_at,
       max(t.created_at) FILTER (WHERE t.event = 'finish_bottling') AS bottling_finished_at,
       max(t.created_at) FILTER (WHERE t.event = 'finish_labeling') AS labeling_finished_at,
       max(t.seq) AS row_seq
  FROM status_transitions t
 WHERE t.entity_type = 'production_orders'
 GROUP BY t.entity_id;
--> statement-breakpoint
CREATE VIEW "production_master_report" AS
SELECT o.id, o.seq AS row_seq, 1 AS version, o.updated_at, NULL::bigint AS updated_by,
       o.number, o.product_id, o.status, o.stage, o.hplc_status, o.due_date,
       o.planned_units, o.planned_ml, o.actual_batch_ml,
       o.bottled_units, o.bottling_waste_units, o.labeled_units, o.label_waste_units,
       o.stamped_units, o.stamping_waste_units, o.transferred_units,
       (SELECT r.percent_of_claim FROM hplc_results r JOIN hplc_requests q ON q.id = r.hplc_request_id
         WHERE q.production_order_id = o.id ORDER BY q.sample_no DESC, r.id DESC LIMIT 1) AS hplc_pct,
       (SELECT count(*)::int FROM hplc_results r JOIN hplc_requests q ON q.id = r.hplc_request_id
         WHERE q.production_order_id = o.id) AS hplc_tests,
       pt.released_at, pt.batching_started_at, pt.batching_finished_at,
       round((extract(epoch FROM pt.batching_finished_at - pt.batching_started_at) / 60)::numeric, 1) AS batching_minutes,
       pt.bottling_started_at, pt.bottling_finished_at,
       round((extract(epoch FROM pt.bottling_finished_at - pt.bottling_started_at) / 60)::numeric, 1) AS bottling_minutes,
       pt.labeling_finished_at,
       round((extract(epoch FROM pt.labeling_finished_at - pt.bottling_finished_at) / 60)::numeric, 1) AS labeling_minutes,
       o.completed_at, o.closed_at
  FROM production_orders o
  LEFT JOIN production_order_phase_times pt ON pt.production_order_id = o.id
 WHERE o.status NOT IN ('draft', 'pending_approval', 'approved');
--> statement-breakpoint
CREATE VIEW "production_volume_variance" AS
SELECT o.id, o.seq AS row_seq, 1 AS version, o.updated_at, NULL::bigint AS updated_by,
       o.number, o.product_id, o.status,
       (pt.batching_finished_at AT TIME ZONE 'America/Toronto')::date AS batched_on,
       p.volume_ml, o.planned_ml, o.actual_batch_ml,
       o.actual_batch_ml - o.planned_ml AS variance_ml,
       CASE WHEN o.planned_ml > 0
            THEN round((o.actual_batch_ml - o.planned_ml) / o.planned_ml * 100, 2) END AS variance_pct,
       o.bottled_units,
       o.bottled_units * coalesce(p.volume_ml, 0) AS bottled_ml,
       round(o.bottled_units * coalesce(p.volume_ml, 0) / o.actual_batch_ml * 100, 2) AS yield_pct,
       o.actual_batch_ml - o.bottled_units * coalesce(p.volume_ml, 0) AS loss_ml
  FROM production_orders o
  JOIN products p ON p.id = o.product_id
  LEFT JOIN production_order_phase_times pt ON pt.production_order_id = o.id
 WHERE o.actual_batch_ml > 0;
--> statement-breakpoint
CREATE VIEW "production_hplc_report" AS
SELECT r.id, greatest(r.seq, q.seq) AS row_seq, 1 AS version, r.updated_at, NULL::bigint AS updated_by,
       r.hplc_request_id, q.number AS request_number, q.production_order_id,
       o.number AS production_order_number, q.product_id, q.lot_id, r.hplc_category_id,
       q.sample_no, q.reason, r.nominal_mg, r.measured_mg, r.percent_of_claim,
       r.min_pct, r.max_pct, r.passed,
       CASE WHEN r.override_passed IS NOT NULL THEN 'overridden'
            WHEN r.passed THEN 'passed' ELSE 'failed' END AS result,
       r.analyst_id, r.tested_at,
       (r.tested_at AT TIME ZONE 'America/Toronto')::date AS tested_on
  FROM hplc_results r
  JOIN hplc_requests q ON q.id = r.hplc_request_id
  LEFT JOIN production_orders o ON o.id = q.production_order_id;
--> statement-breakpoint
CREATE VIEW "production_summary_report" AS
SELECT o.product_id * 100000 + ((t.created_at AT TIME ZONE 'America/Toronto')::date - DATE '2000-01-01') AS id,
       max(t.seq) AS row_seq, 1 AS version, max(t.created_at) AS updated_at, NULL::bigint AS updated_by,
       (t.created_at AT TIME ZONE 'America/Toronto')::date AS day, o.product_id,
       count(DISTINCT t.entity_id)::int AS orders,
       coalesce(sum((t.payload ->> 'actual_batch_ml')::numeric) FILTER (WHERE t.event = 'finish_batching'), 0) AS batched_ml,
       coalesce(sum((t.payload ->> 'bottled_units')::int) FILTER (WHERE t.event = 'finish_bottling'), 0)::int AS bottled_units,
       coalesce(sum((t.payload ->> 'bottling_waste_units')::int) FILTER (WHERE t.event = 'finish_bottling'), 0)::int AS bottling_waste_units,
       coalesce(sum((t.payload ->> 'labeled_units')::int) FILTER (WHERE t.event = 'finish_labeling'), 0)::int AS labeled_units,
       coalesce(sum((t.payload ->> 'label_waste_units')::int) FILTER (WHERE t.event = 'finish_labeling'), 0)::int AS label_waste_units,
       coalesce(sum((t.payload ->> 'stamped_units')::int) FILTER (WHERE t.event = 'finish_stamping'), 0)::int AS stamped_units,
       coalesce(sum((t.payload ->> 'stamping_waste_units')::int) FILTER (WHERE t.event = 'finish_stamping'), 0)::int AS stamping_waste_units,
       coalesce(sum((t.payload ->> 'transferred_units')::int) FILTER (WHERE t.event = 'transfer_received'), 0)::int AS transferred_units
  FROM status_transitions t
  JOIN production_orders o ON o.id = t.entity_id
 WHERE t.entity_type = 'production_orders'
   AND t.event IN ('finish_batching', 'finish_bottling', 'finish_labeling', 'finish_stamping', 'transfer_received')
 GROUP BY 6, 7;
--> statement-breakpoint
CREATE VIEW "production_batching_summary" AS
SELECT o.product_id * 100000 + ((f.created_at AT TIME ZONE 'America/Toronto')::date - DATE '2000-01-01') AS id,
       max(f.seq) AS row_seq, 1 AS version, max(f.created_at) AS updated_at, NULL::bigint AS updated_by,
       (f.created_at AT TIME ZONE 'America/Toronto')::date AS day, o.product_id,
       count(*)::int AS batches,
       coalesce(sum(o.planned_ml), 0) AS planned_ml,
       coalesce(sum((f.payload ->> 'actual_batch_ml')::numeric), 0) AS batch_ml,
       round(avg(extract(epoch FROM f.created_at - s.started_at) / 60)::numeric, 1) AS avg_minutes
  FROM status_transitions f
  JOIN production_orders o ON o.id = f.entity_id
  LEFT JOIN LATERAL (
        SELECT max(s.created_at) AS started_at FROM status_transitions s
         WHERE s.entity_type = 'production_orders' AND s.entity_id = f.entity_id
           AND s.event = 'start_batching' AND s.id < f.id) s ON true
 WHERE f.entity_type = 'production_orders' AND f.event = 'finish_batching'
 GROUP BY 6, 7;
