import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ImportOutcome } from '../../src/domain/imports/import-job.ts';
import { importJobRows, importJobs, type ImportType } from '../db/schema/imports.ts';
import { ApiError } from '../http/api-error.ts';
import { jobNumber } from './import-job-state.ts';

export type { ImportOutcome };

// A job as its screen shows it: counts, status, what it made, and its first refused rows (the
// full list stays in import_job_rows). A reason the whole file was refused for (a rule the rows
// broke together, a restart) comes first, as row 0.

/** Row errors returned with the job. */
const ERRORS_RETURNED = 500;

export async function readImportOutcome(
  db: Db,
  type: ImportType,
  id: number,
): Promise<ImportOutcome> {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.type, type)));
  if (!job) throw new ApiError('not_found');
  const rows = await db
    .select({ row_no: importJobRows.rowNo, errors: importJobRows.errors })
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, id), eq(importJobRows.result, 'error')))
    .orderBy(asc(importJobRows.rowNo))
    .limit(ERRORS_RETURNED);
  const fileError = typeof job.result?.error === 'string' ? job.result.error : null;
  return {
    id: job.id,
    number: jobNumber(job.id),
    status: job.status,
    rows_total: job.rowsTotal,
    rows_processed: job.rowsProcessed,
    rows_ok: job.rowsOk,
    rows_error: job.rowsError,
    errors: [
      ...(fileError ? [{ row_no: 0, errors: { file: fileError } }] : []),
      ...rows.map((r) => ({ row_no: r.row_no, errors: r.errors ?? {} })),
    ],
    result: job.result ?? null,
  };
}
