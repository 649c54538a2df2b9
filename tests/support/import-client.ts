import type { ImportOutcome } from '../../src/domain/imports/import-job.ts';
import { call } from './api-client.ts';

export type { ImportOutcome };

// An import as a client runs it: POST the file (the route answers 202 with the job), then
// follow the job until it has finished and read its outcome with the refused rows.

export type ImportReply<Made = Record<string, unknown>> = {
  status: number;
  body: { message: string; data: ImportOutcome<Made> };
};

export type ImportFile = {
  /** The upload route without its base, e.g. `/api/inventory/inventory-import`. */
  route: string;
  name: string;
  body: string | Buffer;
  token: string;
  dryRun?: boolean;
  /** `{column key: header key}`; the server matches by name without it. */
  mapping?: Record<string, string>;
};

const FINISHED = ['validated', 'failed', 'completed', 'completed_with_errors', 'cancelled'];

/** POSTs the file: the answer is the job just made, or the refusal of the file itself. */
export async function postImportFile(baseUrl: string, file: ImportFile): Promise<ImportReply> {
  const mapping = file.mapping ? `&mapping=${encodeURIComponent(JSON.stringify(file.mapping))}` : '';
  const query = `file_name=${encodeURIComponent(file.name)}&dry_run=${file.dryRun ? 1 : 0}&ref=test${mapping}`;
  const response = await fetch(`${baseUrl}${file.route}?${query}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${file.token}`,
      'content-type': file.name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream',
    },
    body: typeof file.body === 'string' ? file.body : new Uint8Array(file.body),
  });
  return {
    status: response.status,
    body: (await response.json()) as ImportReply['body'],
  };
}

/** The job's outcome once it has finished (polled; the caller's test timeout bounds it). */
export async function finishedImport(
  baseUrl: string,
  file: Pick<ImportFile, 'route' | 'token'>,
  id: number,
): Promise<ImportOutcome> {
  for (;;) {
    const reply = await call<ImportOutcome>(baseUrl, 'GET', `${file.route}/jobs/${id}/outcome`, {
      token: file.token,
    });
    if (reply.httpStatus !== 200) throw new Error(`outcome of job ${id}: ${reply.message}`);
    if (FINISHED.includes(reply.data.status)) return reply.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads the file and, when it became a job, answers with the job's finished outcome. */
export async function runImportFile<Made = Record<string, unknown>>(
  baseUrl: string,
  file: ImportFile,
): Promise<ImportReply<Made>> {
  const reply = (await postImportFile(baseUrl, file)) as ImportReply<Made>;
  if (reply.status !== 202) return reply;
  const outcome = (await finishedImport(baseUrl, file, reply.body.data.id)) as ImportOutcome<Made>;
  return { status: reply.status, body: { ...reply.body, data: outcome } };
}

/** The refused rows by number and codes, without the cells each row also carries back. */
export function refusals(errors: ImportOutcome['errors']) {
  return errors.map(({ row_no, errors: codes }) => ({ row_no, errors: codes }));
}
