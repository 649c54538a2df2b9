import { request as defaultRequest, type Request } from './request.ts';

// Guides (tours) read by the signed-in user (docs/product.md §3, §4). Marking is insert-only on the
// server: a guide once read is never unmarked, so calling it twice is harmless.

export interface GuidesReadWire {
  guides_read: string[];
}

export function createGuidesApi(request: Request = defaultRequest) {
  return {
    /** Marks `id` read; answers every guide the user has read, this one included. */
    markRead: async (id: string): Promise<string[]> => {
      const url = `/general/guides/${encodeURIComponent(id)}/read`;
      const answer = await request<GuidesReadWire>({ url, method: 'POST', data: {} });
      return guidesReadOf(answer.data) ?? [];
    },
  };
}

export type GuidesApi = ReturnType<typeof createGuidesApi>;

export const guidesApi: GuidesApi = createGuidesApi();

/**
 * The `guides_read` list of a `/me` or mark-read answer, or null when the answer has none
 * (an older server), so callers can tell "none read" from "not known".
 */
export function guidesReadOf(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || !('guides_read' in data)) return null;
  const list: unknown = data.guides_read;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : null;
}
