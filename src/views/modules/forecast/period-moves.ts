import { formatDate } from '../../../domain/formats/date.format.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What a period's irreversible events do, said in their confirmation (document-actions.tsx).

export function periodMoves(doc: EntityRow, event: string): string[] {
  const day = (field: string) => formatDate(typeof doc[field] === 'string' ? doc[field] : null);
  if (event === 'generate') {
    return [
      `Allocations per product and centre from the sales shipped ${day('history_from')} – ${day('history_to')}`,
      'A production plan from those forecasts, rounded by the quantity ranges',
    ];
  }
  if (event === 'lock') {
    return ['The forecast and the plan become read-only; orders can then be created'];
  }
  return [];
}
