import { CURRENCY } from '../constants.ts';
import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// Plain numbers as people read them (docs/product.md §9): thousands separators and a fixed number
// of decimals, so a column of them lines up ('45,000.000', never '45000.000'). Grouping is the
// Canadian English one of the money formatter, so a quantity and a price never read
// differently on the same screen. Formatters are cached per decimals: building Intl
// formatters is slow in long grids.

const byDecimals = new Map<number, Intl.NumberFormat>();

function grouped(decimals: number): Intl.NumberFormat {
  let format = byDecimals.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(CURRENCY.locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    byDecimals.set(decimals, format);
  }
  return format;
}

/** 45000 → '45,000.000' with 3 decimals; rounds half away from zero; empty or non-numeric → ''. */
export function formatNumber(value: NumberLike, decimals = 0): string {
  const n = toFiniteNumber(value);
  return n === null ? '' : grouped(decimals).format(roundHalfAway(n, decimals));
}

/** A count: 12345 → '12,345'. */
export const formatInteger = (value: NumberLike): string => formatNumber(value, 0);

const trimmedByMax = new Map<number, Intl.NumberFormat>();

/**
 * A number inside a sentence ('6 × RM-PG', '2,937.5 ml short'): grouped, with the decimals it
 * has up to `maxDecimals` (the qty columns' 3), none when it is whole.
 */
export function formatAmount(value: NumberLike, maxDecimals = 3): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  let format = trimmedByMax.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat(CURRENCY.locale, { maximumFractionDigits: maxDecimals });
    trimmedByMax.set(maxDecimals, format);
  }
  return format.format(roundHalfAway(n, maxDecimals));
}
