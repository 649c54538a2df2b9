import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';

// The rows each queue of work-queues.ts counts and lists. Every query reads one table's rows at
// the step the queue waits for; a decision leaves out the rows the person asked for themselves
// (maker-checker: they could not take it), so nothing is listed that they cannot act on.

type QueueQuery = {
  /** FROM and JOINs; the listed row is `r`. */
  from: string;
  /** Which rows wait; `me` is the signed-in user's id, bound as a parameter. */
  where: (me: number) => SQL;
  /** The row's number or code, and one line saying what it is. */
  label: string;
  detail: string;
  /** Oldest or most urgent first: what should be taken next. */
  order: string;
};

const ORDER_FROM = 'production_orders r join products p on p.id = r.product_id';
const ORDER_DETAIL = `p.name || ' · ' || r.planned_units || ' units'`;

/** Production orders in progress at one of `stages`. */
const ordersAt = (...stages: string[]): QueueQuery => ({
  from: ORDER_FROM,
  where: () =>
    sql`r.status = 'in_progress' and r.stage in (${sql.join(
      stages.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  label: 'r.number',
  detail: ORDER_DETAIL,
  order: 'r.stage_since nulls first, r.id',
});

const TRANSFER_FROM =
  'transfers r join locations f on f.id = r.from_location_id join locations t on t.id = r.to_location_id';
const transfersAt = (status: string): QueueQuery => ({
  from: TRANSFER_FROM,
  where: () => sql`r.status = ${status}`,
  label: 'r.number',
  detail: `f.name || ' → ' || t.name`,
  order: 'r.requested_date nulls last, r.id',
});

const COUNT_FROM = 'stock_counts r join locations l on l.id = r.location_id';
const COUNT_DETAIL = `l.name || coalesce(' · ' || to_char(r.scheduled_date, 'MM/DD/YYYY'), '')`;

const REEL_FROM = 'stamp_reels r join parameters j on j.id = r.stamp_jurisdiction_id';
const REEL_DETAIL = `j.name || ' · ' || r.stamps_qty || ' stamps'`;

const WORK_ORDER_FROM = 'work_orders r join machines m on m.id = r.machine_id';
const WORK_ORDER_DETAIL = `m.code || ' · ' || r.priority || case when r.machine_down then ' · machine down' else '' end`;
const WORK_ORDER_ORDER = `case r.priority when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end, r.opened_at`;

export const QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  product_changes: {
    from: 'product_change_requests r join product_change_sets s on s.id = r.change_set_id left join products p on p.id = r.product_id',
    where: (me) => sql`r.status = 'submitted' and r.requested_by <> ${me}`,
    label: 's.number',
    detail: `r.action || ' ' || coalesce(p.sku, r.proposed->>'sku', '')`,
    order: 'r.id',
  },
  pending_orders: {
    from: ORDER_FROM,
    where: (me) => sql`r.status = 'pending_approval' and r.submitted_by is distinct from ${me}`,
    label: 'r.number',
    detail: ORDER_DETAIL,
    order: 'r.due_date, r.id',
  },
  hplc_failures: ordersAt('hplc_failed'),
  reel_receipts: {
    from: REEL_FROM,
    where: (me) => sql`r.status = 'received' and r.created_by is distinct from ${me}`,
    label: 'r.reel_no',
    detail: REEL_DETAIL,
    order: 'r.id',
  },
  recipes: {
    from: 'recipes r join products p on p.id = r.product_id',
    where: (me) => sql`r.status = 'pending_approval' and r.submitted_by is distinct from ${me}`,
    label: `r.code || coalesce(' v' || r.recipe_version, '')`,
    detail: 'p.name',
    order: 'r.id',
  },
  daily_orders: {
    from: 'daily_orders r join locations l on l.id = r.location_id',
    where: () => sql`r.status = 'submitted'`,
    label: 'r.number',
    detail: `to_char(r.order_date, 'MM/DD/YYYY') || ' · ' || l.name`,
    order: 'r.order_date, r.id',
  },
  order_corrections: {
    from: 'production_order_corrections r join production_orders o on o.id = r.production_order_id',
    where: (me) => sql`r.status = 'requested' and r.created_by is distinct from ${me}`,
    label: 'r.number',
    detail: `o.number || ' · ' || replace(r.field, '_', ' ')`,
    order: 'r.id',
  },
  stamping_corrections: {
    from: 'product_stamping_order_corrections r join product_stamping_orders o on o.id = r.stamping_order_id',
    where: (me) => sql`r.status = 'requested' and r.created_by is distinct from ${me}`,
    label: 'r.number',
    detail: `o.number || ' · ' || replace(r.field, '_', ' ')`,
    order: 'r.id',
  },
  work_order_requests: {
    from: WORK_ORDER_FROM,
    where: () => sql`r.status = 'requested'`,
    label: 'r.number',
    detail: WORK_ORDER_DETAIL,
    order: WORK_ORDER_ORDER,
  },
  stock_count_reviews: {
    from: COUNT_FROM,
    where: (me) =>
      sql`r.status in ('submitted', 'variance_review') and r.submitted_by is distinct from ${me}`,
    label: 'r.number',
    detail: COUNT_DETAIL,
    order: 'r.id',
  },
  // Released orders wait for their first pick and the start of batching.
  orders_to_batch: {
    from: ORDER_FROM,
    where: () => sql`r.status = 'released' or (r.status = 'in_progress' and r.stage = 'batching')`,
    label: 'r.number',
    detail: ORDER_DETAIL,
    order: 'r.due_date, r.id',
  },
  orders_in_hplc: ordersAt('hplc_pending'),
  orders_to_bottle: ordersAt('hplc_passed', 'bottling'),
  orders_to_label: ordersAt('labeling'),
  orders_to_stamp: ordersAt('stamping'),
  orders_to_transfer: ordersAt('transfer_pending'),
  reels_to_issue: {
    from: REEL_FROM,
    where: () => sql`r.status = 'requested'`,
    label: 'r.reel_no',
    detail: REEL_DETAIL,
    order: 'r.id',
  },
  transfers_to_prepare: transfersAt('requested'),
  transfers_to_ship: transfersAt('ready'),
  transfers_to_receive: transfersAt('in_transit'),
  counts_to_start: {
    from: COUNT_FROM,
    where: () => sql`r.status = 'scheduled'`,
    label: 'r.number',
    detail: COUNT_DETAIL,
    order: 'r.scheduled_date nulls last, r.id',
  },
  counts_to_count: {
    from: COUNT_FROM,
    where: () => sql`r.status in ('in_progress', 'recount')`,
    label: 'r.number',
    detail: COUNT_DETAIL,
    order: 'r.scheduled_date nulls last, r.id',
  },
  // A technician's open orders: those assigned to them and those nobody took yet.
  open_work_orders: {
    from: WORK_ORDER_FROM,
    where: (me) =>
      sql`r.status in ('open', 'in_progress', 'on_hold') and (r.assigned_to is null or r.assigned_to = ${me})`,
    label: 'r.number',
    detail: WORK_ORDER_DETAIL,
    order: WORK_ORDER_ORDER,
  },
};

export type QueueRows = { count: number; rows: { id: number; label: string; detail: string }[] };

type Row = {
  id: number | string;
  label: string | null;
  detail: string | null;
  total: number | string;
};

/** The first `limit` rows of a queue and how many wait in all, in one read. */
export async function readQueue(
  db: Db,
  query: QueueQuery,
  me: number,
  limit: number,
): Promise<QueueRows> {
  const rows = await queryRows<Row>(
    db,
    sql`select r.id, ${sql.raw(query.label)} as label, ${sql.raw(query.detail)} as detail,
          count(*) over () as total
        from ${sql.raw(query.from)}
        where ${query.where(me)}
        order by ${sql.raw(query.order)}
        limit ${limit}`,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({ id: Number(r.id), label: r.label ?? '', detail: r.detail ?? '' })),
  };
}
