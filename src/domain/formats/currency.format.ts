import { CURRENCY } from '../constants.ts';
import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// Money is Canadian dollars with two decimals everywhere (docs/product.md §9). One formatter
// instance is reused because building Intl formatters is slow in long grids.
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

// Unit costs and prices keep sub-cent decimals (docs/domain/README.md `price`, numeric(14,4)):
// still CAD with at least two decimals, but a component at $0.0125 must not read as $0.01.
const unitPrices = new Map<number, Intl.NumberFormat>();

function unitPriceFormat(decimals: number): Intl.NumberFormat {
  let format = unitPrices.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(CURRENCY.locale, {
      style: 'currency',
      currency: CURRENCY.code,
      minimumFractionDigits: CURRENCY.decimals,
      maximumFractionDigits: decimals,
    });
    unitPrices.set(decimals, format);
  }
  return format;
}

/** '$12.50', '$0.0125' (at most `decimals`, at least two); empty or non-numeric → ''. */
export function formatUnitPrice(value: NumberLike, decimals = 4): string {
  const n = toFiniteNumber(value);
  const kept = Math.max(decimals, CURRENCY.decimals);
  return n === null ? '' : unitPriceFormat(kept).format(roundHalfAway(n, kept));
}

// A document in a supplier's currency (a purchase order in USD) shows its amounts in that
// currency: the code's own symbol in Canadian English ('US$1,234.50', '€12.00', '$3.20' for
// CAD), with `decimals` at most and the currency's two at least.
const byCurrency = new Map<string, Intl.NumberFormat>();

function currencyFormat(code: string, decimals: number): Intl.NumberFormat {
  const key = `${code}:${decimals}`;
  let format = byCurrency.get(key);
  if (!format) {
    format = new Intl.NumberFormat(CURRENCY.locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: CURRENCY.decimals,
      maximumFractionDigits: Math.max(decimals, CURRENCY.decimals),
    });
    byCurrency.set(key, format);
  }
  return format;
}

/** `value` in the currency of ISO code `code` (CAD when empty); empty or non-numeric → ''. */
export function formatMoneyIn(value: NumberLike, code: string, decimals = 2): string {
  const n = toFiniteNumber(value);
  const kept = Math.max(decimals, CURRENCY.decimals);
  return n === null
    ? ''
    : currencyFormat(code || CURRENCY.code, kept).format(roundHalfAway(n, kept));
}
