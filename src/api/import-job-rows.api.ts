import type { ImportJobRow } from '../domain/imports/import-job.ts';
import { request as defaultRequest, type Request } from './request.ts';

export type { ImportJobRow };

// A job's logged rows, a page at a time, as the history's grid reads them
// (`<upload url>/jobs/:id/rows`, or the Imports centre's `imports/jobs/:id/rows` for any kind).

export type ImportRowsFilter = {
  result?: ImportJobRow['result'] | undefined;
  /** Rows whose cells or error codes contain this text. */
  q?: string | undefined;
  page: number;
  per_page: number;
};

export type ImportRowsPage = {
  rows: ImportJobRow[];
  total: number;
  page: number;
  per_page: number;
};

/** `url` is the rows route without the /api base, e.g. `imports/jobs/12/rows`. */
export async function fetchImportRows(
  url: string,
  filter: ImportRowsFilter,
  signal?: AbortSignal,
  request: Request = defaultRequest,
): Promise<ImportRowsPage> {
  const answer = await request<ImportRowsPage>({
    url,
    params: {
      ...(filter.result ? { result: filter.result } : {}),
      ...(filter.q ? { q: filter.q } : {}),
      page: filter.page,
      per_page: filter.per_page,
    },
    signal,
  });
  return answer.data;
}
