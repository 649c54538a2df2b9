import { sql, type SQL } from 'drizzle-orm';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { heldByOtherOrders } from '../../../../server/db/production/pick-reservations.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { allocatedAt } from '../../../../server/db/stock/allocated.ts';

// Whether a kit order's components are there before anyone starts on it. Sealing consumes them
// from released lots where pickers take from; an order released without them was found short
// only at the sealer, after the crew had typed its counts. So release counts each component's
// free stock and refuses, naming what is short, and the dashboard says why a released order
// still waits when stock has gone elsewhere since.

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Free stock of the component `product` (an SQL expression): on hand in released lots where
 * pickers take from, less what sales packing lists and production picks hold there, less what
 * other open kit orders not yet sealed (not `order`) will consume.
 */
export function freeComponentStock(product: SQL, order: SQL): SQL {
  return sql`(coalesce((select sum(b.qty_on_hand
                   - ${allocatedAt(sql`b.product_id`, sql`b.location_id`, sql`b.lot_id`, sql`b.bin_id`)}
                   - ${heldByOtherOrders(0, 'b')})
        from stock_balances b
        join locations l on l.id = b.location_id
        left join stock_lots lot on lot.id = b.lot_id
       where b.product_id = ${product} and b.qty_on_hand > 0
         and l.type not in ('quarantine', 'lab', 'scrap', 'transit', 'production')
         and coalesce(lot.status, 'released') = 'released'), 0)
    - coalesce((select sum(need.required_qty)
        from assembly_order_components need
        join assembly_orders other on other.id = need.assembly_order_id
       where need.product_id = ${product} and other.id <> ${order}
         and other.status in ('released', 'in_progress', 'on_hold')
         and need.consumed_qty = 0), 0))`;
}

export type Shortage = { sku: string; name: string; needed: number; available: number };

/** `FG-1 Mango 30 ml needs 12, 4 available`: one shortage as a person reads it. */
export const shortageText = (s: Shortage) =>
  `${s.sku} ${s.name} needs ${s.needed}, ${Math.max(0, s.available)} available`;

/** The components of `units` kits of `kit` that free stock does not cover. */
export async function componentShortages(
  tx: Tx,
  kit: number,
  units: number,
  orderId: number,
): Promise<Shortage[]> {
  const rows = await queryRows<Shortage>(
    tx,
    sql`select p.sku, p.name, (pc.qty_per_unit * ${units})::float8 as needed,
               ${freeComponentStock(sql`pc.component_product_id`, sql`${orderId}::bigint`)}::float8 as available
          from product_components pc join products p on p.id = pc.component_product_id
         where pc.product_id = ${kit}
         order by pc.id`,
  );
  return rows
    .map((r) => ({
      ...r,
      needed: round3(Number(r.needed)),
      available: round3(Number(r.available)),
    }))
    .filter((r) => r.needed > r.available);
}

/** Refuses the release of an order whose components are short, naming each, under its units. */
export async function assertComponentsFree(
  tx: Tx,
  kit: number,
  units: number,
  orderId: number,
): Promise<void> {
  const short = await componentShortages(tx, kit, units, orderId);
  if (short.length === 0) return;
  throw ruleError(
    'planned_units',
    `Not enough free stock to release: ${short.map(shortageText).join('; ')}`,
  );
}

/**
 * What a released order not yet sealed waits for, as text for its dashboard card (null when
 * nothing): its components that free stock no longer covers. Other orders' needs count as in
 * `freeComponentStock`, so two orders sharing a short component both say so.
 */
export function waitingForSql(order: SQL): SQL {
  return sql`(select string_agg(p.sku || ' needs ' || (oc.required_qty::float8)::text || ', '
                  || greatest(0, round((${freeComponentStock(sql`oc.product_id`, order)})::numeric, 3))::float8::text
                  || ' available', '; ' order by oc.id)
        from assembly_order_components oc join products p on p.id = oc.product_id
       where oc.assembly_order_id = ${order} and oc.consumed_qty = 0
         and oc.required_qty > ${freeComponentStock(sql`oc.product_id`, order)})`;
}
