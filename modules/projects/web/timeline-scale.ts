import { daysBetween } from '../shared/entities/project-report.ts';

// The days a task timeline spans and where a day falls on it, without React, so the Gantt's
// geometry can be reasoned about (and tested) on its own.

export type TimelineTask = {
  readonly id: number;
  readonly start_date: string;
  readonly due_date: string;
};

export type TimelineScale = {
  readonly first: string;
  readonly days: number;
  /** x of the start of `day` for a chart `width` wide. */
  x(day: string, width: number): number;
};

/** `day` moved by `n` days (negative: earlier). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** From a day before the earliest start to a day after the latest due day or today. */
export function timelineScale(tasks: readonly TimelineTask[], today: string): TimelineScale {
  const starts = tasks.map((t) => t.start_date).concat(today);
  const ends = tasks.map((t) => t.due_date).concat(today);
  const first = addDays(
    starts.reduce((a, b) => (b < a ? b : a)),
    -1,
  );
  const last = addDays(
    ends.reduce((a, b) => (b > a ? b : a)),
    2,
  );
  const days = Math.max(1, daysBetween(first, last));
  return { first, days, x: (day, width) => (daysBetween(first, day) / days) * width };
}

/** The first day of each month inside the span, for the axis. */
export function monthStarts(scale: TimelineScale): string[] {
  const out: string[] = [];
  const last = addDays(scale.first, scale.days);
  let day = `${scale.first.slice(0, 7)}-01`;
  while (day <= last) {
    if (day >= scale.first) out.push(day);
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    day = d.toISOString().slice(0, 10);
  }
  return out;
}

/** The day after `day`: a task due on a day takes that whole day. */
export const dayAfter = (day: string) => addDays(day, 1);

/** Days between labelled ticks, the fewest that leave `minGap` pixels between labels. */
const TICK_STEPS = [1, 2, 7, 14, 28] as const;

/**
 * The days the axis labels for a chart `width` wide: every day when there is room, else every
 * other day, else Mondays a week or more apart. One unit, days, on the one axis; the month band
 * above only names the months those days fall in.
 */
export function dayTicks(scale: TimelineScale, width: number, minGap = 52): string[] {
  const perDay = width / scale.days;
  const step = TICK_STEPS.find((s) => s * perDay >= minGap) ?? 28;
  let day = scale.first;
  if (step >= 7) {
    // Monday on or after the first day: weekly ticks fall on week starts.
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    day = addDays(day, (8 - weekday) % 7);
  }
  const out: string[] = [];
  for (let i = 0; i * step <= scale.days; i += 1) out.push(addDays(day, i * step));
  return out.filter((d) => d <= addDays(scale.first, scale.days));
}

/** Whole days a horizontal drag of `dx` pixels moves, on a chart `width` wide. */
export function daysDragged(scale: TimelineScale, width: number, dx: number): number {
  return Math.round((dx / width) * scale.days);
}
