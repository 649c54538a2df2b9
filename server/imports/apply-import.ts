import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { arrayParam } from '../db/array-param.ts';
import { withBulkReferences } from '../db/bulk-references.ts';
import type { Db, Tx } from '../db/client.ts';
import { appendColumns } from '../db/insert-columns.ts';
import { importJobRows, importStagedRows } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';
import { alreadyImportedMessage, earlierJobOf, lockFile } from './applied-once.ts';
import { broadcastProgress, moveJob, type JobBroadcast } from './import-job-state.ts';
import { keptValues, logRows } from './import-row-log.ts';
import {
  ARRAY_APPLY_BATCH,
  RowApplyError,
  type BatchWritten,
  type Importer,
  type RowOutcome,
} from './importer.ts';
import type { RunningJob } from './import-job-state.ts';

// The apply of a validated file, whole or not at all, in two steps:
//   1. staging: the good rows' log cells go into import_staged_rows STAGE_BATCH rows per
//      statement, each statement its own short transaction, with a turn of the event loop
//      between them. Nothing is applied yet: a failure or a crash here leaves staged rows only,
//      which no reader looks at and which are deleted when the job ends (or at the next start).
//   2. the move: ONE transaction writes every row (the importer's statements), copies the log
//      rows from the staging rows by INSERT … SELECT and completes the job.
// PGlite runs one transaction at a time, so every other query waits for the move; staging
// first keeps in it only what must be atomic. An importer whose statements bind one array per
// column (inventory) takes ARRAY_APPLY_BATCH rows a batch, a quarter of the statements of
// APPLY_BATCH, whose fixed cost per batch was most of an apply (bench/README.md, imports);
// the log rows are copied as many at a time. No statement is bigger: PGlite runs each on the
// event loop, which turns only between them. What the importer announces goes out after the
// commit; the staging rows go afterwards, a batch at a time again. run-import-job.ts says
// what happens around it.

/** Rows staged per statement: a short enough wait for whoever queries meanwhile. */
export const STAGE_BATCH = 500;

/** The rows that passed every check, in file order, with their row numbers and cells. */
export type Checked<Row> = {
  values: Row[];
  rowNos: number[];
  /** The good rows' cells, for their log rows (and a refusal by a check across rows). */
  cells: Record<string, string>[];
  errors: number;
};

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets other requests (and their queries) run before the next batch: the second immediate is
 * queued from the check phase, so it runs only after the loop has polled for I/O once, read
 * waiting requests and flushed the progress frames.
 */
export async function nextTurn(): Promise<void> {
  await immediate();
  await immediate();
}

/**
 * Stages, then applies every row and completes the job in one transaction; answers the
 * broadcasts of what it wrote, to send now that it has committed. Throws (having applied
 * nothing) what stopped it. The staging rows are gone when it returns or throws.
 */
export async function applyAll<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  checked: Checked<Row>,
  broadcast: JobBroadcast,
): Promise<() => Promise<void>> {
  const { db } = deps.database;
  try {
    await stage(db, job.id, checked, broadcast);
    return await move(deps, importer, actor, job, checked);
  } finally {
    // Staging rows left by a failure here go at the next start (interrupted-imports.ts); the
    // job's outcome must not depend on them.
    await unstage(db, job.id, checked.values.length).catch(() => undefined);
  }
}

/** Step 1: the log cells of every good row, STAGE_BATCH rows per statement and transaction. */
async function stage<Row>(
  db: Db,
  jobId: number,
  checked: Checked<Row>,
  broadcast: JobBroadcast,
): Promise<void> {
  const total = checked.values.length;
  for (let start = 0; start < total; start += STAGE_BATCH) {
    const end = Math.min(start + STAGE_BATCH, total);
    const rows: (typeof importStagedRows.$inferInsert)[] = [];
    for (let idx = start; idx < end; idx += 1)
      rows.push({
        jobId,
        idx,
        rowNo: checked.rowNos[idx]!,
        // Every row's cells, so the history's grid shows what each row said.
        cells: keptValues(checked.cells[idx] ?? {}),
      });
    await appendColumns(db, importStagedRows, rows);
    await broadcastProgress(broadcast, 'importing', end, total);
    await nextTurn();
  }
}

/** Step 2: every row applied, logged from its staging row, and the job completed, atomically. */
async function move<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  checked: Checked<Row>,
): Promise<() => Promise<void>> {
  const total = checked.values.length;
  const announcements: NonNullable<BatchWritten['afterCommit']>[] = [];
  const results: RowOutcome[] = [];
  const entityIds: (number | null)[] = [];
  await deps.database.db.transaction(async (tx) => {
    // First, so a job failed meanwhile by another process's start writes nothing; on
    // PostgreSQL the job's row then stays locked, and such a start waits for this commit.
    await moveJob(tx, job.id, ['importing'], { updatedBy: actor.id });
    const file = { type: importer.type, sha256: job.sha256, id: job.id };
    await lockFile(tx, file);
    const earlier = await earlierJobOf(tx, file, { running: false });
    if (earlier)
      throw new ApiError('validation_error', { file: alreadyImportedMessage(earlier) }, 409);
    const { result } = await importer.apply(checked.values, {
      id: job.id,
      actor,
      inBatches: async (size, write) => {
        for (let start = 0; start < total; start += size) {
          const rows = checked.values.slice(start, start + size);
          const rowNos = checked.rowNos.slice(start, start + rows.length);
          const batch = await write(tx, rows, start, rowNos);
          rows.forEach((_, i) => {
            results.push(batch.results?.[i] ?? 'ok');
            entityIds.push(batch.entityIds[i] ?? null);
          });
          if (batch.afterCommit) announcements.push(batch.afterCommit);
        }
      },
    });
    await logStagedRows(tx, job.id, actor, results, entityIds);
    await moveJob(tx, job.id, ['importing'], {
      status: 'completed',
      result: { ...result, rows_skipped: results.filter((r) => r === 'skipped').length },
      rowsOk: total,
      finishedAt: new Date(),
      updatedBy: actor.id,
    });
  });
  return async () => {
    for (const announce of announcements) await announce(deps);
  };
}

/**
 * The job's log rows, one per staged row, in one statement: its row number and cells from the
 * staging row, what applying it did and its entity from the apply (in the staged order).
 */
async function logStagedRows(
  tx: Tx,
  jobId: number,
  actor: SessionUser,
  results: readonly RowOutcome[],
  entityIds: readonly (number | null)[],
): Promise<void> {
  // Every log row references the same job and user: checked once a statement
  // (bulk-references.ts), not once per row.
  const references = { jobId, createdBy: actor.id };
  for (let start = 0; start < results.length; start += ARRAY_APPLY_BATCH) {
    const slice = results.slice(start, start + ARRAY_APPLY_BATCH);
    const entities = entityIds.slice(start, start + slice.length);
    await withBulkReferences(
      tx,
      importJobRows,
      slice.map(() => references),
      () =>
        tx.execute(sql`
          insert into import_job_rows (job_id, row_no, result, entity_id, errors, "values", created_by)
          select s.job_id, s.row_no, o.result, o.entity_id, null, s.cells, ${actor.id}::bigint
            from unnest(${arrayParam(slice, 'text')}, ${arrayParam(entities, 'bigint')})
                   with ordinality as o(result, entity_id, ord)
            join import_staged_rows s
              on s.job_id = ${jobId}::bigint and s.idx = ${start}::int + o.ord - 1
           order by o.ord`),
    );
  }
}

/** The job's staging rows deleted, STAGE_BATCH per statement as they were written. */
export async function unstage(db: Db, jobId: number, total: number): Promise<void> {
  for (let start = 0; start < total; start += STAGE_BATCH) {
    await db.execute(
      sql`delete from import_staged_rows
           where job_id = ${jobId}::bigint and idx >= ${start} and idx < ${start + STAGE_BATCH}`,
    );
    await nextTurn();
  }
}

/**
 * After an apply was refused and rolled back: the row a RowApplyError names is logged as
 * refused, in the job's log and the kind's own, where the outcome shows it.
 */
export async function logRefusedWhileApplying<Row, Context>(
  db: Db,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: Pick<RunningJob, 'id'>,
  checked: Checked<Row>,
  error: ApiError,
): Promise<number> {
  if (!(error instanceof RowApplyError)) return 0;
  const index = checked.rowNos.indexOf(error.rowNo);
  const refused = [
    {
      rowNo: error.rowNo,
      result: 'error' as const,
      errors: error.errors,
      values: keptValues(checked.cells[index] ?? {}),
    },
  ];
  await logRows(db, job.id, actor, refused);
  await importer.logRefused?.(db, job.id, actor, refused);
  return refused.length;
}
