import { request as defaultRequest, type Request } from './request.ts';

// Ctrl+K's records group: GET /api/search?q= answers the records the caller may open whose
// number, code, name, SKU or lot holds the text, exact matches first.

export type RecordMatch = 'exact' | 'prefix' | 'partial';

export type RecordHit = {
  /** The entity's declared name (`production_orders`). */
  entity: string;
  /** The entity's title (`Production order`). */
  title: string;
  id: number;
  /** Its number, code, SKU or name. */
  label: string;
  /** Its other searched values (`FG-MANGO-06-30 · Mango 6 mg 30 ml`). */
  detail: string;
  /** Where it opens. */
  path: string;
  match: RecordMatch;
};

export type SearchRecords = (q: string, signal?: AbortSignal) => Promise<RecordHit[]>;

export function searchRecordsApi(request: Request = defaultRequest): SearchRecords {
  return async (q, signal) =>
    // Quiet: a failed search says so in its own panel, not in a notification over it.
    (await request<{ hits: RecordHit[] }>({ url: 'search', params: { q }, signal, quiet: true }))
      .data.hits;
}
