import { FORECAST_PERIODS } from '../shared/entities/forecast-periods.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What a period's irreversible events do, said in their confirmation (document-actions.tsx).

export function periodMoves(doc: EntityRow, event: string): string[] {
  if (event === 'generate') {
    const period = rowOf(FORECAST_PERIODS, doc);
    return [
      `Allocations per product and centre from the sales shipped ${formatDate(period.history_from)} – ${formatDate(period.history_to)}`,
      'A production plan from those forecasts, rounded by the quantity ranges',
    ];
  }
  if (event === 'lock') {
    return ['The forecast and the plan become read-only; orders can then be created'];
  }
  return [];
}
