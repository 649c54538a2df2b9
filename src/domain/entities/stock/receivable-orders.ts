import { formatDate } from '../../formats/date.format.ts';

// Receiving against a purchase order: the receiving form offers the supplier's
// orders that take goods (sent, partially received) and fills its lines from one order's open
// lines. Open = ordered − received − cancelled; the unit cost is the order's unit price in
// CAD at the exchange rate the order keeps, since the stock ledger values in CAD.

export const RECEIVABLE_ORDERS_API = '/api/inventory/receivable-orders';

/** The open lines of one receivable order: `${RECEIVABLE_ORDERS_API}/{id}/open-lines`. */
export const openLinesApi = (orderId: number) => `${RECEIVABLE_ORDERS_API}/${orderId}/open-lines`;

export type ReceivableOrder = {
  readonly id: number;
  readonly number: string;
  readonly supplier_id: number;
  readonly supplier_name: string;
  readonly status: string;
  /** yyyy-MM-dd or null. */
  readonly expected_date: string | null;
  readonly ship_to_location_id: number;
};

export type OpenOrderLine = {
  readonly purchase_order_line_id: number;
  readonly product_id: number;
  readonly product_sku: string;
  readonly product_name: string;
  readonly qty_open: number;
  /** CAD per base unit, 4 decimals (docs/domain/README.md `price`). */
  readonly unit_cost: number;
};

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
