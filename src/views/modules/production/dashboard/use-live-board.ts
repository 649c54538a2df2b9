import type { EntityDeclaration } from '../../../../domain/entity/entity-declaration.ts';
import type { TableQueryInput } from '../../../../domain/table-filter/table-query.types.ts';
import { useLiveRows } from '../../../common/entity/use-live-rows.ts';
import { useRealtime } from '../../../shell/realtime/realtime.context.tsx';
import { useWallDisplay } from './dashboard-frame.tsx';
import { useStaleSince } from './use-wall-recovery.ts';

// What a one-query dashboard board (production, assembly, shipping) reads: its rows kept live
// on the realtime connection, since when they may be old, whether it is on a wall, and the
// connection's state for the frame's banner.

/**
 * Every row whose `field` is one of `values`, in `sort` order: a board shows all it holds at
 * once, so one page of 500. Declare it at module level so the live query stays the same one.
 */
export function boardQuery(field: string, values: readonly string[], sort = 'id'): TableQueryInput {
  return {
    filter: [{ field, field_type: 'enum', filters: [{ operator: 'in', value: [...values] }] }],
    sort: { field: sort, direction: 'asc' },
    page: 1,
    per_page: 500,
  };
}

export function useLiveBoard(entity: EntityDeclaration, query: TableQueryInput) {
  const wall = useWallDisplay();
  const realtime = useRealtime();
  const live = useLiveRows(entity, query, realtime?.connection ?? null);
  const staleSince = useStaleSince(live, realtime?.status ?? null);
  return { wall, live, staleSince, connection: realtime?.status ?? 'none' };
}
