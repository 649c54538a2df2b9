import { z } from 'zod';
import { formatDate } from '../../formats/date.format.ts';

// Receiving against a purchase order: the receiving form offers the supplier's
// orders that take goods (sent, partially received) and fills its lines from one order's open
// lines. Open = ordered − received − cancelled; the unit cost is the order's unit price in
// CAD at the exchange rate the order keeps, since the stock ledger values in CAD.

export const RECEIVABLE_ORDERS_API = '/api/inventory/receivable-orders';

/** The open lines of one receivable order: `${RECEIVABLE_ORDERS_API}/{id}/open-lines`. */
export const openLinesApi = (orderId: number) => `${RECEIVABLE_ORDERS_API}/${orderId}/open-lines`;

export const receivableOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  status: z.string(),
  /** yyyy-MM-dd or null. */
  expected_date: z.string().nullable(),
  ship_to_location_id: z.number().int(),
});
export type ReceivableOrder = Readonly<z.infer<typeof receivableOrderSchema>>;

export const openOrderLineSchema = z.object({
  purchase_order_line_id: z.number().int(),
  product_id: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  qty_open: z.number(),
  /** CAD per base unit, 4 decimals (docs/domain/README.md `price`). */
  unit_cost: z.number(),
});
export type OpenOrderLine = Readonly<z.infer<typeof openOrderLineSchema>>;

/** How an order reads in the picker: `PO-00012 · sent · expected 03/01/2026`. */
export function receivableOrderLabel(order: ReceivableOrder): string {
  const parts = [order.number, order.status.replaceAll('_', ' ')];
  if (order.expected_date) parts.push(`expected ${formatDate(order.expected_date)}`);
  return parts.join(' · ');
}

/** A PO unit price in CAD per unit at the order's rate, to 4 decimals half-up. */
export function unitCostInCad(unitPrice: number, exchangeRate: number): number {
  return Math.round(unitPrice * exchangeRate * 10000 + 1e-7) / 10000;
}
