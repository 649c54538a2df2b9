// The wire shape the label check routes answer for an order a check can be recorded on: one
// declaration for the server that builds it and the form that reads it.

/** An order on the floor in labeling, with what its labels must read. */
export type LabelingOrder = {
  id: number;
  number: string;
  version: number;
  status: string;
  product_sku: string | null;
  product_name: string | null;
  /** The product's UPC. */
  expected_code: string | null;
  /** The batch lot's number. */
  expected_lot: string;
  last_label_check: string | null;
};
