import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// A quantity as people read it on a document: thousands separators and its unit
// ('12,345 units', '1,800.00 ml', '6.000 mg'). Rounded half away from zero, like every other
// formatter, so the same value never reads differently on two screens.

/** `value` with thousands separators, `decimals` fixed decimals and `unit`; empty → ''. */
export function formatQuantity(value: NumberLike, unit: string, decimals = 0): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  const text = roundHalfAway(n, decimals).toLocaleString('en-CA', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return unit === '' ? text : `${text} ${unit}`;
}
