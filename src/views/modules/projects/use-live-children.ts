import { useEffect, useMemo, useRef, useState } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { TableQueryInput } from '../../../domain/table-filter/table-query.types.ts';
import { useLiveRecord as useFollowed } from '../../common/entity/use-live-record.ts';
import { useLiveRows } from '../../common/entity/use-live-rows.ts';
import { useEntityApi } from '../../common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';

// Live rows of one parent (a project's tasks, a task's items), kept current by
// private-projects' broadcasts and the delta poll, and one record by id (a page's header),
// followed as every record page follows its record (use-live-record.ts).

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

/** One record, live; null while it loads, when there is none, or once it is deleted. */
export function useLiveRecord(entity: EntityDeclaration, id: number): EntityRow | null {
  const api = useEntityApi(entity);
  const [row, setRow] = useState<EntityRow | null>(null);
  const rowRef = useRef(row);
  rowRef.current = row;
  const wanted = Number.isInteger(id) && id > 0;
  useEffect(() => {
    setRow(null);
    if (!wanted) return;
    let live = true;
    api.get(id).then(
      (read) => live && setRow((shown) => (shown && shown.version > read.version ? shown : read)),
      // A record that cannot be read shows nothing; the request layer has said why.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, id, wanted]);
  useFollowed(wanted ? entity : null, id, {
    known: () => rowRef.current?.version ?? null,
    onNewer: setRow,
    onDeleted: () => setRow(null),
  });
  return row;
}
