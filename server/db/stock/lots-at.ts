import { sql } from 'drizzle-orm';
import type { LotChoice } from '../../../src/domain/entities/stock/lot-choice.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { allocatedAt } from './allocated.ts';

// A product's lots on hand at a location, once each however many bins hold them, first to expire
// first (FEFO: expiry, then oldest received): what a line's lot picker offers, and what a
// document's line may name.

export async function lotsAt(
  db: Db | Tx,
  productId: number,
  locationId: number,
): Promise<LotChoice[]> {
  const rows = await queryRows<LotChoice>(
    db,
    sql`select l.id::int as lot_id, l.lot_no, l.expiry_date::text as expiry_date, l.status,
               (select m.code from products p join measures m on m.id = p.measure_id
                 where p.id = l.product_id) as measure_code,
               sum(b.qty_on_hand)::float8 as on_hand,
               (case when l.status = 'released'
                     then greatest(sum(b.qty_on_hand)
                          - ${allocatedAt(sql`l.product_id`, sql`${locationId}::bigint`, sql`l.id`)}, 0)
                     else 0 end)::float8 as available
          from stock_lots l
          join stock_balances b on b.lot_id = l.id and b.location_id = ${locationId}
         where l.product_id = ${productId}
         group by l.id
        having sum(b.qty_on_hand) > 0
         order by l.expiry_date asc nulls last, l.received_at asc nulls last, l.id`,
  );
  return rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), available: Number(r.available) }));
}
