import { UNITS } from '../constants.ts';
import { formatNumber } from './number.format.ts';
import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// Strength is in mg and volume in ml (docs/product.md §9). Without `decimals` the number is shown
// as is (60 ml, 1.5 ml); with it the decimals are fixed, e.g. a nicotine strength with 3. Both
// group thousands ('2,937.6 ml').

function withUnit(value: NumberLike, unit: string, decimals?: number): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  const text =
    decimals === undefined
      ? roundHalfAway(n, 6).toLocaleString('en-CA', { maximumFractionDigits: 6 })
      : formatNumber(n, decimals);
  return `${text} ${unit}`;
}

/** '3 mg', or '3.000 mg' with decimals 3; empty → ''. */
export const formatMg = (value: NumberLike, decimals?: number): string =>
  withUnit(value, UNITS.strength, decimals);

/** '60 ml', or '60.0 ml' with decimals 1; empty → ''. */
export const formatMl = (value: NumberLike, decimals?: number): string =>
  withUnit(value, UNITS.volume, decimals);
