import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatDateAs } from '../../../domain/formats/date.format.ts';

// Values of a printed sheet, read from rows that carry strings and numbers.

/** A row's value as text; anything else prints as nothing. */
export const printText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A yyyy-MM-dd as the plant writes dates; a dash when there is none. */
export const printDay = (value: unknown) =>
  printText(value) ? formatDateAs(printText(value), DATE_FORMATS.displayDate) : '—';
