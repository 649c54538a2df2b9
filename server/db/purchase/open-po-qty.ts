import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// What purchase orders still bring of a product: ordered, less received and cancelled, on
// every order not cancelled or closed (drafts included, so a suggestion is not ordered twice).

export const OPEN_PO_STATUSES_SQL = sql.raw(
  `('draft', 'pending_approval', 'approved', 'sent', 'partially_received', 'on_hold')`,
);

export function openPoQty(productId: SQLWrapper): SQL {
  return sql`(select coalesce(sum(greatest(0, pl.qty - pl.qty_received - pl.qty_cancelled)), 0)
      from purchase_order_lines pl join purchase_orders po on po.id = pl.purchase_order_id
     where pl.product_id = ${productId} and po.status in ${OPEN_PO_STATUSES_SQL})`;
}
