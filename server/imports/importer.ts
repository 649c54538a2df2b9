import type { Area } from '../../src/domain/access.ts';
import type { ImportColumn } from '../../src/domain/imports/import-column.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db, Tx } from '../db/client.ts';
import type { ImportType } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';

// What one kind of import knows: its columns, how to read a row, and how to apply every row
// at once. The runner (run-import-job.ts) does the rest the same way for every kind: the job,
// batches, progress, per-row errors, all-or-nothing (a row refused while applying too).

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
   * Writes every row through `job.inBatches`, which hands it the rows a batch at a time, all
   * in the job's one transaction (run-import-job.ts), and returns what the import made. Any
   * error thrown rolls the whole file back: an ApiError is the job's reason for failing, a
   * RowApplyError also names the row.
   */
  apply(rows: readonly Row[], job: ApplyJob<Row>): Promise<Applied>;
  /** Records refused rows in the kind's own log too, where it keeps one (sales_import_logs). */
  logRefused?(
    db: Db | Tx,
    jobId: number,
    actor: SessionUser,
    rows: readonly RefusedRow[],
  ): Promise<void>;
};

/** A row the checks refused: its number, `{field: code}` and its cells as the file had them. */
export type RefusedRow = {
  rowNo: number;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** What applying one row did, as its log row records it. */
export type RowOutcome = 'ok' | 'skipped';

/** Rows per batch while applying: one multi-row statement each, far below 65,535 parameters. */
export const APPLY_BATCH = 500;

/**
 * Rows per batch for a kind whose statements bind one array per column (inventory): a batch
 * costs about the same dozen statements whatever its size, so 2,000 rows a batch apply a file
 * in about a third of the time 500 take. Not the whole file at once: PGlite runs each statement
 * on the event loop, and one statement of 100,000 rows held every request for seconds, where
 * between statements the loop turns (pglite-time-slices.ts).
 */
export const ARRAY_APPLY_BATCH = 2_000;

/** What one batch wrote: an entity per row of the batch, and broadcasts for after its commit. */
export type BatchWritten = {
  entityIds: readonly (number | null)[];
  /** Per row: `skipped` when its external key was imported before unchanged; `ok` if absent. */
  results?: readonly RowOutcome[];
  afterCommit?: (deps: Pick<AppDeps, 'realtime'>) => Promise<void>;
};

export type ApplyJob<Row> = {
  id: number;
  actor: SessionUser;
  /**
   * Runs `write` on the rows `size` at a time (`start` is the slice's first index), every
   * slice in the one transaction of the whole apply, which then logs each row from what its
   * slice answered; the slices' broadcasts go out once it has committed.
   */
  inBatches: (
    size: number,
    write: (
      tx: Tx,
      slice: readonly Row[],
      start: number,
      /** The file's row number of each row of the slice (a kind's own log names them). */
      rowNos: readonly number[],
    ) => Promise<BatchWritten>,
  ) => Promise<void>;
};

export type Applied = { result: Record<string, unknown> };

/**
 * A row the server refused while applying it (a sales order it cannot price): the file is
 * rolled back, and this row is logged refused with `{field: message}` as the reason.
 */
export class RowApplyError extends ApiError {
  constructor(
    readonly rowNo: number,
    readonly errors: Record<string, string>,
  ) {
    super('validation_error', errors, 422);
  }
}
