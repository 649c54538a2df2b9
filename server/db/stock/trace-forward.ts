import { sql } from 'drizzle-orm';
import { traceKey, type TraceSide } from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray } from './lot-trace-walk.ts';
import { iso, type GraphBuilder } from './trace-graph.ts';

// Where a trace's lots went: the transfers and skids they travelled on, the packing lists,
// sales orders and customers they shipped to, and the stamping orders and reels that stamped
// them.

/** Transfers and skids the forward lots travelled on. */
export async function addTravel(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
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
export type ShipmentScope = { line: number | null; order: number | null; customer: number | null };

export const EVERY_SHIPMENT: ShipmentScope = { line: null, order: null, customer: null };

/** Packing lists (not cancelled) of these lots, with their sales orders and customers. */
export async function addShipments(
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
export async function addStamps(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
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
