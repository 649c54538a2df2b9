import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/api-error.ts';
import { alreadyImportedMessage, earlierJobOf, lockFile } from './applied-once.ts';
import { broadcastProgress, moveJob, type JobBroadcast } from './import-job-state.ts';
import { keptValues, logRows } from './import-row-log.ts';
import { RowApplyError, type BatchWritten, type Importer } from './importer.ts';
import type { RunningJob } from './run-import-job.ts';

// The apply of a validated file: every row in one transaction, which also logs each row and
// moves the job to completed, so the file is in whole or not at all (run-import-job.ts says
// why and what it costs). What the batches announce goes out only after the commit.

/** The rows that passed every check, in file order, with their row numbers and cells. */
export type Checked<Row> = {
  values: Row[];
  rowNos: number[];
  /** The good rows' cells, for their log rows (and a refusal by a check across rows). */
  cells: Record<string, string>[];
  errors: number;
};

/**
 * Applies every row and completes the job in one transaction; answers the broadcasts of what
 * it wrote, to send now that it has committed. Throws (having written nothing) what stopped it.
 */
export async function applyAll<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  job: RunningJob,
  checked: Checked<Row>,
  broadcast: JobBroadcast,
): Promise<() => Promise<void>> {
  const total = checked.values.length;
  const announcements: NonNullable<BatchWritten['afterCommit']>[] = [];
  await deps.database.db.transaction(async (tx) => {
    // First, so a job failed meanwhile by another process's start writes nothing; on
    // PostgreSQL the job's row then stays locked, and such a start waits for this commit.
    await moveJob(tx, job.id, ['importing'], { updatedBy: actor.id });
    const file = { type: importer.type, sha256: job.sha256, id: job.id };
    await lockFile(tx, file);
    const earlier = await earlierJobOf(tx, file, { running: false });
    if (earlier)
      throw new ApiError('validation_error', { file: alreadyImportedMessage(earlier) }, 409);
    let skipped = 0;
    const { result } = await importer.apply(checked.values, {
      id: job.id,
      actor,
      inBatches: async (size, write) => {
        for (let start = 0; start < total; start += size) {
          const slice = checked.values.slice(start, start + size);
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
          if (batch.afterCommit) announcements.push(batch.afterCommit);
          await broadcastProgress(broadcast, 'importing', start + slice.length, total);
        }
      },
    });
    await moveJob(tx, job.id, ['importing'], {
      status: 'completed',
      result: { ...result, rows_skipped: skipped },
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
