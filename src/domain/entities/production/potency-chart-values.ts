import { z } from 'zod';
import { WESTGARD_RULES } from './potency-control.ts';

// The potency charts' API (docs/domain/production.md "Potency control charts"): what a chart is
// drawn for, how many results it holds, and the shapes the server answers with.

export const POTENCY_API = '/api/production/potency-charts';

/** A chart per product, per recipe (version) and per batcher. */
export const CHART_SUBJECTS = ['product', 'recipe', 'batcher'] as const;
export type ChartSubject = (typeof CHART_SUBJECTS)[number];

/** The newest results a chart draws and judges. */
export const CHART_WINDOW = 240;

// The answers are zod schemas of the wire (a flag as 1/0, docs/product.md §7), so the routes
// declare what the screens read and the screens' types come from the same place.

const ruleList = z.array(z.enum(WESTGARD_RULES));

export const potencyPointSchema = z.object({
  result_id: z.number().int(),
  production_order_id: z.number().int(),
  order_number: z.string(),
  lot_no: z.string().nullable(),
  tested_at: z.string(),
  percent_of_claim: z.number(),
  passed: z.literal([0, 1]),
  /** The % of claim again, as the chart judged it. */
  value: z.number(),
  limits: z.object({ centre: z.number(), sigma: z.number() }).nullable(),
  z: z.number().nullable(),
  rules: ruleList,
});
export type PotencyPoint = z.infer<typeof potencyPointSchema>;

export const potencyChartSchema = z.object({
  by: z.enum(CHART_SUBJECTS),
  id: z.number().int(),
  points: z.array(potencyPointSchema),
  /** The rules the newest result completes: the drift to act on now. */
  drift: ruleList,
});
export type PotencyChart = z.infer<typeof potencyChartSchema>;

/** The products, recipes or batchers with results, for choosing a chart. */
export const potencySubjectsSchema = z.array(
  z.object({ id: z.number().int(), label: z.string(), results: z.number().int() }),
);

/** A chart whose newest result is flagged, with that result's order. */
export const potencyDriftSchema = z.object({
  by: z.enum(CHART_SUBJECTS),
  id: z.number().int(),
  label: z.string(),
  rules: ruleList,
  production_order_id: z.number().int(),
  order_number: z.string(),
  percent_of_claim: z.number(),
});
export type PotencyDrift = z.infer<typeof potencyDriftSchema>;

const ml = z.number();

/** What an order's latest result asks for: its drift flags and the rework that would fix it. */
export const orderPotencySchema = z.object({
  production_order_id: z.number().int(),
  measured_mg: z.number().nullable(),
  target_mg: z.number().nullable(),
  batch_ml: z.number().nullable(),
  base: z
    .object({ product_id: z.number().int(), sku: z.string(), nicotine_mg: z.number() })
    .nullable(),
  /** Rules the order's latest result completed on its product, recipe and batcher charts. */
  flags: z.array(z.object({ by: z.enum(CHART_SUBJECTS), rules: ruleList })),
  proposal: z
    .object({ kind: z.enum(['nicotine_base', 'diluent']), add_ml: ml, final_ml: ml })
    .nullable(),
});
export type OrderPotency = z.infer<typeof orderPotencySchema>;

/** An order whose result makes one or more charts drift: what the wall flags on its card. */
export const driftingOrderSchema = z.object({
  production_order_id: z.number().int(),
  /** Every rule its result completes, on any chart, once each. */
  rules: ruleList,
  /** The charts it drifts, e.g. "product FG-MANGO-06-30 Mango 6 mg 30 ml". */
  charts: z.array(z.string()),
});
export type DriftingOrder = z.infer<typeof driftingOrderSchema>;

/** The drifts grouped by the order of the flagged result, in the order they came. */
export function driftingOrders(drifts: readonly PotencyDrift[]): DriftingOrder[] {
  const byOrder = new Map<number, DriftingOrder>();
  for (const drift of drifts) {
    const order = byOrder.get(drift.production_order_id) ?? {
      production_order_id: drift.production_order_id,
      rules: [],
      charts: [],
    };
    for (const rule of drift.rules) if (!order.rules.includes(rule)) order.rules.push(rule);
    order.charts.push(`${drift.by} ${drift.label}`);
    byOrder.set(drift.production_order_id, order);
  }
  return [...byOrder.values()];
}
