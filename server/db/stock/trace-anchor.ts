import { sql, type SQL } from 'drizzle-orm';
import type { TraceAnchorKind } from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// Where a trace starts in the lot genealogy (lot-trace.ts): the lots (and the transforming
// documents, whose own inputs and outputs belong to the picture) its walks begin from. A
// customer, a sales order or one of its lines is an end of the chain: it has nothing after
// it, so its walk is backward only, from the lots that were allocated to it.

export type TraceSeeds = {
  /** Whether the anchor exists (an unknown id answers 404, not an empty trace). */
  found: boolean;
  forwardLots: number[];
  backwardLots: number[];
  /** Production orders and stamping orders whose own movements start both walks. */
  docs: Array<{ type: string; id: number }>;
};

const ids = async (db: Db | Tx, query: SQL) =>
  (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id));

/** Lots allocated on packing lists (not cancelled) matching `where` over allocation a, line l. */
const allocatedLots = (db: Db | Tx, where: SQL) =>
  ids(
    db,
    sql`select distinct l.lot_id::int as id from allocation_lines l
          join allocations a on a.id = l.allocation_id
         where l.lot_id is not null and a.status <> 'cancelled' and ${where}`,
  );

const exists = async (db: Db | Tx, table: string, id: number) =>
  (await ids(db, sql`select id::int as id from ${sql.identifier(table)} where id = ${id}`)).length >
  0;

/** The lots a production or stamping order produced and consumed, by the ledger. */
async function docLots(db: Db | Tx, type: string, docIds: number[]) {
  if (docIds.length === 0) return { produced: [], consumed: [] };
  const list = sql`${`{${docIds.join(',')}}`}::bigint[]`;
  const rows = await queryRows<{ id: number; produced: boolean }>(
    db,
    sql`select distinct lot_id::int as id, qty > 0 as produced from stock_movements
         where source_type = ${type} and source_id = any(${list}) and lot_id is not null`,
  );
  return {
    produced: rows.filter((r) => r.produced).map((r) => Number(r.id)),
    consumed: rows.filter((r) => !r.produced).map((r) => Number(r.id)),
  };
}

export async function traceSeeds(
  db: Db | Tx,
  kind: TraceAnchorKind,
  id: number,
): Promise<TraceSeeds> {
  switch (kind) {
    case 'lot':
      return {
        found: await exists(db, 'stock_lots', id),
        forwardLots: [id],
        backwardLots: [id],
        docs: [],
      };
    case 'production_order': {
      const found = await exists(db, 'production_orders', id);
      const own = await docLots(db, 'production_orders', [id]);
      // The finished lot is numbered after the order even before its first movement.
      const made = await ids(
        db,
        sql`select id::int as id from stock_lots where production_order_id = ${id}`,
      );
      return {
        found,
        forwardLots: [...new Set([...own.produced, ...made])],
        backwardLots: own.consumed,
        docs: [{ type: 'production_orders', id }],
      };
    }
    case 'reel': {
      // The stamps went onto the finished units of the orders that used the reel.
      const orders = await queryRows<{ st: number; po: number | null }>(
        db,
        sql`select o.id::int as st, o.production_order_id::int as po
              from stamping_order_reels r join product_stamping_orders o on o.id = r.stamping_order_id
             where r.reel_id = ${id}`,
      );
      const pos = orders.flatMap((o) => (o.po === null ? [] : [Number(o.po)]));
      const restamps = orders.filter((o) => o.po === null).map((o) => Number(o.st));
      const finished = pos.length
        ? await ids(
            db,
            sql`select l.id::int as id from stock_lots l
                  join production_orders o on o.id = l.production_order_id and o.product_id = l.product_id
                 where o.id = any(${`{${pos.join(',')}}`}::bigint[])`,
          )
        : [];
      const restamped = await docLots(db, 'product_stamping_orders', restamps);
      return {
        found: await exists(db, 'stamp_reels', id),
        forwardLots: [...new Set([...finished, ...restamped.produced])],
        backwardLots: [],
        docs: restamps.map((st) => ({ type: 'product_stamping_orders', id: st })),
      };
    }
    case 'skid': {
      const lots = await ids(
        db,
        sql`select distinct lot_id::int as id from skid_items where skid_id = ${id}`,
      );
      return {
        found: await exists(db, 'skids', id),
        forwardLots: lots,
        backwardLots: lots,
        docs: [],
      };
    }
    case 'sales_order_line':
      return {
        found: await exists(db, 'sales_order_lines', id),
        forwardLots: [],
        backwardLots: await allocatedLots(db, sql`l.sales_order_line_id = ${id}`),
        docs: [],
      };
    case 'sales_order':
      return {
        found: await exists(db, 'sales_orders', id),
        forwardLots: [],
        backwardLots: await allocatedLots(db, sql`a.sales_order_id = ${id}`),
        docs: [],
      };
    case 'customer':
      return {
        found: await exists(db, 'customers', id),
        forwardLots: [],
        backwardLots: await allocatedLots(
          db,
          sql`(a.customer_id = ${id}
                or a.sales_order_id in (select s.id from sales_orders s where s.customer_id = ${id}))`,
        ),
        docs: [],
      };
  }
}
