// Shared by the number formatters: values reach them from the API as numbers, numeric strings
// ("12.50" from decimal columns) or nothing, and every formatter must treat them alike.

/** A value a number formatter accepts; null, undefined and '' format as ''. */
export type NumberLike = number | string | null | undefined;

/** The finite number in `value`, or null for empty, non-numeric, NaN and infinite input. */
export function toFiniteNumber(value: NumberLike): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * Rounds half away from zero on the decimal digits a person sees: 1.005 → 1.01, where
 * `toFixed` gives 1.00 because 1.005 is stored as 1.00499…. Shifting through the exponent
 * keeps the shortest decimal form of the number. Never returns -0.
 */
export function roundHalfAway(value: number, decimals: number): number {
  // Exponent notation (1e21, 1e-7) cannot take the shift; such values need no half-way fix.
  if (String(Math.abs(value)).includes('e')) return Number(value.toFixed(decimals)) || 0;
  const magnitude = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`);
  const rounded = Math.sign(value) * magnitude;
  return rounded === 0 ? 0 : rounded;
}

/** `value` rounded and written with exactly `decimals` decimals, e.g. 1.5 → '1.500'. */
export function toFixedHalfAway(value: number, decimals: number): string {
  return roundHalfAway(value, decimals).toFixed(decimals);
}
