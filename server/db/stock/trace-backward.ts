import { sql } from 'drizzle-orm';
import { traceKey } from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray } from './lot-trace-walk.ts';
import { iso, type GraphBuilder } from './trace-graph.ts';

// Where a trace's lots came from and how they were tested: receivings, supplier lots with
// their CoA, and the HPLC results of the orders and lots in the picture.

/** Receivings and lab receivings (supplier lot, CoA) the backward lots came in on. */
export async function addOrigins(db: Db | Tx, g: GraphBuilder, lots: readonly number[]) {
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
export async function addHplc(db: Db | Tx, g: GraphBuilder) {
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
