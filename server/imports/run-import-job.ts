import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db, Tx } from '../db/client.ts';
import { appendColumns } from '../db/insert-columns.ts';
import { importJobRows, type ImportStatus } from '../db/schema/imports.ts';
import { ApiError } from '../http/api-error.ts';
import { APPLY_BATCH, type Importer } from './importer.ts';
import {
  broadcastFinished,
  broadcastProgress,
  JobInterruptedError,
  moveJob,
  type JobBroadcast,
} from './import-job-state.ts';
import type { ImportMapping } from '../../src/domain/imports/import-column.ts';
import type { WorkerTableFile } from './worker-table-file.ts';

// One import job, after its upload has answered (domain.md §12):
//   uploaded → validating: the file is decoded, split into rows and counted by its worker
//     thread (worker-table-file.ts), which hands the rows over VALIDATE_BATCH at a time; each
//     batch is checked, its refused rows logged with one multi-row insert, and the job row and
//     the channel told the count, before the next turn of the event loop serves anyone waiting.
//   validating → failed when any row is refused: nothing is applied (the file is all or
//     nothing as far as its rows' own faults go); → validated for a dry run; else → importing.
//   importing → completed: the rows are applied APPLY_BATCH at a time, each batch in its own
//     short transaction of multi-row statements that also logs its rows `ok` and counts them
//     on the job. Not one transaction for the file: PGlite is one session, and a transaction
//     held for the minutes a 100,000-row file takes would queue every other user's query
//     behind it (bench/README.md, imports; issue 16 asked for an all-or-nothing apply, and
//     this stays the decision: every row's own faults are found before the first write, so
//     only a rule broken meanwhile by another user can stop a file half-way, and then the
//     job and its rows say exactly which rows went in). A rule broken while applying (a
//     locked bin) stops the job at its batch: → completed_with_errors if batches were applied
//     before it, which its `ok` rows name, else failed; a crash leaves the same trace and
//     start-up fails it.

/** Rows read and checked per batch. */
export const VALIDATE_BATCH = 500;

export type RunningJob = {
  id: number;
  ref: string | null;
  /** Read in a worker thread, which the job ends when it ends. */
  file: WorkerTableFile;
  mapping: ImportMapping;
  dryRun: boolean;
};

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets other requests (and their queries) run before the next batch: the second immediate is
 * queued from the check phase, so it runs only after the loop has polled for I/O once, read
 * waiting requests and flushed the progress frames.
 */
async function nextTurn(): Promise<void> {
  await immediate();
  await immediate();
}

type LoggedRow = {
  rowNo: number;
  result: 'ok' | 'error' | 'skipped';
  entityId?: number | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** Longest cell kept in a refused row's log: enough to see what was wrong with it. */
const CELL_KEPT = 200;

/** A refused row's cells for its log, each cut to CELL_KEPT characters. */
function keptValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value.length > CELL_KEPT ? `${value.slice(0, CELL_KEPT)}…` : value,
    ]),
  );
}

async function logRows(db: Db | Tx, jobId: number, actor: SessionUser, rows: readonly LoggedRow[]) {
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

export async function runImportJob<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await runJob(deps, importer, actor, job, log);
  } finally {
    await job.file.close();
  }
}

async function runJob<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = deps.database;
  const broadcast: JobBroadcast = { deps, channel: importer.channel, id: job.id, ref: job.ref };
  const finish = async (status: ImportStatus, values: Parameters<typeof moveJob>[3]) => {
    await moveJob(db, job.id, ['uploaded', 'validating', 'importing'], {
      ...values,
      status,
      finishedAt: new Date(),
      updatedBy: actor.id,
    });
    await broadcastFinished(broadcast, status);
  };
  let applied = 0;
  let skipped = 0;
  try {
    // Counted in the file's worker, which then hands the rows out VALIDATE_BATCH at a time.
    const total = await job.file.map(job.mapping, VALIDATE_BATCH);
    await moveJob(db, job.id, ['uploaded'], { status: 'validating', rowsTotal: total });
    await broadcastProgress(broadcast, 'validating', 0, total);
    const checked = await validate(deps, importer, actor, job, total, broadcast);
    // The rows are all read: the worker and its copy of the file can go.
    await job.file.close();
    if (checked.errors > 0)
      return await finish('failed', { rowsError: checked.errors, rowsOk: total - checked.errors });
    if (job.dryRun) return await finish('validated', { rowsOk: total });

    await moveJob(db, job.id, ['validating'], { status: 'importing' });
    await broadcastProgress(broadcast, 'importing', 0, total);
    try {
      const { result } = await importer.apply(checked.values, {
        id: job.id,
        actor,
        inTransactions: async (size, write) => {
          for (let start = 0; start < checked.values.length; start += size) {
            const slice = checked.values.slice(start, start + size);
            const written = await db.transaction(async (tx) => {
              // First, so a job failed meanwhile by another process's start writes nothing more.
              await moveJob(tx, job.id, ['importing'], { rowsOk: start + slice.length });
              const rowNos = checked.rowNos.slice(start, start + slice.length);
              const batch = await write(tx, slice, start, rowNos);
              await logRows(
                tx,
                job.id,
                actor,
                rowNos.map((rowNo, i) => ({
                  rowNo,
                  result: batch.results?.[i] ?? 'ok',
                  entityId: batch.entityIds[i],
                  // Every row's cells, so the history's grid shows what each row said.
                  values: keptValues(checked.cells[start + i] ?? {}),
                })),
              );
              skipped += batch.results?.filter((r) => r === 'skipped').length ?? 0;
              return batch;
            });
            applied = start + slice.length;
            await written.afterCommit?.(deps);
            await broadcastProgress(broadcast, 'importing', applied, total);
            await nextTurn();
          }
        },
      });
      await finish('completed', { result: { ...result, rows_skipped: skipped }, rowsOk: total });
    } catch (error) {
      // A rule the rows broke together (a locked bin, say) stops the file at its batch: that
      // batch is rolled back, the ones before it stay, as the job's `ok` rows record.
      if (!(error instanceof ApiError)) throw error;
      const message = Object.values((error.data ?? {}) as Record<string, string>)[0];
      await finish(applied > 0 ? 'completed_with_errors' : 'failed', {
        result: { error: message ?? 'The import was refused', rows_applied: applied },
        rowsOk: applied,
      });
    }
  } catch (error) {
    if (error instanceof JobInterruptedError) {
      log.warn({ jobId: job.id }, 'import job stopped: it was marked failed elsewhere');
      return;
    }
    log.error({ err: error, jobId: job.id }, 'import job failed');
    const error_ = applied > 0 ? `The import stopped after ${applied} rows` : 'The import failed';
    await finish(applied > 0 ? 'completed_with_errors' : 'failed', {
      result: { error: error_, rows_applied: applied },
      rowsOk: applied,
    }).catch((secondError: unknown) =>
      log.error({ err: secondError, jobId: job.id }, 'import job could not be marked failed'),
    );
  }
}

type Checked<Row> = {
  values: Row[];
  rowNos: number[];
  /** The good rows' cells, for their log rows (and a refusal by a check across rows). */
  cells: Record<string, string>[];
  errors: number;
};

/** Checks every row, logging the refused ones; the good ones are kept for the apply. */
async function validate<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  total: number,
  broadcast: JobBroadcast,
): Promise<Checked<Row>> {
  const { db } = deps.database;
  const context = await importer.prepare(db);
  const checked: Checked<Row> = { values: [], rowNos: [], cells: [], errors: 0 };
  let processed = 0;
  for await (const batch of job.file.batches()) {
    const refused: LoggedRow[] = [];
    for (const row of batch) {
      const result = importer.parseRow(row.values, context);
      if (result.ok) {
        checked.values.push(result.value);
        checked.rowNos.push(row.rowNo);
        checked.cells.push(row.values);
      } else
        refused.push({
          rowNo: row.rowNo,
          result: 'error',
          errors: result.errors,
          values: keptValues(row.values),
        });
    }
    await logRows(db, job.id, actor, refused);
    await importer.logRefused?.(db, job.id, actor, refused);
    processed += batch.length;
    checked.errors += refused.length;
    await moveJob(db, job.id, ['validating'], {
      rowsProcessed: processed,
      rowsError: checked.errors,
    });
    await broadcastProgress(broadcast, 'validating', processed, total);
    await nextTurn();
  }
  // Checks across rows (duplicates, a recipe's formula) mean something only once each row is good.
  if (checked.errors === 0 && importer.checkAll) {
    const across: LoggedRow[] = [...importer.checkAll(checked.values)].map(([index, errors]) => ({
      rowNo: checked.rowNos[index]!,
      result: 'error',
      errors,
      values: keptValues(checked.cells[index] ?? {}),
    }));
    await logRows(db, job.id, actor, across);
    await importer.logRefused?.(db, job.id, actor, across);
    checked.errors = across.length;
  }
  return checked;
}
