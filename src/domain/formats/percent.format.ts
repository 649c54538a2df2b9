import { formatNumber } from './number.format.ts';
import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// A percentage is stored as its number of hundredths (98.5 means 98.5 %, docs/domain/README.md
// `pct`), so it is never multiplied here; only grouped, rounded and marked.

/** 98.5 → '98.50 %' with 2 decimals; empty or non-numeric → ''. */
export function formatPercent(value: NumberLike, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return text === '' ? '' : `${text} %`;
}

/** Decimals a tax rate is stored with (numeric(7,4)). */
const RATE_DECIMALS = 4;

/**
 * A tax rate with the precision it was set with, never rounded away: 9.975 → '9.975 %'
 * (Quebec's QST), 13 → '13.00 %'; at least 2 decimals, at most the stored 4.
 */
export function formatRate(value: NumberLike): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  const [, fraction = ''] = roundHalfAway(n, RATE_DECIMALS).toFixed(RATE_DECIMALS).split('.');
  return formatPercent(n, Math.max(2, fraction.replace(/0+$/, '').length));
}
