import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { importJobRows, importJobs, type ImportStatus } from '../db/schema/imports.ts';
import { ApiError } from '../http/api-error.ts';
import type { Importer } from './importer.ts';
import { readTableFile, UnreadableFileError, type FileRow } from './read-table-file.ts';

// One import, the same way for every kind (domain.md §12): record the job, validate every row
// and log each one that fails, and only when none fails apply them all in one transaction.
// Progress goes out on the importer's channel as `import.progress` {id, phase, processed,
// total} so the screen can show a bar for large files; `import.finished` closes it.

/** Row errors returned with the job; the full list is in import_job_rows. */
const ERRORS_RETURNED = 500;
/** Broadcast at most this often (in rows) while validating. */
const PROGRESS_EVERY = 250;

/** `ref` is the uploader's own tag, echoed in progress events so its screen knows its job. */
export type ImportUpload = {
  fileName: string;
  bytes: Buffer;
  dryRun: boolean;
  ref?: string | undefined;
};

export type ImportOutcome = {
  id: number;
  number: string;
  status: ImportStatus;
  rows_total: number;
  rows_ok: number;
  rows_error: number;
  errors: { row_no: number; errors: Record<string, string> }[];
  result: Record<string, unknown> | null;
};

export function jobNumber(id: number): string {
  return `IM-${String(id).padStart(5, '0')}`;
}

export async function runImport<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  upload: ImportUpload,
): Promise<ImportOutcome> {
  const { db } = deps.database;
  let file: { headers: string[]; rows: FileRow[] };
  try {
    file = await readTableFile(upload.fileName, upload.bytes);
  } catch (error) {
    if (error instanceof UnreadableFileError)
      throw new ApiError('validation_error', { file: error.message }, 422);
    throw error;
  }
  const missing = importer.columns.filter((c) => c.required && !file.headers.includes(c.key));
  if (missing.length > 0) {
    throw new ApiError(
      'validation_error',
      { file: `Missing columns: ${missing.map((c) => c.label).join(', ')}` },
      422,
    );
  }
  if (file.rows.length === 0)
    throw new ApiError('validation_error', { file: 'The file has no data rows' }, 422);

  const [job] = await db
    .insert(importJobs)
    .values({
      type: importer.type,
      fileName: upload.fileName.slice(0, 255),
      sizeBytes: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      dryRun: upload.dryRun,
      rowsTotal: file.rows.length,
      status: 'validating',
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: importJobs.id });
  if (!job) throw new Error('import job insert returned no row');
  const total = file.rows.length;
  const progress = (phase: string, processed: number) =>
    deps.realtime.publisher.publish({
      channels: [importer.channel],
      event: 'import.progress',
      data: { id: job.id, ref: upload.ref ?? null, phase, processed, total },
    });

  const context = await importer.prepare(db);
  const parsed: Row[] = [];
  const errors = new Map<number, Record<string, string>>();
  for (const [index, row] of file.rows.entries()) {
    const result = importer.parseRow(row.values, context);
    if (result.ok) parsed[index] = result.value;
    else errors.set(index, result.errors);
    if ((index + 1) % PROGRESS_EVERY === 0) await progress('validating', index + 1);
  }
  if (errors.size === 0) {
    for (const [index, rowErrors] of importer.checkAll?.(parsed) ?? [])
      errors.set(index, rowErrors);
  }
  await progress('validating', total);

  const finish = async (
    status: ImportStatus,
    result: Record<string, unknown> | null,
    okCount: number,
  ) => {
    await db
      .update(importJobs)
      .set({
        status,
        result,
        rowsOk: okCount,
        rowsError: errors.size,
        finishedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(eq(importJobs.id, job.id));
    await deps.realtime.publisher.publish({
      channels: [importer.channel],
      event: 'import.finished',
      data: { id: job.id, ref: upload.ref ?? null, status },
    });
    return {
      id: job.id,
      number: jobNumber(job.id),
      status,
      rows_total: total,
      rows_ok: okCount,
      rows_error: errors.size,
      errors: [...errors]
        .slice(0, ERRORS_RETURNED)
        .map(([index, e]) => ({ row_no: file.rows[index]?.rowNo ?? 0, errors: e })),
      result,
    };
  };

  if (errors.size > 0) {
    await db.insert(importJobRows).values(
      [...errors].map(([index, e]) => ({
        jobId: job.id,
        rowNo: file.rows[index]!.rowNo,
        result: 'error' as const,
        errors: e,
        createdBy: actor.id,
      })),
    );
    return finish('failed', null, total - errors.size);
  }
  if (upload.dryRun) return finish('validated', null, total);

  await progress('importing', 0);
  try {
    const written = await db.transaction(async (tx) => {
      const applied = await importer.apply(tx, parsed, actor, job.id);
      const rows = file.rows.map((row, i) => ({
        jobId: job.id,
        rowNo: row.rowNo,
        result: 'ok' as const,
        entityId: applied.entityIds?.[i] ?? null,
        createdBy: actor.id,
      }));
      for (let i = 0; i < rows.length; i += 1000)
        await tx.insert(importJobRows).values(rows.slice(i, i + 1000));
      return applied;
    });
    await written.afterCommit?.(deps);
    await progress('importing', total);
    return await finish('completed', written.result, total);
  } catch (error) {
    // A rule the rows broke together (not enough stock, say) refuses the whole file: the
    // job says why, and nothing of it was written.
    const message =
      error instanceof ApiError
        ? Object.values((error.data ?? {}) as Record<string, string>)[0]
        : undefined;
    errors.set(-1, { file: message ?? 'The import failed; nothing was written' });
    const outcome = await finish('failed', { error: message ?? 'failed' }, 0);
    if (!message) throw error;
    return outcome;
  }
}
