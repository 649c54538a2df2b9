import type { Area } from '../../src/domain/access.ts';
import type { ImportColumn } from '../../src/domain/imports/import-column.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db, Tx } from '../db/client.ts';
import type { ImportType } from '../db/schema/imports.ts';

// What one kind of import knows: its columns, how to read a row, and how to apply every row
// at once. The runner (run-import-job.ts) does the rest the same way for every kind: the job,
// batches, progress, per-row errors, all-or-nothing.

export type RowResult<Row> =
  { ok: true; value: Row } | { ok: false; errors: Record<string, string> };

export type Importer<Row, Context> = {
  type: ImportType;
  /** Who may run it: the access-table area of its screen. */
  area: Area;
  /** Where its progress is broadcast, e.g. `private-inventory.imports`. */
  channel: string;
  columns: readonly ImportColumn[];
  /** Lookups every row needs (codes → ids), read once before validation. */
  prepare(db: Db | Tx): Promise<Context>;
  /** One row's values (keys are normalised headers) → a typed row or `{field: code}`. */
  parseRow(values: Record<string, string>, context: Context): RowResult<Row>;
  /** Checks across rows (duplicates); returns errors by row index. */
  checkAll?(rows: readonly Row[]): Map<number, Record<string, string>>;
  /**
   * Writes every row in the caller's transaction; throwing rolls the whole import back. A kind
   * whose files run to thousands of rows writes them `APPLY_BATCH` at a time with multi-row
   * statements and calls `job.applied(n)` after each batch, which reports progress and lets
   * other requests run.
   */
  apply(tx: Tx, rows: readonly Row[], job: ApplyJob): Promise<Applied>;
};

/** Rows per multi-row statement while applying: far below PostgreSQL's 65,535 parameters. */
export const APPLY_BATCH = 500;

export type ApplyJob = {
  id: number;
  actor: SessionUser;
  /** Rows written so far (a running total). */
  applied: (count: number) => Promise<void>;
};

export type Applied = {
  result: Record<string, unknown>;
  entityIds?: readonly (number | null)[];
  /** Broadcasts of what was written, sent only once the transaction has committed. */
  afterCommit?: (deps: Pick<AppDeps, 'realtime'>) => Promise<void>;
};
