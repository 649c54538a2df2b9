import { OPEN_ASSEMBLY_STATUSES } from '../../../domain/entities/assembly/assembly-order-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The assembly dashboard's columns (docs/domain/assembly.md §4: stage columns as in production):
// released orders waiting for the sealer, then one column per stage of the line. An order on hold
// stays in the column of the stage it was held in, with its hold badge.

export type BoardColumn = { key: string; title: string };

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
export function stillShown(rows: readonly EntityRow[], stages: readonly string[]): EntityRow[] {
  const open: readonly string[] = OPEN_ASSEMBLY_STATUSES;
  return rows.filter(
    (row) =>
      open.includes(String(row.status)) &&
      (typeof row.stage === 'string' ? stages.includes(row.stage) : stages.includes('released')),
  );
}

/** Orders by column, oldest in the stage first. */
export function assemblyColumns(rows: readonly EntityRow[]): Map<string, EntityRow[]> {
  const columns = new Map(ASSEMBLY_BOARD_COLUMNS.map((c) => [c.key, [] as EntityRow[]]));
  for (const row of stillShown(
    rows,
    ASSEMBLY_BOARD_COLUMNS.map((c) => c.key),
  )) {
    const key = typeof row.stage === 'string' ? row.stage : 'released';
    columns.get(key)?.push(row);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const since = (row: EntityRow) => text(row.stage_since) || text(row.updated_at);
  for (const list of columns.values()) list.sort((a, b) => since(a).localeCompare(since(b)));
  return columns;
}
