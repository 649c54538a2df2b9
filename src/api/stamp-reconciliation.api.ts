import { downloadFile, type DownloadResult } from './download.ts';
import type { Request } from './request.ts';
import {
  STAMP_RECONCILIATION_API,
  type ReconciliationBody,
  type ReconciliationExportFormat,
  type StampReconciliation,
} from '../domain/entities/production/stamp-reconciliation.ts';

// The monthly stamp reconciliation: read a month, save its counts and reasons, close it, and
// download it as CSV, XLSX or PDF (docs/domain/production.md "Monthly stamp reconciliation").

const path = (month: string) => `${STAMP_RECONCILIATION_API.replace(/^\/api\//, '')}/${month}`;

export async function fetchReconciliation(
  request: Request,
  month: string,
): Promise<StampReconciliation> {
  const answer = await request<StampReconciliation>({ url: path(month), quiet: true });
  return answer.data;
}

/** Saves the counts (close: and closes the month); failures are the caller's to show. */
export async function saveReconciliation(
  request: Request,
  month: string,
  body: ReconciliationBody,
  close: boolean,
): Promise<StampReconciliation> {
  const answer = await request<StampReconciliation>({
    url: close ? `${path(month)}/close` : path(month),
    method: close ? 'POST' : 'PUT',
    data: body,
    quiet: true,
  });
  return answer.data;
}

export function downloadReconciliation(
  month: string,
  format: ReconciliationExportFormat,
): Promise<DownloadResult> {
  return downloadFile({ url: `${path(month)}/export`, params: { format } });
}
