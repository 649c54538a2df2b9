import { useEffect, useMemo, useState } from 'react';
import { BehaviorSubject, share } from 'rxjs';
import { entityApi } from '../../../api/entity.api.ts';
import type { RealtimeConnection } from '../../../api/echo-client.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { TableQueryInput } from '../../../domain/table-filter/table-query.types.ts';
import { liveList$ } from '../../../streams/live-list.store.ts';
import { live } from './use-entity-list.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The rows of one fixed query kept live (a dashboard's open orders): the entity list's live
// store without a grid. `failed` says the last read did not answer; `retry` reads again (a
// wall display calls it when the connection comes back, or on a timer while it is down).

export type LiveRows = {
  rows: readonly EntityRow[];
  loading: boolean;
  failed: boolean;
  /** When the rows were last known to be current (snapshot or change), ms since epoch. */
  freshAt: number | null;
  retry: () => void;
};

export function useLiveRows(
  entity: EntityDeclaration,
  query: TableQueryInput,
  connection: RealtimeConnection | null,
): LiveRows {
  const api = useMemo(() => entityApi(entity), [entity]);
  const [rows, setRows] = useState<readonly EntityRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [freshAt, setFreshAt] = useState<number | null>(null);
  const query$ = useMemo(() => new BehaviorSubject(query), [query]);

  useEffect(() => {
    const events$ = liveList$({
      query$,
      list: (q) => api.list(q),
      changes: (since) => api.changes(since),
      get: (id) => api.get(id),
      ...live(entity, connection),
    }).pipe(share());
    const subscription = events$.subscribe((event) => {
      if (event.type === 'failed') {
        setFailed(true);
        setLoading(false);
        return;
      }
      setFailed(false);
      setLoading(false);
      setFreshAt(Date.now());
      if (event.type === 'snapshot') {
        setRows(event.rows);
        return;
      }
      const updates = new Map(event.update.map((row) => [row.id, row]));
      const removed = new Set(event.remove);
      setRows((current) =>
        current.filter((row) => !removed.has(row.id)).map((row) => updates.get(row.id) ?? row),
      );
    });
    return () => subscription.unsubscribe();
  }, [api, entity, connection, query$]);

  return { rows, loading, failed, freshAt, retry: () => query$.next(query$.value) };
}
