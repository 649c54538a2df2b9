import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ImportJobRow, ImportOutcome } from '../../src/domain/imports/import-job.ts';
import { importJobRows, importJobs, type ImportType } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';
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
    .select({
      row_no: importJobRows.rowNo,
      errors: importJobRows.errors,
      values: importJobRows.values,
    })
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
      ...rows.map((r) => ({ row_no: r.row_no, errors: r.errors ?? {}, values: r.values })),
    ],
    result: job.result ?? null,
  };
}

export type ImportRowsQuery = {
  result?: ImportJobRow['result'] | undefined;
  /** Rows whose cells or error codes contain this text (any case). */
  q?: string | undefined;
  page: number;
  per_page: number;
};

/**
 * One page of a job's log (the history's grid of rows), optionally of one result only or of
 * rows containing some text. `type` null: a job of any kind (the Imports centre's history).
 */
export async function readImportRows(
  db: Db,
  type: ImportType | null,
  id: number,
  query: ImportRowsQuery,
): Promise<{ rows: ImportJobRow[]; total: number; page: number; per_page: number }> {
  const [job] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.id, id), type === null ? undefined : eq(importJobs.type, type)));
  if (!job) throw new ApiError('not_found');
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(importJobRows.jobId, id),
    query.result ? eq(importJobRows.result, query.result) : undefined,
    pattern
      ? sql`(coalesce(${importJobRows.values}::text, '') || ' ' || coalesce(${importJobRows.errors}::text, '')) ilike ${pattern}`
      : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(importJobRows).where(where);
  const rows = await db
    .select({
      row_no: importJobRows.rowNo,
      result: importJobRows.result,
      entity_id: importJobRows.entityId,
      errors: importJobRows.errors,
      values: importJobRows.values,
    })
    .from(importJobRows)
    .where(where)
    .orderBy(asc(importJobRows.rowNo))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { rows, total: counted?.n ?? 0, page: query.page, per_page: query.per_page };
}
