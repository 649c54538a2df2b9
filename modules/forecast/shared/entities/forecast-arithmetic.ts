// The arithmetic of a forecast period (docs/domain/forecast.md §11), kept apart from the database
// so the hand-computed cases of the tests and the server's generate step are the same code.

export type QtyRange = {
  readonly min_units: number;
  /** null = no upper bound. */
  readonly max_units: number | null;
  readonly round_to_units: number;
};

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both yyyy-MM-dd and both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * history × period_days / history_days × (1 + growth%), in whole units rounded half-up
 * (**decision**: a forecast is of units sold, so it is a whole number).
 */
export function defaultForecastUnits(
  historyUnits: number,
  periodDays: number,
  historyDays: number,
  growthPct: number,
): number {
  if (historyDays <= 0) return 0;
  const units = ((historyUnits * periodDays) / historyDays) * (1 + growthPct / 100);
  return Math.max(0, Math.floor(units + 0.5 + 1e-9));
}

/** required = max(0, forecast + safety − on hand − open production orders). */
export function requiredUnits(p: {
  forecast: number;
  safety: number;
  onHand: number;
  openOrders: number;
}): number {
  return Math.max(0, p.forecast + p.safety - p.onHand - p.openOrders);
}

/** The range `units` falls in (min ≤ units ≤ max), or null. */
export function rangeOf(ranges: readonly QtyRange[], units: number): QtyRange | null {
  return (
    ranges.find((r) => r.min_units <= units && (r.max_units === null || units <= r.max_units)) ??
    null
  );
}

/** planned = ceil(required / round_to) × round_to by the range it falls in; as is outside any. */
export function plannedUnits(ranges: readonly QtyRange[], required: number): number {
  if (required <= 0) return 0;
  const range = rangeOf(ranges, required);
  if (!range || range.round_to_units <= 0) return required;
  return Math.ceil(required / range.round_to_units - 1e-9) * range.round_to_units;
}

/** The index pairs of ranges that overlap: what the ranges form refuses. */
export function overlappingRanges(ranges: readonly QtyRange[]): Array<[number, number]> {
  const overlaps: Array<[number, number]> = [];
  for (let i = 0; i < ranges.length; i += 1) {
    for (let j = i + 1; j < ranges.length; j += 1) {
      const a = ranges[i]!;
      const b = ranges[j]!;
      const aMax = a.max_units ?? Infinity;
      const bMax = b.max_units ?? Infinity;
      if (a.min_units <= bMax && b.min_units <= aMax) overlaps.push([i, j]);
    }
  }
  return overlaps;
}

/** Allocation shares of one family may not pass 100 % (`more100%`, docs/product.md §5). */
export function allocationOverflows(sharesPct: readonly number[]): boolean {
  return sharesPct.reduce((a, b) => a + b, 0) > 100 + 1e-9;
}

/**
 * Weeks the stock on hand lasts at the period's forecast rate (stock-report); null when the
 * forecast sells nothing, so no rate to run out at.
 */
export function weeksOfCover(
  onHand: number,
  forecastUnits: number,
  periodDays: number,
): number | null {
  if (forecastUnits <= 0 || periodDays <= 0) return null;
  const perWeek = (forecastUnits * 7) / periodDays;
  return Math.round((Math.max(0, onHand) / perWeek) * 10) / 10;
}

/** Days of `month` (yyyy-MM) inside [from, to], both yyyy-MM-dd: how much of a forecast it gets. */
export function daysOfMonthWithin(month: string, from: string, to: string): number {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const start = first > from ? first : from;
  const end = last < to ? last : to;
  return end < start ? 0 : daysInclusive(start, end);
}
