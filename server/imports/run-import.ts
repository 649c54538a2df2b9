import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { importJobs } from '../db/schema/imports.ts';
import { ApiError } from '../http/api-error.ts';
import type { Importer } from './importer.ts';
import { jobNumber } from './import-job-state.ts';
import type { ImportOutcome } from './import-outcome.ts';
import { openTableFile, UnreadableFileError, type TableFile } from './read-table-file.ts';
import { runImportJob } from './run-import-job.ts';

// One import's upload, the same way for every kind (domain.md §12): a file that cannot be read
// or lacks a required column is refused at once (422); any other file becomes a job, answered
// 202 before a row is checked. The job then runs on its own (run-import-job.ts) and its screen
// follows `import.progress` and `import.finished`, then reads the outcome.

/** `ref` is the uploader's own tag, echoed in progress events so its screen knows its job. */
export type ImportUpload = {
  fileName: string;
  bytes: Buffer;
  dryRun: boolean;
  ref?: string | undefined;
};

async function readableFile<Row, Context>(
  upload: ImportUpload,
  importer: Importer<Row, Context>,
): Promise<TableFile> {
  let file: TableFile;
  try {
    file = await openTableFile(upload.fileName, upload.bytes);
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
  if (file.batches(1).next().done)
    throw new ApiError('validation_error', { file: 'The file has no data rows' }, 422);
  return file;
}

export async function startImport<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  upload: ImportUpload,
  log: FastifyBaseLogger,
): Promise<ImportOutcome> {
  const file = await readableFile(upload, importer);
  const [job] = await deps.database.db
    .insert(importJobs)
    .values({
      type: importer.type,
      fileName: upload.fileName.slice(0, 255),
      sizeBytes: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      dryRun: upload.dryRun,
      status: 'uploaded',
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: importJobs.id });
  if (!job) throw new Error('import job insert returned no row');
  // Started on the next turn, after this request has answered; it reports its own failures.
  setImmediate(() => {
    void runImportJob(
      deps,
      importer,
      actor,
      { id: job.id, ref: upload.ref ?? null, file, dryRun: upload.dryRun },
      log,
    );
  });
  return {
    id: job.id,
    number: jobNumber(job.id),
    status: 'uploaded',
    rows_total: 0,
    rows_processed: 0,
    rows_ok: 0,
    rows_error: 0,
    errors: [],
    result: null,
  };
}
