import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { allocatedOf } from '../stock/allocated.ts';

// Stock figures of one product across locations, for the scanner lookup (/product/fetch),
// read from the stock ledger's balance cache. Quarantined stock (a quarantine lot, or a
// quarantine location) is on hand but not available, nor is what open packing lists hold.

export type ProductAvailability = { on_hand: number; allocated: number; available: number };

export async function productAvailability(
  db: Db | Tx,
  productId: number,
): Promise<ProductAvailability> {
  const [row] = await queryRows<{
    on_hand: number | null;
    held: number | null;
    allocated: number | null;
  }>(
    db,
    sql`select sum(b.qty_on_hand)::float8 as on_hand,
               ${allocatedOf(sql`${productId}::bigint`)}::float8 as allocated,
               sum(case when l.status in ('quarantine', 'blocked') or loc.type = 'quarantine'
                        then b.qty_on_hand else 0 end)::float8 as held
          from stock_balances b
          join locations loc on loc.id = b.location_id
          left join stock_lots l on l.id = b.lot_id
         where b.product_id = ${productId}`,
  );
  const onHand = Number(row?.on_hand ?? 0);
  const allocated = Number(row?.allocated ?? 0);
  return { on_hand: onHand, allocated, available: onHand - Number(row?.held ?? 0) - allocated };
}
