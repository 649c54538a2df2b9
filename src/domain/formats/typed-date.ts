import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { DATE_FORMATS } from '../constants.ts';

// What people type into a date field: the displayed form (03/05/2024, also 3/5/2024) or the
// ISO form (2024-03-05), optionally followed by a time. Parsed strictly so a half-typed or
// impossible date ('02/30/2024') is no value rather than a wrong one.
dayjs.extend(customParseFormat);

const DATE_PATTERNS = ['MM/DD/YYYY', 'M/D/YYYY', 'YYYY-MM-DD'] as const;
const TIME_PATTERNS = ['HH:mm:ss', 'H:mm:ss', 'HH:mm', 'H:mm'] as const;

const withTimes = DATE_PATTERNS.flatMap((date) => TIME_PATTERNS.map((time) => `${date} ${time}`));

/** 'YYYY-MM-DD' for typed text, or null when it is not (yet) a whole, real date. */
export function parseTypedDate(text: string): string | null {
  const parsed = dayjs(text.trim(), [...DATE_PATTERNS], true);
  return parsed.isValid() ? parsed.format(DATE_FORMATS.isoDate) : null;
}

/** 'YYYY-MM-DD HH:mm:ss' for typed text; a date alone means midnight; null when incomplete. */
export function parseTypedDateTime(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const parsed = dayjs(trimmed, [...withTimes, ...DATE_PATTERNS], true);
  return parsed.isValid() ? parsed.format(DATE_FORMATS.isoDateTime) : null;
}
