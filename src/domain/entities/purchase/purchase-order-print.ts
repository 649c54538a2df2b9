// What the printed purchase order shows (GET …/purchase_orders/:id/print): the order with its
// lines, the supplier it goes to, and the company's letterhead from `general.company`.

export type Letterhead = {
  name: string;
  address: string | null;
  phone: string | null;
  business_number: string | null;
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
};

/** The print route of an order (a page of its own, printed with the browser). */
export const purchasePrintPath = (id: number) => `/purchase/${id}/print`;
