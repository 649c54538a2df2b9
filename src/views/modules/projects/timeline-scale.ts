import { daysBetween } from '../../../domain/entities/projects/project-report.ts';

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

function addDays(day: string, n: number): string {
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
