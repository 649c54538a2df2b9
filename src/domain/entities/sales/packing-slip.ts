import type { Letterhead } from '../purchase/purchase-order-print.ts';

// What a sales order's packing slip shows (GET …/sales_orders/:id/packing-slip): the order,
// who it goes to, and what left the building, lot by lot, from its shipped packing lists.

export type PackingSlipLine = {
  packing_list: string;
  product_sku: string;
  product_name: string;
  lot_no: string | null;
  expiry_date: string | null;
  measure_code: string | null;
  qty_shipped: number;
};

export type PackingSlipCustomer = {
  code: string;
  name: string;
  ship_to: string | null;
  ship_to_province: string | null;
};

export type PackingSlip<Order> = {
  order: Order;
  customer: PackingSlipCustomer;
  shipped: PackingSlipLine[];
  company: Letterhead;
};

/** The packing slip route of an order (a page of its own, printed with the browser). */
export const packingSlipPath = (id: number) => `/sale/${id}/packing-slip`;
