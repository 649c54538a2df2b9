import type { ImportOutcome } from '../domain/imports/import-job.ts';
import { request as defaultRequest, type Request } from './request.ts';

export type { ImportOutcome };

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
