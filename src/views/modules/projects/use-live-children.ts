import { useMemo } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { TableQueryInput } from '../../../domain/table-filter/table-query.types.ts';
import { useLiveRows } from '../../common/entity/use-live-rows.ts';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// Live rows of one parent (a project's tasks, a task's items) or one row by id (a page's
// header), kept current by private-projects' broadcasts and the delta poll.

const equals = (field: string, value: number) => ({
  field,
  field_type: 'number' as const,
  filters: [{ operator: 'equals' as const, value }],
});

export function useLiveChildren(
  entity: EntityDeclaration,
  field: string,
  parentId: number,
  sort: TableQueryInput['sort'] = null,
): { rows: readonly EntityRow[]; loading: boolean } {
  const connection = useRealtimeConnection();
  const query = useMemo<TableQueryInput>(
    () => ({ filter: [equals(field, parentId)], sort, per_page: 500 }),
    [field, parentId, sort],
  );
  const { rows, loading } = useLiveRows(entity, query, connection);
  return { rows, loading };
}

/** One row, live; null while it loads or when there is none. */
export function useLiveRecord(entity: EntityDeclaration, id: number): EntityRow | null {
  const { rows } = useLiveChildren(entity, 'id', id);
  return rows[0] ?? null;
}
