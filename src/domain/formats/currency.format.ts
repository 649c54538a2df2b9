import { CURRENCY } from '../constants.ts';
import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// Money is Canadian dollars with two decimals everywhere (spec §9). One formatter instance
// is reused because building Intl formatters is slow in long grids.
const cad = new Intl.NumberFormat(CURRENCY.locale, {
  style: 'currency',
  currency: CURRENCY.code,
  minimumFractionDigits: CURRENCY.decimals,
  maximumFractionDigits: CURRENCY.decimals,
});

/** '$1,234.50', '-$3.20'; empty or non-numeric input → ''. Rounds half away from zero first. */
export function formatCurrency(value: NumberLike): string {
  const n = toFiniteNumber(value);
  return n === null ? '' : cad.format(roundHalfAway(n, CURRENCY.decimals));
}
