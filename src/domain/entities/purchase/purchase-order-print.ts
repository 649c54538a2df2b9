// What the printed purchase order shows (GET …/purchase_orders/:id/print): the order with its
// lines, the supplier it goes to, and the company's letterhead from `general.company`.

export type Letterhead = {
  name: string;
  address: string | null;
  phone: string | null;
  business_number: string | null;
  excise_licence: string | null;
};

/** Where the goods go: the order's ship-to location and its address. */
export type PrintPlace = {
  name: string;
  address: string | null;
};

export type PrintSupplier = {
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
  tax_number: string | null;
  payment_terms_days: number;
  street: string | null;
  city: string | null;
  /** The province's or state's two-letter code (ON, NC). */
  province_code: string | null;
  postal_code: string | null;
  country_name: string | null;
};

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
