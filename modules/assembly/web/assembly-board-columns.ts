import { OPEN_ASSEMBLY_STATUSES } from '../shared/entities/assembly-order-values.ts';
import type { ASSEMBLY_DASHBOARD_ORDERS } from '../shared/entities/assembly-orders.entity.ts';
import type { RowOf } from '../../../src/domain/entity/row-of.ts';

// The assembly dashboard's columns (docs/domain/assembly.md §4: stage columns as in production):
// released orders waiting for the sealer, then one column per stage of the line. An order on hold
// stays in the column of the stage it was held in, with its hold badge.

export type BoardColumn = { key: string; title: string };

/** An open order as the assembly dashboard reads it. */
export type DashboardOrderRow = RowOf<typeof ASSEMBLY_DASHBOARD_ORDERS>;

export const ASSEMBLY_BOARD_COLUMNS: readonly BoardColumn[] = [
  { key: 'released', title: 'Released' },
  { key: 'sealing', title: 'Sealing' },
  { key: 'stamping', title: 'Stamping' },
  { key: 'cartoning', title: 'Cartoning' },
];

/**
 * The orders a board still shows: a live row keeps its place when it changes, so one that left
 * the board's statuses or stages (cancelled, or cartoned into stock) is dropped here.
 */
export function stillShown(
  rows: readonly DashboardOrderRow[],
  stages: readonly string[],
): DashboardOrderRow[] {
  const open: readonly (string | null)[] = OPEN_ASSEMBLY_STATUSES;
  return rows.filter(
    (row) => open.includes(row.status) && stages.includes(row.stage ?? 'released'),
  );
}

/** Orders by column, oldest in the stage first. */
export function assemblyColumns(
  rows: readonly DashboardOrderRow[],
): Map<string, DashboardOrderRow[]> {
  const columns = new Map(ASSEMBLY_BOARD_COLUMNS.map((c) => [c.key, [] as DashboardOrderRow[]]));
  for (const row of stillShown(
    rows,
    ASSEMBLY_BOARD_COLUMNS.map((c) => c.key),
  )) {
    const key = row.stage ?? 'released';
    columns.get(key)?.push(row);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const since = (row: DashboardOrderRow) => text(row.stage_since) || text(row.updated_at);
  for (const list of columns.values()) list.sort((a, b) => since(a).localeCompare(since(b)));
  return columns;
}
