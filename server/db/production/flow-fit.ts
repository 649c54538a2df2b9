import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// **decision:** a product that requires excise stamps is made only on a flow with a stamping
// step. On any other flow its units would reach stock at labeling, unstamped under a stamped
// SKU, which may not be sold. Unstamped goods may run on any flow.

/** True where the flow `flowId` names can make the product `productId` names. */
const fits = (flowId: SQL, productId: number) =>
  sql`(not (select p.requires_stamp from products p where p.id = ${productId})
       or exists (select 1 from flow_actions fa join phases ph on ph.id = fa.phase_id
                   where fa.flow_id = ${flowId} and ph.code = 'stamping'))`;

/** Why `flowId` cannot make `productId` (for the person who chose it), or null. */
export async function flowMisfit(
  tx: Tx,
  flowId: number,
  productId: number,
): Promise<string | null> {
  const [row] = await queryRows<{ sku: string; fits: boolean }>(
    tx,
    sql`select p.sku, ${fits(sql`${flowId}`, productId)} as fits
          from products p where p.id = ${productId}`,
  );
  return row && !row.fits
    ? `${row.sku} needs excise stamps: choose a flow with a stamping step`
    : null;
}

/** The oldest active production flow that can make `productId`, if any. */
export async function firstFittingFlow(tx: Tx, productId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select f.id::int as id from flows f
         where f.module = 'production' and f.active and ${fits(sql`f.id`, productId)}
         order by f.id limit 1`,
  );
  return row?.id ?? null;
}
