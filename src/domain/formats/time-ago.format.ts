import { parseDate, type DateLike } from './date.format.ts';

// How long ago something happened, coarse on purpose (docs/product.md §9): minutes under an hour,
// hours under a day, then days. `now` is a parameter so callers and tests control the clock.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** '0 minutes ago' … '59 minutes ago', '1 hour ago' … '23 hours ago', '1 day ago', …; future times count as now. */
export function formatTimeAgo(value: DateLike, now: Date | number = Date.now()): string {
  const then = parseDate(value);
  if (!then) return '';
  const elapsed = Math.max(0, Number(now) - then.valueOf());
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  return plural(Math.floor(elapsed / DAY_MS), 'day');
}
