import { downloadFile, type DownloadResult } from './download.ts';
import type { Request } from './request.ts';
import {
  TRACE_API,
  TRACE_REPORT_API,
  type Trace,
  type TraceDirection,
} from '../domain/entities/stock/lot-trace.ts';

// The lot trace: one graph per anchor, and its recall report as a file.

const path = (api: string) => api.replace(/^\/api\//, '');

/** Where a trace starts: an anchor the app names (`lot:12`) or a lot number a person typed. */
export type TraceStart = { readonly from: string } | { readonly lotNo: string };

const params = (start: TraceStart) =>
  'from' in start ? { from: start.from } : { lot_no: start.lotNo };

export async function fetchTrace(
  request: Request,
  start: TraceStart,
  direction: TraceDirection,
): Promise<Trace> {
  const answer = await request<Trace>({
    url: path(TRACE_API),
    params: { ...params(start), direction },
  });
  return answer.data;
}

/** The recall report of the anchor, as the server names it (recall-MO-00012.pdf). */
export function downloadRecallReport(from: string, format: 'pdf' | 'csv'): Promise<DownloadResult> {
  return downloadFile({ url: path(TRACE_REPORT_API), params: { from, format } });
}
