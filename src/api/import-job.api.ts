import type { ImportOutcome, ImportPreview } from '../domain/imports/import-job.ts';
import { uploadFile } from './upload-file.ts';
import { request as defaultRequest, type Request } from './request.ts';

export type { ImportOutcome, ImportPreview };

// An import job as its screen follows it: the upload answers 202 with the job, progress comes
// on the importer's channel, and the outcome (counts, result, first refused rows) is read here.

/** Statuses a job ends in; any other means it is still running. */
export const FINISHED_IMPORT_STATUSES = [
  'validated',
  'failed',
  'completed',
  'completed_with_errors',
  'cancelled',
];

/** `url` is the upload route without the /api base, e.g. `inventory/inventory-import`. */
export async function fetchImportOutcome(
  url: string,
  id: number,
  request: Request = defaultRequest,
): Promise<ImportOutcome> {
  const answer = await request<ImportOutcome>({ url: `${url}/jobs/${id}/outcome`, quiet: true });
  return answer.data;
}

/** The file's header row and proposed mapping (`<url>/preview`); no job is made. */
export async function previewImportFile(
  url: string,
  file: Blob & { name: string },
): Promise<ImportPreview> {
  const answer = await uploadFile<ImportPreview>({
    url: `${url}/preview`,
    file,
    params: { file_name: file.name },
  });
  return answer.data;
}
