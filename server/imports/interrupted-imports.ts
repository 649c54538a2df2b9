import { inArray, sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param.ts';
import type { Db } from '../db/client.ts';
import { importJobs, type ImportStatus } from '../db/schema/imports.ts';

// A job runs in the process that took its upload and keeps its file only in memory, so a job
// that process left unfinished can never finish: at start it is marked failed with the reason.
// (With several processes on one PostgreSQL, a starting process also fails the jobs another
// one is running; their runners then find the job failed at their next step and roll back.)

const RUNNING: readonly ImportStatus[] = ['uploaded', 'validating', 'importing'];

export const INTERRUPTED_REASON = 'interrupted by a server restart';

/**
 * Marks every job left running as failed, and empties the staging rows (apply-import.ts) of
 * every job no longer running, which nothing will read; returns how many jobs there were.
 */
export async function failInterruptedImports(db: Db): Promise<number> {
  const failed = await db
    .update(importJobs)
    .set({
      status: 'failed',
      result: { error: INTERRUPTED_REASON },
      finishedAt: sql`now()`,
    })
    .where(inArray(importJobs.status, [...RUNNING]))
    .returning({ id: importJobs.id });
  await db.execute(sql`delete from import_staged_rows s using import_jobs j
                         where j.id = s.job_id and j.status <> all(${arrayParam(RUNNING, 'text')})`);
  return failed.length;
}
