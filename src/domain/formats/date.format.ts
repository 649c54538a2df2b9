import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMATS, type DateFormat } from '../constants.ts';
import { displayTimeZone } from './display-zone.ts';

// Dates arrive as Date objects, ISO strings ('2024-03-05T14:07:09Z') or the API's local
// 'YYYY-MM-DD HH:mm:ss' / 'YYYY-MM-DD'. The plain forms are parsed strictly so '2024-02-30'
// is rejected instead of rolling over to March, as dayjs would by default.
// A moment (a Date, epoch milliseconds, an ISO string with its offset) is shown in the display
// time zone once one is set (the signed-in user's, see display-zone.ts), not the zone of
// the computer the browser runs on: a shipment at 19:24 in Toronto reads 19:24 on 11/24 from
// any desk. Plain days and wall-clock times are the plant's already and are never moved.
dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

const shown = (moment: Dayjs): Dayjs => {
  const zone = displayTimeZone();
  return zone ? moment.tz(zone) : moment;
};

/** A value a date formatter accepts; numbers are epoch milliseconds. */
export type DateLike = Date | string | number | null | undefined;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/** The valid dayjs for `value`, or null for empty or unparseable input. */
export function parseDate(value: DateLike): Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return parseString(value.trim());
  const parsed = dayjs(value);
  return parsed.isValid() ? shown(parsed) : null;
}

function parseString(text: string): Dayjs | null {
  if (text === '') return null;
  let parsed: Dayjs;
  if (PLAIN_DATE.test(text)) parsed = dayjs(text, DATE_FORMATS.isoDate, true);
  else if (PLAIN_DATE_TIME.test(text))
    parsed = dayjs(text, text.length === 16 ? 'YYYY-MM-DD HH:mm' : DATE_FORMATS.isoDateTime, true);
  else {
    const moment = dayjs(text);
    return moment.isValid() ? shown(moment) : null;
  }
  return parsed.isValid() ? parsed : null;
}

/** `value` in a dayjs `pattern`; empty or invalid input → ''. */
export function formatDateAs(value: DateLike, pattern: DateFormat): string {
  return parseDate(value)?.format(pattern) ?? '';
}

/** '03/05/2024': how dates are shown to people. */
export const formatDate = (value: DateLike): string =>
  formatDateAs(value, DATE_FORMATS.displayDate);

/** '09/26/2026 → 11/20/2026': a span of days as people read it; an end not set reads '—'. */
export const formatDateSpan = (from: DateLike, to: DateLike): string =>
  `${formatDate(from) || '—'} → ${formatDate(to) || '—'}`;

/** '14:07:09'. */
export const formatTime = (value: DateLike): string => formatDateAs(value, DATE_FORMATS.time);

/** '03/05/2024 14:07:09'. */
export const formatDateTime = (value: DateLike): string =>
  formatDateAs(value, DATE_FORMATS.displayDateTime);

/** '2024-03-05': the value of date inputs and of the API. */
export const formatIsoDate = (value: DateLike): string => formatDateAs(value, DATE_FORMATS.isoDate);

/** '2024-03-05 14:07:09': the value of datetime inputs and of the API. */
export const formatIsoDateTime = (value: DateLike): string =>
  formatDateAs(value, DATE_FORMATS.isoDateTime);

/** '03-05-2024'. */
export const formatDashedDate = (value: DateLike): string =>
  formatDateAs(value, DATE_FORMATS.dashedDate);
