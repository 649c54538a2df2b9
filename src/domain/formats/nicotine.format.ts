import { NICOTINE_DECIMALS } from '../constants.ts';
import { toFiniteNumber, toFixedHalfAway, type NumberLike } from './number-value.ts';

// Nicotine strengths keep three decimals (spec §9) so 0.5 and 0.500 never look different
// between the recipe, the label and the HPLC result.

/** 1.5 → '1.500', 2.0005 → '2.001'; empty or non-numeric → ''. */
export function formatNicotine(value: NumberLike): string {
  const n = toFiniteNumber(value);
  return n === null ? '' : toFixedHalfAway(n, NICOTINE_DECIMALS);
}
