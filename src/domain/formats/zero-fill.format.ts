import { ZERO_FILL_LENGTH } from '../constants.ts';

// Order and lot numbers are shown zero-filled so they sort and line up: 42 → '00042'.

/** `value` left-padded with zeros to `length` digits; a minus sign stays in front; longer values are kept whole; empty → ''. */
export function zeroFill(
  value: number | string | null | undefined,
  length: number = ZERO_FILL_LENGTH,
): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (text === '') return '';
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  return `${negative ? '-' : ''}${digits.padStart(length, '0')}`;
}
