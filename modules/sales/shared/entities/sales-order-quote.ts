import { z } from 'zod';
import type { SalesOrderFigures } from './sales-order-figures.ts';

// A sales order's figures before it is saved (POST <orders api>/quote): what the server would
// store for the customer, order date and lines the line editor holds, computed by the code a
// save runs, so the person sees each line's price before committing to it.

/** A line as priced: its product and quantity. */
export type QuoteLine = { readonly product_id: number; readonly qty: number };

export type SalesOrderQuoteRequest = {
  readonly customer_id: number;
  /** yyyy-MM-dd */
  readonly order_date: string;
  readonly lines: readonly QuoteLine[];
};

/** One line as the order will store it: tier price, discounts applied, net price, total. */
export type QuotedLine = {
  product_id: number;
  product_sku: string;
  qty: number;
  /** The tier price at the best quantity break on the order date. */
  unit_price: number;
  /** The discounts applied, in the order they were applied. */
  discount_ids: number[];
  discount_codes: string[];
  net_unit_price: number;
  /** Off the whole line. */
  discount_amount: number;
  line_total: number;
  /** Vaping duty per unit (federal + the stamp province's additional) and on the line. */
  federal_duty_rate_id: number | null;
  federal_duty: number;
  provincial_duty_rate_id: number | null;
  provincial_duty: number;
  duty_per_unit: number;
  duty_total: number;
};

export type SalesOrderQuote = Omit<SalesOrderFigures, 'line_totals'> & {
  ship_to_address_id: number | null;
  price_tier_id: number | null;
  tax_setup_id: number | null;
  lines: QuotedLine[];
};

/** What the quote route answers, for its declaration (its OpenAPI `data`). */
export const salesOrderQuoteSchema: z.ZodType<SalesOrderQuote> = z.object({
  subtotal: z.number(),
  discount_total: z.number(),
  taxes: z.array(
    z.object({ tax_code: z.string(), rate: z.number(), base: z.number(), amount: z.number() }),
  ),
  duty_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  ship_to_address_id: z.number().int().nullable(),
  price_tier_id: z.number().int().nullable(),
  tax_setup_id: z.number().int().nullable(),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      product_sku: z.string(),
      qty: z.number(),
      unit_price: z.number(),
      discount_ids: z.array(z.number().int()),
      discount_codes: z.array(z.string()),
      net_unit_price: z.number(),
      discount_amount: z.number(),
      line_total: z.number(),
      federal_duty_rate_id: z.number().int().nullable(),
      federal_duty: z.number(),
      provincial_duty_rate_id: z.number().int().nullable(),
      provincial_duty: z.number(),
      duty_per_unit: z.number(),
      duty_total: z.number(),
    }),
  ),
});

/** The quote route under the orders' api. */
export const salesOrderQuoteApi = (api: string) => `${api}/quote`;
