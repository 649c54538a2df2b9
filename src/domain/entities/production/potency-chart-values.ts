import type { ControlLimits, WestgardRule } from './potency-control.ts';
import type { ReworkProposal } from './potency-rework.ts';

// The potency charts' API (docs/domain/production.md "Potency control charts"): what a chart is
// drawn for, how many results it holds, and the shapes the server answers with.

export const POTENCY_API = '/api/production/potency-charts';

/** A chart per product, per recipe (version) and per batcher. */
export const CHART_SUBJECTS = ['product', 'recipe', 'batcher'] as const;
export type ChartSubject = (typeof CHART_SUBJECTS)[number];

/** The newest results a chart draws and judges. */
export const CHART_WINDOW = 240;

export type PotencyPoint = {
  result_id: number;
  production_order_id: number;
  order_number: string;
  lot_no: string | null;
  tested_at: string;
  percent_of_claim: number;
  passed: boolean;
  limits: ControlLimits | null;
  z: number | null;
  rules: WestgardRule[];
};

export type PotencyChart = {
  by: ChartSubject;
  id: number;
  points: PotencyPoint[];
  /** The rules the newest result completes: the drift to act on now. */
  drift: WestgardRule[];
};

/** A chart whose newest result is flagged, with that result's order. */
export type PotencyDrift = {
  by: ChartSubject;
  id: number;
  label: string;
  rules: WestgardRule[];
  production_order_id: number;
  order_number: string;
  percent_of_claim: number;
};

/** What an order's latest result asks for: its drift flags and the rework that would fix it. */
export type OrderPotency = {
  production_order_id: number;
  measured_mg: number | null;
  target_mg: number | null;
  batch_ml: number | null;
  base: { product_id: number; sku: string; nicotine_mg: number } | null;
  /** Rules the order's latest result completed on its product, recipe and batcher charts. */
  flags: { by: ChartSubject; rules: WestgardRule[] }[];
  proposal: ReworkProposal | null;
};
