import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import {
  traceKey,
  type Trace,
  type TraceAnchorKind,
  type TraceDirection,
  type TraceEdge,
  type TraceKey,
  type TraceNode,
  type TraceNodeKind,
  type TraceSide,
} from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray, walkLinks, type LotLink } from './lot-trace-walk.ts';
import { traceSeeds } from './trace-anchor.ts';
import { traceLayers } from './trace-layers.ts';

// A lot's genealogy both ways as one graph (issue 17 item 5). The walk (lot-trace-walk.ts)
// finds the lots; everything hung on them is then read set-based, one query per kind of
// record: transfers and skids, packing lists with their sales orders and customers, stamping
// orders with their reels (forward), receivings, supplier lots with their CoA and HPLC
// results (backward), then each node's label, date and the people recorded on it.

const DOC_KINDS: Readonly<Record<string, TraceNodeKind>> = {
  production_orders: 'production_order',
  production_recoveries: 'recovery',
  product_stamping_orders: 'stamping_order',
};

/** The table whose status_transitions (entity_type) and rows a node kind reads. */
const KIND_TABLES: Partial<Record<TraceNodeKind, string>> = {
  lot: 'stock_lots',
  production_order: 'production_orders',
  recovery: 'production_recoveries',
  stamping_order: 'product_stamping_orders',
  transfer: 'transfers',
  receiving: 'receivings',
  packing_list: 'allocations',
  sales_order: 'sales_orders',
  reel: 'stamp_reels',
  skid: 'skids',
};

/** A timestamp as ISO text in UTC, so both drivers answer the same string. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Draft = { kind: TraceNodeKind; id: number; side: TraceSide };

class GraphBuilder {
  readonly nodes = new Map<TraceKey, Draft>();
  readonly edges = new Map<string, TraceEdge>();

  node(kind: TraceNodeKind, id: number, side: TraceSide): TraceKey {
    const key = traceKey(kind, id);
    const known = this.nodes.get(key);
    if (!known) this.nodes.set(key, { kind, id, side });
    else if (known.side !== side && known.side !== 'anchor') {
      // Reached both ways (a lot between two of the anchor's own lots): forward wins, as a
      // recall reads forward.
      known.side = side === 'anchor' ? 'anchor' : 'forward';
    }
    return key;
  }

  edge(from: TraceKey, to: TraceKey, qty: number | null = null, at: string | null = null) {
    const id = `${from}>${to}`;
    const known = this.edges.get(id);
    if (!known) this.edges.set(id, { from, to, qty, at });
    else if (qty !== null) this.edges.set(id, { ...known, qty: (known.qty ?? 0) + qty });
  }

  ofKind(kind: TraceNodeKind): number[] {
    return [...this.nodes.values()].filter((n) => n.kind === kind).map((n) => n.id);
  }
}

type Flow = { lot: number; type: string; doc: number; qty: number; at: string | null };

/** Σ in and out of each lot in each of these documents, with the first movement's time. */
async function flows(db: Db | Tx, docs: ReadonlyArray<{ type: string; id: number }>) {
  if (docs.length === 0) return [];
  const byType = groupBy(docs, (d) => d.type);
  const where = sql.join(
    [...byType].map(
      ([type, list]) =>
        sql`(source_type = ${type} and source_id = any(${idArray(list.map((d) => d.id))}))`,
    ),
    sql` or `,
  );
  return queryRows<Flow>(
    db,
    sql`select lot_id::int as lot, source_type as type, source_id::int as doc,
               sum(qty)::float8 as qty, ${iso('min(moved_at)')} as at
          from stock_movements where lot_id is not null and (${where})
         group by lot_id, source_type, source_id, sign(qty)`,
  );
}

function addLinks(g: GraphBuilder, links: readonly LotLink[], side: TraceSide) {
  for (const l of links) {
    const kind = DOC_KINDS[l.source_type];
    if (!kind) continue;
    g.node('lot', l.from_lot, side);
    g.node(kind, l.source_id, side);
    g.node('lot', l.to_lot, side);
  }
}

/** lot → document for what it consumed, document → lot for what it produced, with amounts. */
function addDocumentEdges(g: GraphBuilder, rows: readonly Flow[]) {
  const made = new Set(rows.filter((r) => r.qty > 0).map((r) => `${r.type}:${r.doc}:${r.lot}`));
  for (const r of rows) {
    const kind = DOC_KINDS[r.type];
    const lot = traceKey('lot', r.lot);
    if (!kind || !g.nodes.has(lot)) continue;
    const doc = traceKey(kind, r.doc);
    // A lot a document both makes and uses (the bulk batch of its own order) is drawn as what
    // it made: the batch sits beside the finished lot instead of in a loop with its order.
    if (r.qty > 0) g.edge(doc, lot, r.qty, r.at);
    else if (!made.has(`${r.type}:${r.doc}:${r.lot}`)) g.edge(lot, doc, -r.qty, r.at);
  }
}

/** Transfers and skids the forward lots travelled on. */
async function addTravel(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
  const skids = await queryRows<{
    skid: number;
    lot: number;
    transfer: number | null;
    units: number;
    at: string;
  }>(
    db,
    sql`select skid_id::int as skid, lot_id::int as lot, transfer_id::int as transfer,
               sum(units)::float8 as units, ${iso('min(created_at)')} as at
          from skid_items where lot_id = any(${idArray(lots)}) group by 1, 2, 3`,
  );
  const onSkid = new Set<string>();
  for (const s of skids) {
    const skid = g.node('skid', s.skid, 'forward');
    g.edge(traceKey('lot', s.lot), skid, s.units, s.at);
    if (s.transfer !== null) {
      g.edge(skid, g.node('transfer', s.transfer, 'forward'), s.units, null);
      onSkid.add(`${s.lot}:${s.transfer}`);
    }
  }
  const moved = await queryRows<{ lot: number; doc: number; qty: number; at: string }>(
    db,
    sql`select lot_id::int as lot, source_id::int as doc, -sum(qty)::float8 as qty,
               ${iso('min(moved_at)')} as at
          from stock_movements
         where lot_id = any(${idArray(lots)}) and source_type = 'transfers' and qty < 0
         group by 1, 2`,
  );
  for (const m of moved) {
    if (onSkid.has(`${m.lot}:${m.doc}`)) continue;
    g.edge(traceKey('lot', m.lot), g.node('transfer', m.doc, 'forward'), m.qty, m.at);
  }
}

type Shipment = {
  lot: number;
  list: number;
  line: number | null;
  order: number | null;
  customer: number | null;
  qty: number;
  at: string | null;
};

/** Which packing lists a shipment read keeps: all, or only those of the anchored sale. */
type ShipmentScope = { line: number | null; order: number | null; customer: number | null };

const EVERY_SHIPMENT: ShipmentScope = { line: null, order: null, customer: null };

/** Packing lists (not cancelled) of these lots, with their sales orders and customers. */
async function addShipments(
  db: Db | Tx,
  g: GraphBuilder,
  lots: readonly number[],
  scope: ShipmentScope,
  side: TraceSide,
) {
  const onlyLine = scope.line;
  const rows = await queryRows<Shipment>(
    db,
    sql`select l.lot_id::int as lot, a.id::int as list, l.sales_order_line_id::int as line,
               a.sales_order_id::int as "order",
               coalesce(s.customer_id, a.customer_id)::int as customer,
               sum(case when l.qty_shipped > 0 then l.qty_shipped else l.qty_allocated end)::float8 as qty,
               coalesce(a.ship_date::text, s.requested_ship_date::text) as at
          from allocation_lines l join allocations a on a.id = l.allocation_id
          left join sales_orders s on s.id = a.sales_order_id
         where l.lot_id = any(${idArray(lots)}) and a.status <> 'cancelled'
           and (${scope.line}::bigint is null or l.sales_order_line_id = ${scope.line}::bigint)
           and (${scope.order}::bigint is null or a.sales_order_id = ${scope.order}::bigint)
           and (${scope.customer}::bigint is null
                or coalesce(s.customer_id, a.customer_id) = ${scope.customer}::bigint)
         group by 1, 2, 3, 4, 5, 7`,
  );
  for (const r of rows) {
    const list = g.node('packing_list', r.list, side);
    g.edge(traceKey('lot', r.lot), list, r.qty, r.at);
    let next = list;
    if (onlyLine !== null && r.line === onlyLine) {
      const line = traceKey('sales_order_line', onlyLine);
      g.edge(next, line, r.qty, r.at);
      next = line;
    }
    if (r.order !== null) {
      const order = g.node('sales_order', r.order, side);
      g.edge(next, order, r.qty, r.at);
      next = order;
    }
    if (r.customer !== null) g.edge(next, g.node('customer', r.customer, side), r.qty, r.at);
  }
}

/** Stamping orders whose stamps went onto these finished lots, and the reels they used. */
async function addStamps(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
  const orders = await queryRows<{ st: number; lot: number; units: number; at: string | null }>(
    db,
    sql`select o.id::int as st, l.id::int as lot, o.stamped_units::float8 as units,
               ${iso('o.finished_at')} as at
          from stock_lots l
          join production_orders po on po.id = l.production_order_id and po.product_id = l.product_id
          join product_stamping_orders o on o.production_order_id = po.id and o.status <> 'cancelled'
         where l.id = any(${idArray(lots)})`,
  );
  for (const o of orders) {
    const lot = traceKey('lot', o.lot);
    const st = g.node('stamping_order', o.st, g.nodes.get(lot)?.side ?? 'forward');
    g.edge(st, lot, o.units || null, o.at);
  }
  const stampings = g.ofKind('stamping_order');
  if (stampings.length === 0) return;
  const reels = await queryRows<{ reel: number; st: number; applied: number }>(
    db,
    sql`select reel_id::int as reel, stamping_order_id::int as st, applied::float8 as applied
          from stamping_order_reels where stamping_order_id = any(${idArray(stampings)})`,
  );
  for (const r of reels) {
    const st = traceKey('stamping_order', r.st);
    const reel = g.node('reel', r.reel, g.nodes.get(st)?.side ?? 'forward');
    g.edge(reel, st, r.applied || null, null);
  }
}

/** Receivings and lab receivings (supplier lot, CoA) the backward lots came in on. */
async function addOrigins(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
  const received = await queryRows<{ lot: number; doc: number; qty: number; at: string }>(
    db,
    sql`select lot_id::int as lot, source_id::int as doc, sum(qty)::float8 as qty,
               ${iso('min(moved_at)')} as at
          from stock_movements
         where lot_id = any(${idArray(lots)}) and source_type = 'receivings' and qty > 0
         group by 1, 2`,
  );
  for (const r of received) {
    g.edge(g.node('receiving', r.doc, 'backward'), traceKey('lot', r.lot), r.qty, r.at);
  }
  const items = await queryRows<{ item: number; lot: number; coa: number | null; qty: number }>(
    db,
    sql`select id::int as item, lot_id::int as lot, coa_attachment_id::int as coa,
               qty::float8 as qty
          from lab_receiving_items where lot_id = any(${idArray(lots)})`,
  );
  for (const i of items) {
    const item = g.node('supplier_lot', i.item, 'backward');
    g.edge(item, traceKey('lot', i.lot), i.qty, null);
    if (i.coa !== null) g.edge(g.node('coa', i.coa, 'backward'), item, null, null);
  }
}

/** HPLC results of the orders in the picture and of the lots sampled directly. */
async function addHplc(db: Db | Tx, g: GraphBuilder) {
  const orders = g.ofKind('production_order');
  const lots = g.ofKind('lot');
  const rows = await queryRows<{ result: number; po: number | null; lot: number | null }>(
    db,
    sql`select r.id::int as result, q.production_order_id::int as po, q.lot_id::int as lot
          from hplc_results r join hplc_requests q on q.id = r.hplc_request_id
         where q.production_order_id = any(${idArray(orders)})
            or (q.production_order_id is null and q.lot_id = any(${idArray(lots)}))`,
  );
  for (const r of rows) {
    const to = r.po !== null ? traceKey('production_order', r.po) : traceKey('lot', Number(r.lot));
    g.edge(g.node('hplc_result', r.result, g.nodes.get(to)?.side ?? 'backward'), to);
  }
}

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

async function describe(db: Db | Tx, g: GraphBuilder) {
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
async function people(db: Db | Tx, g: GraphBuilder) {
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

function saleScope(anchor: { kind: TraceAnchorKind; id: number }): ShipmentScope | null {
  if (anchor.kind === 'sales_order_line') return { ...EVERY_SHIPMENT, line: anchor.id };
  if (anchor.kind === 'sales_order') return { ...EVERY_SHIPMENT, order: anchor.id };
  if (anchor.kind === 'customer') return { ...EVERY_SHIPMENT, customer: anchor.id };
  return null;
}

/** Milliseconds spent in each phase of one trace, for the bench (bench/trace.bench.ts). */
export type TracePhaseTimings = Record<string, number>;

/**
 * The trace of one anchor, or null when the anchor does not exist. `direction` limits the
 * walk; the anchor's own node is always there. `timings`, when given, receives each phase's
 * milliseconds, so the bench can say which read costs what.
 */
export async function traceLot(
  db: Db | Tx,
  anchor: { kind: TraceAnchorKind; id: number },
  direction: TraceDirection,
  timings?: TracePhaseTimings,
): Promise<Trace | null> {
  let last = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    if (timings) timings[phase] = (timings[phase] ?? 0) + now - last;
    last = now;
  };
  const seeds = await traceSeeds(db, anchor.kind, anchor.id);
  lap('seeds');
  if (!seeds.found) return null;
  const g = new GraphBuilder();
  const anchorKey = g.node(anchor.kind, anchor.id, 'anchor');
  const forward = direction !== 'backward';
  const backward = direction !== 'forward';
  const ahead = forward
    ? await walkLinks(db, 'forward', { lots: seeds.forwardLots, docs: seeds.docs })
    : [];
  const behind = backward
    ? await walkLinks(db, 'backward', { lots: seeds.backwardLots, docs: seeds.docs })
    : [];
  lap('walk');
  if (forward) for (const lot of seeds.forwardLots) g.node('lot', lot, 'forward');
  if (backward) for (const lot of seeds.backwardLots) g.node('lot', lot, 'backward');
  addLinks(g, behind, 'backward');
  addLinks(g, ahead, 'forward');
  const forwardLots = forward
    ? [...new Set([...seeds.forwardLots, ...ahead.flatMap((l) => [l.from_lot, l.to_lot])])]
    : [];
  const backwardLots = backward
    ? [...new Set([...seeds.backwardLots, ...behind.flatMap((l) => [l.from_lot, l.to_lot])])]
    : [];
  const docs = [...g.nodes.values()].flatMap((n) => {
    const type = Object.keys(DOC_KINDS).find((t) => DOC_KINDS[t] === n.kind);
    return type ? [{ type, id: n.id }] : [];
  });
  lap('graph');
  addDocumentEdges(g, await flows(db, docs));
  lap('flows');
  if (forward) await addTravel(db, g, forwardLots);
  lap('travel');
  if (forward) await addShipments(db, g, forwardLots, EVERY_SHIPMENT, 'forward');
  // A customer, order or line is joined to the lots behind it by its own packing lists only.
  const sale = saleScope(anchor);
  if (sale) await addShipments(db, g, seeds.backwardLots, sale, 'backward');
  lap('shipments');
  await addStamps(db, g, [...new Set([...forwardLots, ...backwardLots])]);
  lap('stamps');
  if (backward) await addOrigins(db, g, backwardLots);
  lap('origins');
  await addHplc(db, g);
  lap('hplc');
  if (anchor.kind === 'skid') {
    for (const lot of seeds.forwardLots) g.edge(traceKey('lot', lot), anchorKey);
  }
  const described = await describe(db, g);
  lap('describe');
  const named = await people(db, g);
  lap('people');
  const edges = [...g.edges.values()].filter((e) => g.nodes.has(e.from) && g.nodes.has(e.to));
  const layerOf = traceLayers(anchorKey, [...g.nodes.keys()], edges);
  const nodes: TraceNode[] = [...g.nodes.entries()].map(([key, n]) => {
    const d = described.get(key);
    return {
      key,
      kind: n.kind,
      id: n.id,
      label: d?.label ?? key,
      detail: d?.detail ?? null,
      at: d?.at ?? null,
      people: named.get(key) ?? [],
      side: n.side,
      layer: layerOf(key),
    };
  });
  // Kinds are lower-case ASCII, so code-point order is the collation order; localeCompare
  // went through ICU for each of the ~300,000 comparisons of a 20,000-node picture.
  nodes.sort((a, b) => a.layer - b.layer || byCodePoint(a.kind, b.kind) || a.id - b.id);
  lap('layers');
  return { anchor: anchorKey, direction, nodes, edges };
}
