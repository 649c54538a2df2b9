import { formatDate } from './date.format.ts';
import { formatNumber } from './number.format.ts';
import { toFiniteNumber } from './number-value.ts';
import { formatShorthand } from './shorthand.format.ts';

// What chart axes and tooltips say (docs/product.md §9), through the same formatters as grids: a
// day is MM/DD/YYYY, never the wire's '2026-11-27'; a value is grouped ('12,500'), and an axis tick
// past ten thousand is shortened ('12.5k') so it fits beside the plot.

/** Above this an axis tick is shortened: '12.5k' fits where '12,500' would be cut. */
const SHORTHAND_FROM = 10_000;

/** A day as the API writes it, alone or leading a moment. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** A tick or tooltip label of a day axis: '2026-11-27' → '11/27/2026'; anything else as it is. */
export function formatDayTick(day: unknown): string {
  if (typeof day === 'number') return String(day);
  if (typeof day !== 'string') return '';
  return ISO_DAY.test(day) ? formatDate(day) || day : day;
}

/** Decimals a chart shows of a value: none for a whole one, two for the rest. */
const decimalsOf = (n: number) => (Number.isInteger(n) ? 0 : 2);

/** A value axis tick: 1500 → '1,500', 12500 → '12.5k', 50 '%' → '50 %'. */
export function formatValueTick(value: unknown, unit = ''): string {
  const n = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
  if (n === null) return '';
  const text = Math.abs(n) >= SHORTHAND_FROM ? formatShorthand(n) : formatNumber(n, decimalsOf(n));
  return unit === '' ? text : `${text} ${unit}`;
}

/** A tooltip's value, in full: 12500 → '12,500', 3.456 '%' → '3.46 %'; no value → '—'. */
export function formatChartValue(value: unknown, unit = ''): string {
  const n = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
  if (n === null) return '—';
  const text = formatNumber(n, decimalsOf(n));
  return unit === '' ? text : `${text} ${unit}`;
}
