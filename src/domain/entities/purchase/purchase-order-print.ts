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
};

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
