import { NICOTINE_DECIMALS } from '../constants.ts';
import { toFiniteNumber, toFixedHalfAway, type NumberLike } from './number-value.ts';

// Nicotine strengths keep three decimals (docs/product.md §9) so 0.5 and 0.500 never look different
// between the recipe, the label and the HPLC result.

/** 1.5 → '1.500', 2.0005 → '2.001'; empty or non-numeric → ''. */
export function formatNicotine(value: NumberLike): string {
  const n = toFiniteNumber(value);
  return n === null ? '' : toFixedHalfAway(n, NICOTINE_DECIMALS);
}

/** The unit of a nicotine strength: milligrams per millilitre of liquid, never plain mg. */
export const STRENGTH_UNIT = 'mg/ml';

/** A strength with its unit: 3 → '3.000 mg/ml'; empty or non-numeric → ''. */
export function formatStrength(value: NumberLike): string {
  const text = formatNicotine(value);
  return text === '' ? '' : `${text} ${STRENGTH_UNIT}`;
}
