import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { countOverTolerance } from '../../../db/stock/count-tolerance.ts';
import type { QueueQuery } from './queue-query.ts';
import { rowIn } from './row-in.ts';
import { WORK_QUEUES } from '../../../../src/machines/workflows/work-queues.ts';
import type { WorkQueue } from '../../../../src/machines/workflows/work-queue.ts';
import { serverModules } from '../../../server-modules.ts';
import { SUPPLY_QUEUE_QUERIES } from './supply-work.queries.ts';

// The rows each queue of work-queues.ts counts and lists. Every query reads one table's rows at
// the step the queue waits for; a decision leaves out the rows the person asked for themselves
// (maker-checker: they could not take it), so nothing is listed that they cannot act on.

const ORDER_FROM = 'production_orders r join products p on p.id = r.product_id';
const ORDER_DETAIL = `p.name || ' · ' || r.planned_units || ' units'`;

/** Production orders in progress at one of `stages`. */
const ordersAt = (...stages: string[]): QueueQuery => ({
  from: ORDER_FROM,
  where: () => sql`r.status = 'in_progress' and ${rowIn('stage', stages)}`,
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

const LAYERED_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  discounts: {
    from: 'discounts r',
    where: (me) => sql`r.status = 'pending_approval' and r.submitted_by is distinct from ${me}`,
    label: 'r.code',
    detail: `r.name || ' · ' || case r.kind when 'percent' then r.value::float8 || ' %' else r.value::float8 || ' off each unit' end`,
    order: 'r.id',
    inbox: { requester: 'r.submitted_by', doc: sql`'submitted_by', r.submitted_by` },
  },
  product_changes: {
    from: 'product_change_requests r join product_change_sets s on s.id = r.change_set_id left join products p on p.id = r.product_id',
    where: (me) => sql`r.status = 'submitted' and r.requested_by <> ${me}`,
    label: 's.number',
    detail: `r.action || ' ' || coalesce(p.sku, r.proposed->>'sku', '')`,
    order: 'r.id',
    inbox: { requester: 'r.requested_by', doc: sql`'requested_by', r.requested_by` },
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
    inbox: { requester: 'r.created_by', doc: sql`'created_by', r.created_by` },
  },
  reel_requests: {
    from: 'stamp_reel_requests r join parameters j on j.id = r.stamp_jurisdiction_id',
    where: (me) => sql`r.status = 'pending' and r.created_by is distinct from ${me}`,
    label: `'Reel request ' || j.code`,
    detail: REEL_DETAIL,
    order: 'r.id',
    inbox: { requester: 'r.created_by', doc: sql`'created_by', r.created_by` },
  },
  recipes: {
    from: 'recipes r join products p on p.id = r.product_id',
    where: (me) => sql`r.status = 'pending_approval' and r.submitted_by is distinct from ${me}`,
    label: `r.code || coalesce(' v' || r.recipe_version, '')`,
    detail: 'p.name',
    order: 'r.id',
    inbox: { requester: 'r.submitted_by', doc: sql`'submitted_by', r.submitted_by` },
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
    inbox: {
      requester: 'r.created_by',
      doc: sql`'created_by', r.created_by, 'production_order_status', o.status`,
    },
  },
  stamping_corrections: {
    from: 'product_stamping_order_corrections r join product_stamping_orders o on o.id = r.stamping_order_id',
    where: (me) => sql`r.status = 'requested' and r.created_by is distinct from ${me}`,
    label: 'r.number',
    detail: `o.number || ' · ' || replace(r.field, '_', ' ')`,
    order: 'r.id',
    inbox: {
      requester: 'r.created_by',
      doc: sql`'created_by', r.created_by, 'stamping_order_status', o.status`,
    },
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
    inbox: {
      requester: 'r.submitted_by',
      doc: sql`'submitted_by', r.submitted_by, 'over_tolerance', ${countOverTolerance(sql.raw('r.id'))}`,
    },
  },
  purchase_approvals: {
    from: 'purchase_orders r join suppliers s on s.id = r.supplier_id',
    where: (me) => sql`r.status = 'pending_approval' and r.submitted_by is distinct from ${me}`,
    label: 'r.number',
    detail: `s.name || ' · ' || to_char(r.total_cad, 'FM999,999,990.00') || ' CAD'`,
    order: 'r.id',
    inbox: {
      requester: 'r.submitted_by',
      doc: sql`'submitted_by', r.submitted_by, 'needs_approval', true`,
    },
  },
  // Drafts the seller cannot confirm: their total takes the customer's confirmed orders over
  // its credit limit (as the sales order route's over_credit_limit fact reads it).
  credit_overrides: {
    from: 'sales_orders r join customers c on c.id = r.customer_id',
    where: (me) => sql`r.status = 'draft' and r.created_by is distinct from ${me}
      and exists (select 1 from sales_order_lines l where l.sales_order_id = r.id)
      and coalesce((select sum(o.total) from sales_orders o where o.customer_id = r.customer_id
        and o.status = 'confirmed' and o.id <> r.id), 0) + r.total > c.credit_limit`,
    label: 'r.number',
    detail: `c.name || ' · ' || to_char(r.total, 'FM999,999,990.00') || ' over ' || to_char(c.credit_limit, 'FM999,999,990.00')`,
    order: 'r.id',
    inbox: {
      requester: 'r.created_by',
      doc: sql`'created_by', r.created_by, 'over_credit_limit', true, 'customer_active', c.active`,
    },
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
  ...SUPPLY_QUEUE_QUERIES,
};

type ModuleWork = {
  /** The layered modules' queues (work-queues.ts), then the slices'. */
  readonly queues: readonly WorkQueue[];
  readonly queries: Readonly<Record<string, QueueQuery>>;
};
let moduleWork: ModuleWork | undefined;

/** Reads the slices' queues and their queries (their server modules); buildApp awaits it. */
export async function loadModuleWork(): Promise<void> {
  const modules = await serverModules();
  moduleWork = {
    queues: [...WORK_QUEUES, ...modules.flatMap((module) => module.workQueues ?? [])],
    queries: Object.fromEntries(
      modules.flatMap((module) => Object.entries(module.queueQueries ?? {})),
    ),
  };
}

function loaded(): ModuleWork {
  if (!moduleWork) throw new Error("the modules' work was read before loadModuleWork()");
  return moduleWork;
}

/** Every queue of "My work": the layered modules' (work-queues.ts), then the slices'. */
export function allWorkQueues(): readonly WorkQueue[] {
  return loaded().queues;
}

/** The rows of the queue `key`: a layered module's, or a slice's; none for an unknown key. */
export function queueQueryOf(key: string): QueueQuery | undefined {
  return LAYERED_QUEUE_QUERIES[key] ?? loaded().queries[key];
}

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
