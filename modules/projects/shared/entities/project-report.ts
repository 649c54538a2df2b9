import { z } from 'zod';

// The projects report's arithmetic (docs/domain/projects.md §9 /projects_report), one row per
// project from the counts the server reads. Cancelled tasks are not work to do: they count nowhere.

/** What the server counts for one project. */
export type ProjectReportFacts = {
  readonly id: number;
  readonly number: string | null;
  readonly name: string;
  readonly owner_id: number;
  readonly owner_name: string | null;
  readonly status: string;
  readonly start_date: string;
  readonly due_date: string;
  readonly completed_on: string | null;
  /** Tasks not cancelled. */
  readonly tasks_total: number;
  readonly tasks_done: number;
  /** Tasks neither done nor cancelled whose due day has passed. */
  readonly tasks_overdue: number;
  readonly hours: number;
};

export type ProjectReportRow = ProjectReportFacts & {
  /** Done ÷ total tasks × 100, whole; 0 for a project without tasks. */
  readonly pct_complete: number;
  /** Days past its due day: to its completion, or to today while it runs; 0 when cancelled. */
  readonly days_late: number;
};

/** What GET /api/projects/report answers: the plant's today and one row per project. */
export const projectReportSchema: z.ZodType<{ today: string; rows: ProjectReportRow[] }> = z.object(
  {
    today: z.string(),
    rows: z.array(
      z.object({
        id: z.number().int(),
        number: z.string().nullable(),
        name: z.string(),
        owner_id: z.number().int(),
        owner_name: z.string().nullable(),
        status: z.string(),
        start_date: z.string(),
        due_date: z.string(),
        completed_on: z.string().nullable(),
        tasks_total: z.number().int(),
        tasks_done: z.number().int(),
        tasks_overdue: z.number().int(),
        hours: z.number(),
        pct_complete: z.number().int(),
        days_late: z.number().int(),
      }),
    ),
  },
);

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function projectReportRow(facts: ProjectReportFacts, today: string): ProjectReportRow {
  const pct = facts.tasks_total > 0 ? Math.round((100 * facts.tasks_done) / facts.tasks_total) : 0;
  const end =
    facts.status === 'completed' ? facts.completed_on : facts.status === 'cancelled' ? null : today;
  const late = end ? Math.max(0, daysBetween(facts.due_date, end)) : 0;
  return {
    ...facts,
    hours: Math.round(facts.hours * 100) / 100,
    pct_complete: pct,
    days_late: late,
  };
}

export type ProjectReportTotals = {
  readonly projects: number;
  readonly tasks_total: number;
  readonly tasks_done: number;
  readonly tasks_overdue: number;
  readonly hours: number;
  readonly late_projects: number;
};

export function projectReportTotals(rows: readonly ProjectReportRow[]): ProjectReportTotals {
  const sum = (pick: (r: ProjectReportRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    projects: rows.length,
    tasks_total: sum((r) => r.tasks_total),
    tasks_done: sum((r) => r.tasks_done),
    tasks_overdue: sum((r) => r.tasks_overdue),
    hours: Math.round(sum((r) => r.hours) * 100) / 100,
    late_projects: rows.filter((r) => r.days_late > 0).length,
  };
}
