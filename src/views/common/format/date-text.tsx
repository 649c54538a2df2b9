import { DATE_FORMATS } from '../../../domain/constants.ts';
import {
  formatDate,
  formatDateTime,
  parseDate,
  type DateLike,
} from '../../../domain/formats/date.format.ts';

// A date as people read it (MM/DD/YYYY, docs/product.md §9) inside a <time> element whose machine
// value is ISO, so screen readers, copy-paste and e2e tests get an unambiguous date.

export interface DateTextProps {
  value: DateLike;
  /** Adds HH:mm:ss after the date. */
  withTime?: boolean;
}

export function DateText({ value, withTime = false }: DateTextProps) {
  const parsed = parseDate(value);
  if (!parsed) return null;
  const machine = parsed.format(withTime ? 'YYYY-MM-DDTHH:mm:ss' : DATE_FORMATS.isoDate);
  return <time dateTime={machine}>{withTime ? formatDateTime(value) : formatDate(value)}</time>;
}
