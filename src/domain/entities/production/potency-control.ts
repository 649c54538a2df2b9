// Potency control charts (docs/domain/production.md "Potency control charts"): every HPLC result's
// % of claim on an individuals chart, judged with Westgard's rules against limits taken from the
// results before it that were themselves in control.
//
// Sigma is estimated from the moving range (MR-bar / 1.128, d2 for n = 2), not the sample
// standard deviation: a slow drift shifts consecutive batches by little, so the moving range
// keeps measuring the batch-to-batch noise while s would grow with the drift itself, widen the
// limits and hide the very drift the chart is there to show. It is the estimate individuals
// charts use (Montgomery, Introduction to Statistical Quality Control, §6.4).

export const WESTGARD_RULES = ['1-3s', '2-2s', 'R-4s', '4-1s', '10-x'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];

/** d2 of a moving range of two consecutive results. */
export const D2_OF_TWO = 1.128;
/** How many in-control results at most the limits are taken from (the latest ones). */
export const BASELINE_SIZE = 20;
/** Fewer in-control results than this: the limits are not set yet and nothing is judged. */
export const BASELINE_MIN = 8;

export type ControlLimits = { centre: number; sigma: number };

export type ChartPoint = {
  /** % of claim. */
  value: number;
  /** The limits the point was judged against; null while the baseline is too short. */
  limits: ControlLimits | null;
  /** (value − centre) / sigma; null without limits. */
  z: number | null;
  /** Every rule this point completes. */
  rules: WestgardRule[];
};

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Centre line and sigma (MR-bar / 1.128) of a run of results; null for fewer than two. */
export function individualsLimits(values: readonly number[]): ControlLimits | null {
  if (values.length < 2) return null;
  let ranges = 0;
  for (let i = 1; i < values.length; i += 1) ranges += Math.abs(values[i]! - values[i - 1]!);
  return { centre: mean(values), sigma: ranges / (values.length - 1) / D2_OF_TWO };
}

/**
 * The rules the last of `z` (standardized results, oldest first) completes. Each rule looks back
 * from the newest point only, so a point is flagged once, when its rule is met.
 */
export function westgardRules(z: readonly number[]): WestgardRule[] {
  const n = z.length;
  const last = z[n - 1];
  if (last === undefined) return [];
  const tail = (k: number) => (n >= k ? z.slice(n - k) : null);
  const all = (k: number, test: (v: number) => boolean) => tail(k)?.every(test) ?? false;
  const found: WestgardRule[] = [];
  if (Math.abs(last) > 3) found.push('1-3s');
  if (all(2, (v) => v > 2) || all(2, (v) => v < -2)) found.push('2-2s');
  const previous = z[n - 2];
  if (previous !== undefined && ((last > 2 && previous < -2) || (last < -2 && previous > 2))) {
    found.push('R-4s');
  }
  if (all(4, (v) => v > 1) || all(4, (v) => v < -1)) found.push('4-1s');
  if (all(10, (v) => v > 0) || all(10, (v) => v < 0)) found.push('10-x');
  return found;
}

/**
 * The chart of a series of results, oldest first. Each point is judged against the limits of
 * the last BASELINE_SIZE in-control points before it; a flagged point joins no later baseline,
 * so a drift never becomes the new normal.
 */
export function controlChart(values: readonly number[]): ChartPoint[] {
  const inControl: number[] = [];
  const z: number[] = [];
  const points: ChartPoint[] = [];
  for (const value of values) {
    const limits =
      inControl.length >= BASELINE_MIN ? individualsLimits(inControl.slice(-BASELINE_SIZE)) : null;
    if (!limits || limits.sigma === 0) {
      // Not judged: no run of rules spans it.
      z.length = 0;
      inControl.push(value);
      points.push({ value, limits, z: null, rules: [] });
      continue;
    }
    const score = (value - limits.centre) / limits.sigma;
    z.push(score);
    const rules = westgardRules(z);
    if (rules.length === 0) inControl.push(value);
    points.push({ value, limits, z: score, rules });
  }
  return points;
}

/** The rules the chart's newest point is flagged with: the drift to act on now. */
export function driftOf(points: readonly ChartPoint[]): WestgardRule[] {
  return points.at(-1)?.rules ?? [];
}
