import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { importJobs } from '../db/schema/imports.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Importer } from './importer.ts';
import { alreadyImported, earlierJobOf } from './applied-once.ts';
import { jobNumber } from './import-job-state.ts';
import type { ImportOutcome } from './import-outcome.ts';
import { autoMapping, type ImportMapping } from '../../src/domain/imports/import-column.ts';
import type { ImportPreview } from '../../src/domain/imports/import-job.ts';
import { UnreadableFileError } from './read-table-file.ts';
import { runImportJob } from './run-import-job.ts';
import { WorkerTableFile } from './worker-table-file.ts';
import { FileTooLargeError } from './xlsx-size-guard.ts';

// One import's upload, the same way for every kind (docs/domain/imports.md §12): a file that cannot
// be read or whose mapping leaves a required column without a header is refused at once (422); any
// other file becomes a job, answered 202 before a row is checked. Without a mapping, columns
// are matched to headers by name (autoMapping), as the mapping screen proposes. The job then runs on its own (run-import-job.ts) and its screen
// follows `import.progress` and `import.finished`, then reads the outcome.

/** `ref` is the uploader's own tag, echoed in progress events so its screen knows its job. */
export type ImportUpload = {
  fileName: string;
  bytes: Buffer;
  dryRun: boolean;
  ref?: string | undefined;
  /** `{column key: header key}`; matched by name when absent. */
  mapping?: ImportMapping | undefined;
};

/**
 * The upload opened in its worker thread, or refused: 422 for a file that is not a table,
 * 413 for one past the import limits (its message names the limit).
 */
function opened(upload: Pick<ImportUpload, 'fileName' | 'bytes'>): Promise<WorkerTableFile> {
  return WorkerTableFile.open(upload.fileName, upload.bytes).catch((error: unknown) => {
    if (error instanceof UnreadableFileError)
      throw new ApiError('validation_error', { file: error.message }, 422);
    if (error instanceof FileTooLargeError)
      throw new ApiError('payload_too_large', { file: error.message }, 413);
    throw error;
  });
}

/**
 * The file's header row, the proposed mapping and its first rows, before any job; read in a
 * worker thread like an upload, so a large or hostile file never holds up other requests.
 */
export async function previewImport<Row, Context>(
  importer: Importer<Row, Context>,
  upload: Pick<ImportUpload, 'fileName' | 'bytes'>,
): Promise<ImportPreview> {
  const file = await opened(upload);
  await file.close();
  return {
    headers: file.headers.map((key, i) => ({ key, label: file.labels[i] || key })),
    mapping: autoMapping(importer.columns, file.headers),
    rows: file.first,
  };
}

/**
 * The upload opened in its worker (worker-table-file.ts) and its mapping settled, or a 413
 * for a file past the limits, or a 422: a file that cannot be read, a mapping naming columns the kind lacks or headers the file
 * lacks, a required column left without a header, no data rows. The worker is ended on a
 * refusal; otherwise the job ends it.
 */
async function readableFile<Row, Context>(
  upload: ImportUpload,
  importer: Importer<Row, Context>,
): Promise<{ file: WorkerTableFile; mapping: ImportMapping }> {
  const file = await opened(upload);
  try {
    const mapping = upload.mapping ?? autoMapping(importer.columns, file.headers);
    const known = new Set(importer.columns.map((c) => c.key));
    const strange = Object.keys(mapping).filter((key) => !known.has(key));
    if (strange.length > 0)
      throw new ApiError(
        'validation_error',
        { mapping: `Unknown columns: ${strange.join(', ')}` },
        422,
      );
    const mapped = Object.entries(mapping).filter(([, header]) => header !== '');
    const absent = mapped.filter(([, header]) => !file.headers.includes(header));
    if (absent.length > 0)
      throw new ApiError(
        'validation_error',
        { mapping: `The file has no column ${absent.map(([, h]) => h).join(', ')}` },
        422,
      );
    const missing = importer.columns.filter(
      (c) => c.required && !mapped.some(([key]) => key === c.key),
    );
    if (missing.length > 0) {
      throw new ApiError(
        'validation_error',
        { file: `Missing columns: ${missing.map((c) => c.label).join(', ')}` },
        422,
      );
    }
    if (!file.hasRows)
      throw new ApiError('validation_error', { file: 'The file has no data rows' }, 422);
    return { file, mapping };
  } catch (error) {
    await file.close();
    throw error;
  }
}

/**
 * Makes the upload's job and starts it, or refuses the file: the same file as a job of this
 * kind that applied it or is running on it (409 linking to that job, under `kindUrl`), or one
 * that cannot be imported (413, 422).
 */
export async function startImport<Row, Context>(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  importer: Importer<Row, Context>,
  actor: SessionUser,
  upload: ImportUpload & { kindUrl: string },
  log: FastifyBaseLogger,
): Promise<ImportOutcome> {
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const earlier = await earlierJobOf(
    deps.database.db,
    { type: importer.type, sha256 },
    { running: true },
  );
  if (earlier) throw alreadyImported(earlier, upload.kindUrl);
  const { file, mapping } = await readableFile(upload, importer);
  const [job] = await deps.database.db
    .insert(importJobs)
    .values({
      type: importer.type,
      fileName: upload.fileName.slice(0, 255),
      sizeBytes: upload.bytes.length,
      sha256,
      dryRun: upload.dryRun,
      status: 'uploaded',
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: importJobs.id });
  if (!job) {
    await file.close();
    throw new Error('import job insert returned no row');
  }
  // Started on the next turn, after this request has answered; it reports its own failures.
  setImmediate(() => {
    void runImportJob(
      deps,
      importer,
      actor,
      { id: job.id, ref: upload.ref ?? null, sha256, file, mapping, dryRun: upload.dryRun },
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
