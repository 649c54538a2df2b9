import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { columnParam } from '../array-param.ts';
import { lockResources, stockKey } from '../resource-locks.ts';
import { queryRows } from '../query-rows.ts';

// `stock_movements.balance_after`: Σ qty of one product at one location up to and including
// a movement, in ledger order (moved_at, id). It is what the movements report shows as the
// running balance, stored at write time so a page reads a column instead of summing every
// earlier movement again for each row (after ERPNext's qty_after_transaction).
//
// Writers of one product × location queue on its resource lock (resource-locks.ts): the
// balance rows postMovements already locks are per lot and bin, so two postings of different
// lots of one product at one location would otherwise both read the same previous balance.

/** One new movement, in the order the posting inserts them (which is their id order). */
export type LedgerEntry = { productId: number; locationId: number; movedAt: Date; qty: string };

/** Locks every product × location of the entries until commit, in the one global order. */
export async function lockLedgerKeys(
  tx: Tx,
  entries: readonly Pick<LedgerEntry, 'productId' | 'locationId'>[],
): Promise<void> {
  await lockResources(
    tx,
    entries.map((e) => stockKey(e.productId, e.locationId)),
  );
}

/**
 * The balance after each new entry (numeric text, same order), under lockLedgerKeys. A new
 * movement gets a higher id than every row already there, so it comes after each earlier row
 * with the same or an earlier moved_at: its balance is the last such row's plus the batch's own
 * quantities up to it. Rows already there with a later moved_at (a backdated posting) move up
 * by the batch quantities now before them, so every stored balance stays the ledger-order sum.
 */
export async function balancesAfter(tx: Tx, entries: readonly LedgerEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  // The batch as one array per column; `ord` counts from 0 in the entries' order.
  const products = columnParam(entries, 'bigint', (e) => e.productId);
  const locations = columnParam(entries, 'bigint', (e) => e.locationId);
  const times = columnParam(entries, 'timestamptz', (e) => e.movedAt.toISOString());
  const quantities = columnParam(entries, 'numeric(14,3)', (e) => e.qty);
  const batch = sql`(select (r.ord - 1)::int as ord, r.product_id, r.location_id, r.moved_at, r.qty
      from unnest(${products}, ${locations}, ${times}, ${quantities})
        with ordinality as r(product_id, location_id, moved_at, qty, ord))`;
  // The qty cast is the column's own, so the sums round exactly as the stored quantities do.
  const rows = await queryRows<{ ord: number; balance: string; later: boolean }>(
    tx,
    sql`select n.ord,
          (coalesce(prior.balance_after, 0)
            + sum(n.qty) over (partition by n.product_id, n.location_id order by n.moved_at, n.ord))::text
            as balance,
          exists (select 1 from stock_movements m
                   where m.product_id = n.product_id and m.location_id = n.location_id
                     and m.moved_at > n.moved_at) as later
        from ${batch} as n
        left join lateral (
          select m.balance_after from stock_movements m
           where m.product_id = n.product_id and m.location_id = n.location_id
             and m.moved_at <= n.moved_at
           order by m.moved_at desc, m.id desc limit 1) prior on true`,
  );
  const balances: string[] = [];
  for (const row of rows) balances[Number(row.ord)] = row.balance;
  if (rows.some((r) => r.later === true || String(r.later) === 'true'))
    await tx.execute(sql`
      update stock_movements m set balance_after = m.balance_after + s.delta
        from (select m2.id, sum(n.qty) as delta
                from ${batch} as n
                join stock_movements m2
                  on m2.product_id = n.product_id and m2.location_id = n.location_id
                 and m2.moved_at > n.moved_at
               group by m2.id) s
       where m.id = s.id`);
  return balances;
}

/**
 * Writes every movement's balance from scratch, as the migration's backfill does. For ledgers
 * written past postMovements (the list benchmark's generated million rows); the append-only
 * trigger is off for this one statement.
 */
export async function recomputeBalancesAfter(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table stock_movements disable trigger user`);
    await tx.execute(sql`
      update stock_movements m set balance_after = w.b
        from (select id, sum(qty) over (partition by product_id, location_id order by moved_at, id) as b
                from stock_movements) w
       where m.id = w.id and m.balance_after is distinct from w.b`);
    await tx.execute(sql`alter table stock_movements enable trigger user`);
  });
}
