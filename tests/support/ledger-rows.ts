import { sql } from 'drizzle-orm';
import type { StockWorld } from './stock-fixtures.ts';

// Movements written straight into the ledger, `count` of them, 17 minutes apart going back
// from `end` (row g at end − 17g min, so ids grow as time goes back): four products over three
// locations, a third of them negative, quantities 1 to 7 by g % 7 and five types by g % 5.
// Enough rows for list plans and page choices; no balances or documents behind them.

const idArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  )}]`;

export async function insertLedgerRows(w: StockWorld, count: number, end: string) {
  const products = [w.ids.tracked, w.ids.untracked, await w.newProduct(), await w.newProduct()];
  const locations = [w.ids.main, w.ids.second, w.ids.floor];
  await w.db.execute(sql`
    insert into stock_movements (moved_at, product_id, location_id, qty, balance_after, movement_type)
    select ${end}::timestamptz - g * interval '17 minutes',
           (${idArray(products)})[1 + g % 4], (${idArray(locations)})[1 + g % 3],
           case when g % 3 = 0 then -1 else 1 end * (1 + g % 7), 0,
           (array['receipt', 'ship', 'transfer_in', 'transfer_out', 'adjustment'])[1 + g % 5]
      from generate_series(1, ${count}) g`);
}
