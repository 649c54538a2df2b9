import { z } from 'zod';

// What the forecast's sales and stock reports answer (GET /api/forecast/sales-report and
// /stock-report): one zod schema for the routes' declarations and the report pages' types.

export const reportPeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  history_from: z.string(),
  history_to: z.string(),
  status: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const salesReportRowSchema = z.object({
  month: z.string(),
  product_id: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  family_name: z.string().nullable(),
  units: z.number(),
  cad: z.number(),
  forecast_units: z.number().nullable(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const stockReportRowSchema = z.object({
  product_id: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  family_name: z.string().nullable(),
  on_hand: z.number(),
  forecast_units: z.number(),
  safety_units: z.number(),
  weeks_of_cover: z.number().nullable(),
  /** Booleans travel as 1 and 0 (docs/product.md §7). */
  below_safety: z.literal([0, 1]),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

export type ForecastReport<R> = { period: ReportPeriod | null; rows: R[] };

/** A report's answer: the period it covers (none yet: null) and its rows. */
export const forecastReportSchema = <R extends z.ZodType>(row: R) =>
  z.object({ period: reportPeriodSchema.nullable(), rows: z.array(row) });
