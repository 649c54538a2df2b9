import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import type { ImportStatus, ImportType } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';
import { jobNumber } from './import-job-state.ts';

// A file is applied once per kind: the same bytes (their sha256) sent again to the same kind
// are refused with the job that applied them, or that is applying them now. A job "applied"
// its file when it logged a row `ok` or `skipped`: those are written only in the apply's one
// transaction (run-import-job.ts), so a job that failed, was a dry run or was interrupted
// applied nothing, and its file may be sent again. (Jobs from before the apply was one
// transaction could stop half-way; their logged rows count too, so such a file is refused
// rather than applied twice, and the rows it still lacks go in a file of their own.)
//
// Checked twice: at the upload, to answer at once, and again inside the apply's transaction
// under an advisory lock on (kind, hash), so two uploads of one file racing past the first
// check still apply it once.

export type EarlierJob = { id: number; status: ImportStatus };

const RUNNING: readonly ImportStatus[] = ['uploaded', 'validating', 'importing'];

/** The earliest other job of this kind that applied this file, or is running on it. */
export async function earlierJobOf(
  db: Db | Tx,
  job: { type: ImportType; sha256: string; id?: number },
  { running }: { running: boolean },
): Promise<EarlierJob | null> {
  const statuses = running
    ? sql`j.status in (${sql.join(
        RUNNING.map((status) => sql`${status}`),
        sql`, `,
      )}) or `
    : sql``;
  const [earlier] = await queryRows<{ id: string | number; status: ImportStatus }>(
    db,
    sql`select j.id, j.status from import_jobs j
         where j.type = ${job.type} and j.sha256 = ${job.sha256} and not j.dry_run
           and j.id <> ${job.id ?? 0}
           and (${statuses}exists (select 1 from import_job_rows r
                                    where r.job_id = j.id and r.result <> 'error'))
         order by j.id limit 1`,
  );
  return earlier ? { id: Number(earlier.id), status: earlier.status } : null;
}

/** Holds, until the transaction ends, the right to apply this kind's file with this hash. */
export async function lockFile(tx: Tx, job: { type: ImportType; sha256: string }): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`import:${job.type}:${job.sha256}`}, 0))`,
  );
}

/** Why the file is refused, in the job's own words. */
export function alreadyImportedMessage(earlier: EarlierJob): string {
  return RUNNING.includes(earlier.status)
    ? `This file is being imported by ${jobNumber(earlier.id)}`
    : `This file was already imported by ${jobNumber(earlier.id)}`;
}

/**
 * 409: the same file again. `data.file` says which job has it; `job_id`, `job_number` and
 * `job_url` (its outcome, under this kind's route) link to it.
 */
export function alreadyImported(earlier: EarlierJob, kindUrl: string): ApiError {
  return new ApiError(
    'validation_error',
    {
      file: alreadyImportedMessage(earlier),
      job_id: earlier.id,
      job_number: jobNumber(earlier.id),
      job_url: `${kindUrl}/jobs/${earlier.id}/outcome`,
    },
    409,
  );
}
