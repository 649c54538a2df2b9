import { z } from 'zod';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from './purchase-orders.entity.ts';

// What the printed purchase order shows (GET …/purchase_orders/:id/print): the order with its
// lines, the supplier it goes to, and the company's letterhead from `general.company`. The
// shapes are zod schemas, so the route declares what the print page reads.

export const letterheadSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  business_number: z.string().nullable(),
  excise_licence: z.string().nullable(),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

/** Where the goods go: the order's ship-to location and its address. */
export const printPlaceSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
});
export type PrintPlace = z.infer<typeof printPlaceSchema>;

export const printSupplierSchema = z.object({
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tax_number: z.string().nullable(),
  payment_terms_days: z.number().int(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  /** The province's or state's two-letter code (ON, NC). */
  province_code: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type PrintSupplier = z.infer<typeof printSupplierSchema>;

type SupplierAddress = Pick<
  PrintSupplier,
  'street' | 'city' | 'province_code' | 'postal_code' | 'country_name'
>;

/**
 * The supplier's address as an envelope reads it: the street, then 'City, ON  L4G 4C3', then
 * the country; parts never entered are left out, so a supplier without any has no lines.
 */
export function supplierAddressLines(supplier: SupplierAddress): string[] {
  const region = [supplier.province_code, supplier.postal_code].filter(Boolean).join('  ');
  const town = [supplier.city, region].filter(Boolean).join(', ');
  return [supplier.street, town, supplier.country_name].filter(
    (line): line is string => typeof line === 'string' && line !== '',
  );
}

/** A printed line: the fields the print view and the PDF show, with its id (the row key). */
export type PrintedOrderLine = Pick<
  PurchaseOrderLineRow,
  | 'id'
  | 'description'
  | 'qty'
  | 'unit_price'
  | 'line_total'
  | 'product_sku'
  | 'product_name'
  | 'measure_code'
>;

/** The order as printed: its header as the order's own reading, and its printed lines. */
export type PrintedOrder = PurchaseOrderRow & { lines: PrintedOrderLine[] };

export type PurchaseOrderPrint<Order> = {
  order: Order;
  supplier: PrintSupplier;
  company: Letterhead;
  ship_to: PrintPlace;
};

/** The print route of an order (a page of its own, printed with the browser). */
export const purchasePrintPath = (id: number) => `/purchase/${id}/print`;

/** The order as a PDF file (GET, below the purchase orders' API). */
export const purchasePdfApi = (api: string, id: number | ':id') => `${api}/${id}/pdf`;
