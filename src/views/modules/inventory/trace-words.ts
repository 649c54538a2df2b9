import { formatDate } from '../../../domain/formats/date.format.ts';
import { statusLabel } from '../../../domain/status-tags.ts';

// A trace node's detail and date as a person reads them: the server describes a node as parts
// joined by ' · ' ('FG-MANGO Mango · released', 'confirmed · partially_shipped'), the statuses
// in their codes and the date as the wire's ISO text; the table and the graph show the
// statuses' labels and the date in the plant's format.

/** A part that is one status code (`partially_shipped`, `released`). */
const STATUS_CODE = /^[a-z]+(_[a-z]+)*$/;

/** `confirmed · partially_shipped` → 'Confirmed · Partially shipped'. */
export function traceDetailText(detail: string | null): string {
  if (!detail) return '';
  return detail
    .split(' · ')
    .map((part) => (STATUS_CODE.test(part) ? statusLabel(part) : part))
    .join(' · ');
}

/** A node's moment as the day it happened, in the plant's format. */
export function traceDayText(at: string | null): string {
  return at ? formatDate(at.slice(0, 10)) : '';
}

/** `1 customer`, `3 customers`. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
