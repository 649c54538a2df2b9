import { NICOTINE_DECIMALS } from '../constants.ts';
import { formatNumber } from './number.format.ts';
import type { NumberLike } from './number-value.ts';

// A quantity as people read it on a document: thousands separators and its unit
// ('12,345 units', '1,800.00 ml', '6.000 mg'). Rounded half away from zero, like every other
// formatter, so the same value never reads differently on two screens.

/** `value` with thousands separators, `decimals` fixed decimals and `unit`; empty → ''. */
export function formatQuantity(value: NumberLike, unit: string, decimals = 0): string {
  const text = formatNumber(value, decimals);
  if (text === '') return '';
  return unit === '' ? text : `${text} ${unit}`;
}

// How many decimals a unit of measure is counted in (docs/domain/README.md types): what is counted
// (each, a case, a bottle) is whole; stock in ml, l, g or kg keeps the qty column's 3 (a
// flavour measured to the hundredth of a ml must not read as 0.13); a unit nobody listed
// keeps 3 as well, so nothing stored is hidden.
const COUNTED = ['ea', 'each', 'case', 'unit', 'units', 'bottle', 'bottles', 'pcs', 'stamps'];
const UNIT_DECIMALS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(COUNTED.map((code) => [code, 0])),
  mg: NICOTINE_DECIMALS,
};

/** Decimals a quantity in `unit` (a measure code such as 'ea', 'ml', 'kg') is shown with. */
export function unitDecimals(unit: string): number {
  return UNIT_DECIMALS[unit.trim().toLowerCase()] ?? QTY_DECIMALS;
}

/** Decimals of the `qty` columns (numeric(14,3)), the default of an unlisted unit. */
export const QTY_DECIMALS = 3;

/** A quantity in its unit with the unit's decimals: 45000 'ea' → '45,000 ea', 2937.6 'kg' → '2,937.600 kg'. */
export const formatMeasured = (value: NumberLike, unit: string): string =>
  formatQuantity(value, unit, unitDecimals(unit));

/** Decimals of a batch or bottle volume (docs/domain/README.md `ml`, numeric(14,2)). */
export const VOLUME_DECIMALS = 2;

/** A batch or bottle volume: 2937.6 → '2,937.60 ml'. */
export const formatVolume = (value: NumberLike): string =>
  formatQuantity(value, 'ml', VOLUME_DECIMALS);
