import { roundHalfAway, toFiniteNumber, type NumberLike } from './number-value.ts';

// Large quantities on dashboards read better as 1.2k or 3.4M (docs/product.md §9: k M G T P E).
const STEPS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * 1234 → '1.2k', 1_500_000 → '1.5M', -2500 → '-2.5k', 999 → '999'; `digits` decimals at
 * most, trailing zeros dropped. When rounding reaches the next step (999_950 → 1000k) the
 * next suffix is used instead ('1M'). Empty or non-numeric input → ''.
 */
export function formatShorthand(value: NumberLike, digits = 1): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (let i = 0; i < STEPS.length; i++) {
    const step = STEPS[i];
    if (!step || abs < step.value) continue;
    const scaled = roundHalfAway(abs / step.value, digits);
    const bigger = STEPS[i - 1];
    if (scaled >= 1000 && bigger)
      return `${sign}${roundHalfAway(abs / bigger.value, digits)}${bigger.symbol}`;
    return `${sign}${scaled}${step.symbol}`;
  }
  const small = roundHalfAway(abs, digits);
  if (small >= 1000) return `${sign}1k`;
  return small === 0 ? '0' : `${sign}${small}`;
}
