import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { ruleError } from '../../errors/api-error.ts';

// Picks are not stock movements (stock moves when batching finishes), so two released orders
// could both count on the same drum and the second one would be stuck at finish batching.
// Picks of orders that have not consumed yet therefore hold their stock: the suggestions at
// release skip what others hold, and recording picks refuses more than is on hand.

/** Orders whose picks still hold stock: released or on the way, nothing consumed yet. */
const HOLDING_ORDERS = sql`select o.id from production_orders o
  where o.status in ('released', 'in_progress', 'on_hold')
    and not exists (select 1 from production_order_ingredients i
                     where i.production_order_id = o.id and i.consumed_qty > 0)`;

/** What picks of other orders hold at the balance `balance` (an alias of a row with product,
 * location, lot and bin): the larger of suggested and picked. */
export function heldByOtherOrders(orderId: number, balance: string): SQL {
  const at = sql.raw(balance);
  return sql`coalesce((select sum(greatest(held.required_qty, held.picked_qty))
      from batching_picks held
     where held.production_order_id <> ${orderId}
       and held.production_order_id in (${HOLDING_ORDERS})
       and held.product_id = ${at}.product_id
       and held.location_id = ${at}.location_id
       and held.lot_id is not distinct from ${at}.lot_id
       and held.bin_id is not distinct from ${at}.bin_id), 0)`;
}

/** Refuses picks of an order that, with every other holding order's, exceed what is on hand. */
export async function assertPicksOnHand(tx: Tx, orderId: number): Promise<void> {
  const [over] = await queryRows<{
    sku: string;
    lot_no: string | null;
    on_hand: number;
    held: number;
  }>(
    tx,
    sql`select pr.sku, lot.lot_no, coalesce(b.qty_on_hand, 0)::float8 as on_hand,
               ${heldByOtherOrders(orderId, 'p')}::float8 as held
          from batching_picks p
          join products pr on pr.id = p.product_id
          left join stock_lots lot on lot.id = p.lot_id
          left join stock_balances b on b.product_id = p.product_id and b.location_id = p.location_id
               and b.lot_id is not distinct from p.lot_id and b.bin_id is not distinct from p.bin_id
         where p.production_order_id = ${orderId} and p.picked_qty > 0
           and p.picked_qty + ${heldByOtherOrders(orderId, 'p')} > coalesce(b.qty_on_hand, 0)
         limit 1`,
  );
  if (over) {
    const lot = over.lot_no ? ` lot ${over.lot_no}` : '';
    throw ruleError(
      'picks',
      `${over.sku}${lot} has ${over.on_hand} on hand and other orders already hold ${over.held} of it`,
    );
  }
}
