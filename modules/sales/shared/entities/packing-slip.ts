import { z } from 'zod';
import { letterheadSchema } from '../../../../src/domain/entities/purchase/purchase-order-print.ts';

// What a sales order's shipping documents show (GET …/sales_orders/:id/packing-slip, and the
// packing slip and bill of lading PDFs): the order, who it goes to, where it leaves from, the
// packing lists it left on (carrier, tracking), what left the building lot by lot, and line
// by line what was ordered, what shipped and what stays on backorder.

export const packingSlipLineSchema = z.object({
  packing_list: z.string(),
  product_sku: z.string(),
  product_name: z.string(),
  lot_no: z.string().nullable(),
  expiry_date: z.string().nullable(),
  measure_code: z.string().nullable(),
  qty_shipped: z.number(),
  /** mg/ml; a product with nicotine is a hazardous material on the bill of lading. */
  nicotine_mg: z.number().nullable(),
});
export type PackingSlipLine = z.infer<typeof packingSlipLineSchema>;

export const packingSlipCustomerSchema = z.object({
  code: z.string(),
  name: z.string(),
  ship_to: z.string().nullable(),
  ship_to_province: z.string().nullable(),
});
export type PackingSlipCustomer = z.infer<typeof packingSlipCustomerSchema>;

/**
 * An order line as the shipping documents account for it: ordered (less what was cancelled),
 * shipped so far on every packing list, and backordered (still owed, to ship later).
 */
export const orderedLineSchema = z.object({
  product_sku: z.string(),
  product_name: z.string(),
  measure_code: z.string().nullable(),
  qty_ordered: z.number(),
  qty_shipped: z.number(),
  qty_backordered: z.number(),
});
export type OrderedLine = z.infer<typeof orderedLineSchema>;

/** A shipped packing list of the order, as the carrier took it. */
export const shippedPackingListSchema = z.object({
  number: z.string(),
  ship_date: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
});
export type ShippedPackingList = z.infer<typeof shippedPackingListSchema>;

/** Everything on the slip but the order itself, whose row schema is its entity's. */
export const packingSlipSchema = z.object({
  customer: packingSlipCustomerSchema,
  ship_from: z.object({ name: z.string(), address: z.string().nullable() }),
  packing_lists: z.array(shippedPackingListSchema),
  shipped: z.array(packingSlipLineSchema),
  /** Every line of the order: ordered, shipped, backordered. */
  ordered: z.array(orderedLineSchema),
  company: letterheadSchema,
});
export type PackingSlip<Order> = z.infer<typeof packingSlipSchema> & { order: Order };

/** The packing slip route of an order (a page of its own, printed with the browser). */
export const packingSlipPath = (id: number) => `/sale/${id}/packing-slip`;

/** The order itself (sales-order-print.ts) and its shipping documents, as PDF files. */
export type SalesPdfDocument = 'sales-order' | 'packing-slip' | 'bill-of-lading';

/** An order's PDF file (GET, below the sales orders' API). */
export const salesPdfApi = (api: string, id: number | ':id', document: SalesPdfDocument) =>
  `${api}/${id}/${document}.pdf`;

/** Whether a shipped line carries nicotine (a dangerous good to declare). */
export const hasNicotine = (line: PackingSlipLine) => (line.nicotine_mg ?? 0) > 0;
