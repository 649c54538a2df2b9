import { sql } from 'drizzle-orm';
import {
  traceKey,
  type TraceKey,
  type TraceNodeKind,
} from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray } from './lot-trace-walk.ts';
import { groupBy, iso, type GraphBuilder } from './trace-graph.ts';

// What a trace's nodes say once the graph is known: each node's label, detail and date, and
// the people recorded on it.

/** The table whose status_transitions (entity_type) and rows a node kind reads. */
const KIND_TABLES: Partial<Record<TraceNodeKind, string>> = {
  lot: 'stock_lots',
  production_order: 'production_orders',
  recovery: 'production_recoveries',
  stamping_order: 'product_stamping_orders',
  assembly_order: 'assembly_orders',
  transfer: 'transfers',
  receiving: 'receivings',
  packing_list: 'allocations',
  sales_order: 'sales_orders',
  reel: 'stamp_reels',
  skid: 'skids',
};

type Described = { id: number; label: string; detail: string | null; at: string | null };

/** Label, detail and date of each node kind, one query per kind. */
const DESCRIBE: Readonly<
  Record<TraceNodeKind, (ids: ReturnType<typeof idArray>) => ReturnType<typeof sql>>
> = {
  lot: (ids) => sql`select l.id::int as id, l.lot_no as label,
      p.sku || ' ' || p.name || ' · ' || l.status as detail, ${iso('l.received_at')} as at
      from stock_lots l join products p on p.id = l.product_id where l.id = any(${ids})`,
  production_order: (ids) => sql`select o.id::int as id, coalesce(o.number, 'MO ' || o.id) as label,
      p.sku || ' · ' || o.planned_units || ' units · ' || o.status as detail,
      ${iso('coalesce(o.completed_at, o.started_at, o.created_at)')} as at
      from production_orders o join products p on p.id = o.product_id where o.id = any(${ids})`,
  recovery: (ids) => sql`select r.id::int as id, coalesce(r.number, 'RC ' || r.id) as label,
      p.sku || ' · ' || r.status as detail, ${iso('r.created_at')} as at
      from production_recoveries r join products p on p.id = r.product_id where r.id = any(${ids})`,
  stamping_order: (ids) => sql`select o.id::int as id, coalesce(o.number, 'ST ' || o.id) as label,
      p.sku || ' · ' || o.stamped_units || ' stamped · ' || o.status as detail,
      ${iso('coalesce(o.finished_at, o.started_at, o.created_at)')} as at
      from product_stamping_orders o join products p on p.id = o.product_id where o.id = any(${ids})`,
  assembly_order: (ids) => sql`select o.id::int as id, coalesce(o.number, 'AO ' || o.id) as label,
      p.sku || ' · ' || o.cartoned_units || ' kits · ' || o.status as detail,
      ${iso('coalesce(o.completed_at, o.released_at, o.created_at)')} as at
      from assembly_orders o join products p on p.id = o.product_id where o.id = any(${ids})`,
  reel: (ids) => sql`select id::int as id, reel_no as label,
      stamps_qty || ' stamps · ' || status as detail, received_at::text as at
      from stamp_reels where id = any(${ids})`,
  skid: (ids) => sql`select id::int as id, code as label, status as detail, null as at
      from skids where id = any(${ids})`,
  transfer: (ids) => sql`select t.id::int as id, t.number as label,
      f.code || ' → ' || d.code || ' · ' || t.status as detail,
      ${iso('coalesce(t.shipped_at, t.created_at)')} as at
      from transfers t join locations f on f.id = t.from_location_id
      join locations d on d.id = t.to_location_id where t.id = any(${ids})`,
  packing_list: (ids) => sql`select id::int as id, number as label, status as detail,
      coalesce(ship_date::text, ${iso('created_at')}) as at from allocations where id = any(${ids})`,
  sales_order: (ids) => sql`select s.id::int as id, s.number as label,
      s.status || ' · ' || s.shipping_status as detail, s.order_date::text as at
      from sales_orders s where s.id = any(${ids})`,
  sales_order_line: (ids) => sql`select l.id::int as id, s.number || ' · ' || p.sku as label,
      l.qty::float8 || ' ordered, ' || l.qty_shipped::float8 || ' shipped' as detail,
      s.order_date::text as at
      from sales_order_lines l join sales_orders s on s.id = l.sales_order_id
      join products p on p.id = l.product_id where l.id = any(${ids})`,
  customer: (ids) => sql`select id::int as id, code || ' ' || name as label, type as detail,
      null as at from customers where id = any(${ids})`,
  receiving: (ids) => sql`select r.id::int as id, r.number as label,
      coalesce(s.name, 'no supplier') || ' · ' || r.status as detail, r.received_date::text as at
      from receivings r left join suppliers s on s.id = r.supplier_id where r.id = any(${ids})`,
  supplier_lot: (ids) => sql`select i.id::int as id, i.supplier_lot_no as label,
      s.name || ' · ' || r.number as detail, r.received_at::text as at
      from lab_receiving_items i join lab_receivings r on r.id = i.lab_receiving_id
      join suppliers s on s.id = r.supplier_id where i.id = any(${ids})`,
  coa: (ids) => sql`select id::int as id, file_name as label, 'Certificate of analysis' as detail,
      ${iso('created_at')} as at from attachments where id = any(${ids})`,
  hplc_result: (ids) => sql`select r.id::int as id, q.number as label,
      (case when coalesce(r.override_passed, r.passed) then 'passed' else 'failed' end)
        || coalesce(' · ' || round(r.percent_of_claim, 1) || ' % of claim', '')
        || ' · ' || r.measured_mg::float8 || ' mg' as detail,
      ${iso('r.tested_at')} as at
      from hplc_results r join hplc_requests q on q.id = r.hplc_request_id where r.id = any(${ids})`,
};

export async function describeNodes(db: Db | Tx, g: GraphBuilder) {
  const byKind = groupBy(g.nodes.values(), (n) => n.kind);
  const found = new Map<TraceKey, Described>();
  for (const [kind, list] of byKind) {
    const rows = await queryRows<Described>(db, DESCRIBE[kind](idArray(list.map((n) => n.id))));
    for (const r of rows) found.set(traceKey(kind, Number(r.id)), r);
  }
  return found;
}

/**
 * Who is recorded on each node: its transitions, its postings, picks, stamping, testing.
 * `union all`: array_agg(distinct …) drops the repeats, so de-duplicating the union first
 * was a second hash over every (node, person) row.
 */
export async function peopleOnNodes(db: Db | Tx, g: GraphBuilder) {
  const kinds: string[] = [];
  const tables: string[] = [];
  const ids: number[] = [];
  for (const n of g.nodes.values()) {
    kinds.push(n.kind);
    tables.push(KIND_TABLES[n.kind] ?? '');
    ids.push(n.id);
  }
  if (ids.length === 0) return new Map<TraceKey, string[]>();
  const rows = await queryRows<{ kind: TraceNodeKind; id: number; names: string[] }>(
    db,
    sql`with n(kind, tbl, id) as (
          select * from unnest(${`{${kinds.join(',')}}`}::text[], ${`{${tables.map((t) => t || '-').join(',')}}`}::text[], ${idArray(ids)})),
        acted(kind, id, user_id) as (
          select n.kind, n.id, t.created_by from n
            join status_transitions t on t.entity_type = n.tbl and t.entity_id = n.id
          union all select n.kind, n.id, m.created_by from n
            join stock_movements m on m.source_type = n.tbl and m.source_id = n.id
           where n.kind <> 'lot'
          union all select n.kind, n.id, p.picked_by from n
            join batching_picks p on p.production_order_id = n.id where n.kind = 'production_order'
          union all select n.kind, n.id, o.stamper_id from n
            join product_stamping_orders o on o.id = n.id where n.kind = 'stamping_order'
          union all select n.kind, n.id, r.analyst_id from n
            join hplc_results r on r.id = n.id where n.kind = 'hplc_result'
          union all select n.kind, n.id, l.created_by from n
            join stock_lots l on l.id = n.id where n.kind = 'lot'
          union all select n.kind, n.id, i.created_by from n
            join lab_receiving_items i on i.id = n.id where n.kind = 'supplier_lot')
        select a.kind, a.id::int as id, array_agg(distinct u.name order by u.name) as names
          from acted a join users u on u.id = a.user_id group by a.kind, a.id`,
  );
  return new Map(rows.map((r) => [traceKey(r.kind, Number(r.id)), r.names] as const));
}
