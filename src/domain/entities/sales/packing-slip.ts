import type { Letterhead } from '../purchase/purchase-order-print.ts';

// What a sales order's shipping documents show (GET …/sales_orders/:id/packing-slip, and the
// packing slip and bill of lading PDFs): the order, who it goes to, where it leaves from, the
// packing lists it left on (carrier, tracking), what left the building lot by lot, and line
// by line what was ordered, what shipped and what stays on backorder.

export type PackingSlipLine = {
  packing_list: string;
  product_sku: string;
  product_name: string;
  lot_no: string | null;
  expiry_date: string | null;
  measure_code: string | null;
  qty_shipped: number;
  /** mg/ml; a product with nicotine is a hazardous material on the bill of lading. */
  nicotine_mg: number | null;
};

export type PackingSlipCustomer = {
  code: string;
  name: string;
  ship_to: string | null;
  ship_to_province: string | null;
};

/**
 * An order line as the shipping documents account for it: ordered (less what was cancelled),
 * shipped so far on every packing list, and backordered (still owed, to ship later).
 */
export type OrderedLine = {
  product_sku: string;
  product_name: string;
  measure_code: string | null;
  qty_ordered: number;
  qty_shipped: number;
  qty_backordered: number;
};

/** A shipped packing list of the order, as the carrier took it. */
export type ShippedPackingList = {
  number: string;
  ship_date: string | null;
  carrier: string | null;
  tracking_no: string | null;
};

export type PackingSlip<Order> = {
  order: Order;
  customer: PackingSlipCustomer;
  ship_from: { name: string; address: string | null };
  packing_lists: ShippedPackingList[];
  shipped: PackingSlipLine[];
  /** Every line of the order: ordered, shipped, backordered. */
  ordered: OrderedLine[];
  company: Letterhead;
};

/** The packing slip route of an order (a page of its own, printed with the browser). */
export const packingSlipPath = (id: number) => `/sale/${id}/packing-slip`;

/** The order's shipping documents as PDF files (GET, below the sales orders' API). */
export const salesPdfApi = (
  api: string,
  id: number | ':id',
  document: 'packing-slip' | 'bill-of-lading',
) => `${api}/${id}/${document}.pdf`;

/** Whether a shipped line carries nicotine (a dangerous good to declare). */
export const hasNicotine = (line: PackingSlipLine) => (line.nicotine_mg ?? 0) > 0;
