import type { DashboardOrderRow } from '../../../../domain/entities/production/production-orders.entity.ts';

// The production dashboard's columns (docs/domain/production.md §3.5: a column per stage). An order
// on hold stays in the column of the stage it was held in, with its hold badge.

export type DashboardColumn = { key: string; title: string; stages: readonly string[] };

export const DASHBOARD_COLUMNS: readonly DashboardColumn[] = [
  { key: 'released', title: 'Released', stages: [] },
  { key: 'batching', title: 'Batching', stages: ['batching'] },
  { key: 'hplc', title: 'HPLC', stages: ['hplc_pending', 'hplc_failed', 'hplc_passed'] },
  { key: 'bottling', title: 'Bottling', stages: ['bottling'] },
  { key: 'labeling', title: 'Labeling', stages: ['labeling'] },
  { key: 'stamping', title: 'Stamping', stages: ['stamping'] },
  { key: 'transfer', title: 'Transfer', stages: ['transfer_pending'] },
];

/** The column an open order shows in: its stage's, or Released before batching starts. */
export function columnOf(row: DashboardOrderRow): string {
  const { stage } = row;
  return (
    DASHBOARD_COLUMNS.find((c) => stage !== null && c.stages.includes(stage))?.key ?? 'released'
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Orders by column, most urgent first, then oldest in the stage first. */
export function byColumn(rows: readonly DashboardOrderRow[]): Map<string, DashboardOrderRow[]> {
  const rank: Record<string, number> = { urgent: 0, high: 1, normal: 2, low: 3 };
  const columns = new Map(DASHBOARD_COLUMNS.map((c) => [c.key, [] as DashboardOrderRow[]]));
  for (const row of rows) columns.get(columnOf(row))?.push(row);
  for (const list of columns.values()) {
    list.sort(
      (a, b) =>
        (rank[a.priority ?? ''] ?? 2) - (rank[b.priority ?? ''] ?? 2) ||
        text(a.stage_since).localeCompare(text(b.stage_since)),
    );
  }
  return columns;
}

/** Units done in the order's latest counting stage. */
export function doneUnits(row: DashboardOrderRow): number {
  return row.stamped_units || row.labeled_units || row.bottled_units || 0;
}

/** "1 h 05 min" since `since`, for a card's elapsed time. */
export function elapsed(since: unknown, now: number): string {
  if (typeof since !== 'string' && !(since instanceof Date)) return '';
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
