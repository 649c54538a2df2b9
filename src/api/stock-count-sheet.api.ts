import type { Request } from './request.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// The counting sheet of a stock count (PUT /inventory/stock-counts/:id/sheet): counted
// quantities in a count's first round, recounts in its recount round; the server picks the
// column by the count's status. A blind count's answer carries no system quantities.

/** One line's count; null clears it. */
export type SheetCount = { id: number; qty: number | null };

/**
 * Records `counts` on count `id` read at `version`; answers the count with its lines.
 * Quiet: the sheet explains its own failures (stale version, codes under the cells).
 */
export async function saveCountSheet(
  request: Request,
  id: number,
  version: number,
  counts: readonly SheetCount[],
): Promise<EntityRow> {
  const answer = await request<EntityRow>({
    url: `inventory/stock-counts/${id}/sheet`,
    method: 'PUT',
    data: { version, lines: counts },
    quiet: true,
  });
  return answer.data;
}
