import type { SessionUser } from '../auth/session-user.ts';
import type { Db, Tx } from '../db/client.ts';
import { appendColumns } from '../db/insert-columns.ts';
import { importJobRows } from '../db/schema/imports.ts';
import { APPLY_BATCH } from './importer.ts';

// A job's log: one import_job_rows row per data row it refused, applied or skipped, written
// APPLY_BATCH rows per statement.

export type LoggedRow = {
  rowNo: number;
  result: 'ok' | 'error' | 'skipped';
  entityId?: number | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** Longest cell kept in a row's log: enough to see what was wrong with it. */
const CELL_KEPT = 200;

/** A row's cells for its log, each cut to CELL_KEPT characters. */
export function keptValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value.length > CELL_KEPT ? `${value.slice(0, CELL_KEPT)}…` : value,
    ]),
  );
}

export async function logRows(
  db: Db | Tx,
  jobId: number,
  actor: SessionUser,
  rows: readonly LoggedRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += APPLY_BATCH) {
    await appendColumns(
      db,
      importJobRows,
      rows.slice(start, start + APPLY_BATCH).map((row) => ({
        jobId,
        rowNo: row.rowNo,
        result: row.result,
        entityId: row.entityId ?? null,
        errors: row.errors ?? null,
        values: row.values ?? null,
        createdBy: actor.id,
      })),
    );
  }
}
