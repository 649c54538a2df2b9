import { z } from 'zod';

// The wire shape the label check routes answer for an order a check can be recorded on: one
// declaration for the server that builds it (and its OpenAPI schema) and the form that reads it.

/** An order on the floor in labeling, with what its labels must read. */
export const labelingOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  version: z.number().int(),
  status: z.string(),
  product_sku: z.string().nullable(),
  product_name: z.string().nullable(),
  /** The product's UPC. */
  expected_code: z.string().nullable(),
  /** The batch lot's number. */
  expected_lot: z.string(),
  last_label_check: z.string().nullable(),
});

export type LabelingOrder = z.infer<typeof labelingOrderSchema>;
