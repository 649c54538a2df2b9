import { sql } from 'drizzle-orm';
import { traceKey, type TraceSide } from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray, type LotLink } from './lot-trace-walk.ts';
import { DOC_KINDS, groupBy, iso, type GraphBuilder } from './trace-graph.ts';

// The production documents between a trace's lots: the walk's links become lot → document →
// lot, then each edge gets its amount from the documents' stock movements.

type Flow = { lot: number; type: string; doc: number; qty: number; at: string | null };

/** Σ in and out of each lot in each of these documents, with the first movement's time. */
export async function flows(db: Db | Tx, docs: ReadonlyArray<{ type: string; id: number }>) {
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

export function addLinks(g: GraphBuilder, links: readonly LotLink[], side: TraceSide) {
  for (const l of links) {
    const kind = DOC_KINDS[l.source_type];
    if (!kind) continue;
    g.node('lot', l.from_lot, side);
    g.node(kind, l.source_id, side);
    g.node('lot', l.to_lot, side);
  }
}

/** lot → document for what it consumed, document → lot for what it produced, with amounts. */
export function addDocumentEdges(g: GraphBuilder, rows: readonly Flow[]) {
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
