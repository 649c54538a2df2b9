import { useMemo } from 'react';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../src/domain/entity/row-of.ts';
import type { TableQueryInput } from '../../../src/domain/table-filter/table-query.types.ts';
import { useLiveRows } from '../../../src/views/common/entity/use-live-rows.ts';
import { useRealtimeConnection } from '../../../src/views/shell/realtime/realtime.context.tsx';

// Live rows of one parent (a project's tasks, a task's items) or one row by id (a page's
// header), kept current by private-projects' broadcasts and the delta poll.

const equals = (field: string, value: number) => ({
  field,
  field_type: 'number' as const,
  filters: [{ operator: 'equals' as const, value }],
});

export function useLiveChildren<D extends EntityDeclaration>(
  entity: D,
  field: string,
  parentId: number,
  sort: TableQueryInput['sort'] = null,
): { rows: readonly RowOf<D>[]; loading: boolean } {
  const connection = useRealtimeConnection();
  const query = useMemo<TableQueryInput>(
    () => ({ filter: [equals(field, parentId)], sort, per_page: 500 }),
    [field, parentId, sort],
  );
  const { rows, loading } = useLiveRows(entity, query, connection);
  // The entity's own list: the same rows, read as its rows (as rowOf reads one).
  return { rows: rows as unknown as readonly RowOf<D>[], loading };
}

/** One row, live; null while it loads or when there is none. */
export function useLiveRecord<D extends EntityDeclaration>(entity: D, id: number): RowOf<D> | null {
  const { rows } = useLiveChildren(entity, 'id', id);
  return rows[0] ?? null;
}
