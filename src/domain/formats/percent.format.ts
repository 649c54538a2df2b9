import { formatNumber } from './number.format.ts';
import type { NumberLike } from './number-value.ts';

// A percentage is stored as its number of hundredths (98.5 means 98.5 %, domain.md `pct`),
// so it is never multiplied here; only grouped, rounded and marked.

/** 98.5 → '98.50 %' with 2 decimals; empty or non-numeric → ''. */
export function formatPercent(value: NumberLike, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return text === '' ? '' : `${text} %`;
}
