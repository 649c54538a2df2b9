import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { ImportStatus } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';
import { applyAll, logRefusedWhileApplying, nextTurn, type Checked } from './apply-import.ts';
import type { Importer } from './importer.ts';
import { keptValues, logRows, type LoggedRow } from './import-row-log.ts';
import {
  broadcastFinished,
  broadcastProgress,
  JobInterruptedError,
  moveJob,
  type JobBroadcast,
  type RunningJob,
} from './import-job-state.ts';

// One import job, after its upload has answered (docs/domain/imports.md §12):
//   uploaded → validating: the file is decoded, split into rows and counted by its worker
//     thread (worker-table-file.ts), which hands the rows over VALIDATE_BATCH at a time; each
//     batch is checked, its refused rows logged with one multi-row insert, and the job row and
//     the channel told the count, before the next turn of the event loop serves anyone waiting.
//   validating → failed when any row is refused: nothing is applied; → validated for a dry
//     run; else → importing.
//   importing → completed: the good rows are first staged (their log cells into
//     import_staged_rows, a short transaction per batch, progress broadcast per batch), then
//     applied in ONE transaction with the job's `ok` log rows and its move to completed, so a
//     file is applied exactly once, whole or not at all (apply-import.ts).
//     A rule broken while applying (a locked bin, an order that cannot be priced) rolls the
//     whole file back: → failed, naming the reason (and the row, for a RowApplyError). A crash
//     or restart mid-apply leaves nothing applied: the transaction never committed, and the
//     job left `importing` is failed at the next start (interrupted-imports.ts), so the same
//     file may simply be sent again. The same file is refused once a job applied it
//     (applied-once.ts), checked again under a lock inside the transaction.
//     Inside the transaction a kind writes its rows as multi-row statements, APPLY_BATCH rows
//     each or the whole file at once; broadcasts of what was written wait for the commit.
//     Other users are not held up on PostgreSQL (readers never wait; writers wait only on the
//     rows the import touches). On PGlite (one session) queries wait for the one transaction,
//     but only for it, not for the staging; and it lets the event loop turn every few
//     milliseconds (pglite-time-slices.ts), so requests answered from memory (a signed-in
//     session, websocket frames) go on meanwhile; bench/README.md (imports) has the figures.

/** Rows read and checked per batch. */
export const VALIDATE_BATCH = 500;

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
    let announce: () => Promise<void>;
    try {
      announce = await applyAll(deps, importer, actor, job, checked, broadcast);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const refused = await logRefusedWhileApplying(db, importer, actor, job, checked, error);
      const message = Object.values((error.data ?? {}) as Record<string, unknown>)[0];
      return await finish('failed', {
        result: {
          error: typeof message === 'string' ? message : 'The import was refused',
          rows_applied: 0,
        },
        rowsOk: 0,
        rowsError: refused,
      });
    }
    // Committed: the job is completed whatever becomes of the broadcasts.
    await announce().catch((error: unknown) =>
      log.error({ err: error, jobId: job.id }, 'import job: broadcasts after commit failed'),
    );
    await broadcastFinished(broadcast, 'completed');
  } catch (error) {
    if (error instanceof JobInterruptedError) {
      log.warn({ jobId: job.id }, 'import job stopped: it was marked failed elsewhere');
      return;
    }
    log.error({ err: error, jobId: job.id }, 'import job failed');
    // Whatever stopped it, the apply's transaction did not commit: nothing was applied.
    await finish('failed', {
      result: { error: 'The import failed; nothing was applied', rows_applied: 0 },
      rowsOk: 0,
    }).catch((secondError: unknown) =>
      log.error({ err: secondError, jobId: job.id }, 'import job could not be marked failed'),
    );
  }
}

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
