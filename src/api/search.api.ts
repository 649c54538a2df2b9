import type { RecordHit } from '../domain/record-search.ts';
import { request as defaultRequest, type Request } from './request.ts';

export type { RecordHit, RecordMatch } from '../domain/record-search.ts';

// Ctrl+K's records group: GET /api/search?q= answers the records the caller may open whose
// number, code, name, SKU or lot holds the text, exact matches first.

export type SearchRecords = (q: string, signal?: AbortSignal) => Promise<RecordHit[]>;

export function searchRecordsApi(request: Request = defaultRequest): SearchRecords {
  return async (q, signal) =>
    // Quiet: a failed search says so in its own panel, not in a notification over it.
    (await request<{ hits: RecordHit[] }>({ url: 'search', params: { q }, signal, quiet: true }))
      .data.hits;
}
