import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// The genealogy walk over the stock ledger: a document that consumes one lot and produces
// another (a production order's batching and bottling, a recovery, a restamp, a kit order
// sealing components and receiving the kits) links the two.
// Documents that keep a lot's identity (transfers, packing lists, counts) link nothing: they
// are leaves of the picture, read set-based once the lots are known (lot-trace.ts).
//
// One recursive CTE per direction over two indexed lookups (stock_movements by lot, then by
// document); UNION drops the rows already found, so a cycle in the ledger ends the walk
// instead of looping.

/** The documents that turn lots into other lots. */
export const TRANSFORMING_SOURCES = [
  'production_orders',
  'production_recoveries',
  'product_stamping_orders',
  'assembly_orders',
] as const;

export type LotLink = { from_lot: number; source_type: string; source_id: number; to_lot: number };

export type WalkStart = {
  lots: readonly number[];
  /** Documents whose own links start the walk (an anchored production order's). */
  docs: ReadonlyArray<{ type: string; id: number }>;
};

/** `{1,2,3}`::bigint[]: one bound parameter, whatever the number of ids. */
export const idArray = (ids: Iterable<number>): SQL =>
  sql`${`{${[...ids].map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;

const sources = sql.join(
  TRANSFORMING_SOURCES.map((s) => sql`${s}`),
  sql`, `,
);

/** c consumed (out of) a lot and p produced (into) another lot in the same document. */
const linked = sql`c.qty < 0 and p.qty > 0 and c.lot_id is not null and p.lot_id is not null
  and c.lot_id <> p.lot_id and c.source_type in (${sources})
  and c.reversal_of_id is null and p.reversal_of_id is null`;

const pair = sql`join stock_movements p on p.source_type = c.source_type and p.source_id = c.source_id`;

function startWhere(side: 'c' | 'p', start: WalkStart): SQL {
  const byDoc = start.docs.map((d) => sql`(c.source_type = ${d.type} and c.source_id = ${d.id})`);
  return sql.join(
    [sql`${sql.identifier(side)}.lot_id = any(${idArray(start.lots)})`, ...byDoc],
    sql` or `,
  );
}

/**
 * Every link reachable from the start: forward follows what a lot went into (`to_lot` of
 * one row is the next row's consumed lot), backward what went into it.
 */
export function walkSql(direction: 'forward' | 'backward', start: WalkStart): SQL {
  const step =
    direction === 'forward'
      ? sql`join stock_movements c on c.lot_id = w.to_lot ${pair}`
      : sql`join stock_movements p on p.lot_id = w.from_lot
            join stock_movements c on c.source_type = p.source_type and c.source_id = p.source_id`;
  return sql`with recursive walk(from_lot, source_type, source_id, to_lot) as (
      select c.lot_id, c.source_type, c.source_id, p.lot_id
        from stock_movements c ${pair}
       where ${linked} and (${startWhere(direction === 'forward' ? 'c' : 'p', start)})
      union
      select c.lot_id, c.source_type, c.source_id, p.lot_id
        from walk w ${step}
       where ${linked})
    select from_lot::int as from_lot, source_type, source_id::int as source_id,
           to_lot::int as to_lot from walk`;
}

export async function walkLinks(
  db: Db | Tx,
  direction: 'forward' | 'backward',
  start: WalkStart,
): Promise<LotLink[]> {
  if (start.lots.length === 0 && start.docs.length === 0) return [];
  const rows = await queryRows<LotLink>(db, walkSql(direction, start));
  return rows.map((r) => ({
    from_lot: Number(r.from_lot),
    source_type: r.source_type,
    source_id: Number(r.source_id),
    to_lot: Number(r.to_lot),
  }));
}
