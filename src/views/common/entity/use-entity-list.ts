import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY, merge, Observable, ReplaySubject, share } from 'rxjs';
import { entityApi, type EntityApi } from '../../../api/entity.api.ts';
import type { RealtimeConnection } from '../../../api/echo-client.ts';
import { entityNamed } from '../../../domain/entities/entity-registry.ts';
import {
  filterableFields,
  type EntityDeclaration,
} from '../../../domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { nextSort } from '../../../domain/table-filter/next-sort.ts';
import {
  TABLE_QUERY_LIMITS,
  type ColumnFilterInput,
  type TableQueryInput,
  type TableSort,
} from '../../../domain/table-filter/table-query.types.ts';
import { validateTableQuery } from '../../../domain/table-filter/validate-table-query.ts';
import {
  liveList$,
  type LiveBroadcast,
  type LiveDelta,
  type LiveListEvent,
  type LiveVerb,
} from '../../../streams/live-list.store.ts';
import type { GridQueryState } from '../grid/grid-query.context.ts';
import type { ChecklistOption } from '../grid/value-checklist.tsx';

// The state of one entity list screen: the list query (filter, sort, page), the live store
// that keeps the page current, and what the toolbar shows (row count, rows changed elsewhere).

export type EntityListState = {
  gridQuery: GridQueryState;
  /** The list query as the API and the export take it. */
  query: TableQueryInput;
  events$: Observable<LiveListEvent>;
  total: number | null;
  loading: boolean;
  failed: boolean;
  /** Rows changed or created off this page since it was read. */
  outside: number;
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  refresh: () => void;
  clearFilters: () => void;
};

const VERBS: readonly LiveVerb[] = ['created', 'updated', 'deleted'];

export function useEntityList(
  entity: EntityDeclaration,
  fields: readonly EntityField[],
  api: EntityApi,
  connection: RealtimeConnection | null,
): EntityListState {
  const filterable = useMemo(() => filterableFields(entity), [entity]);
  const [sort, setSort] = useState<TableSort | null>(entity.defaultSort ?? null);
  const [filters, setFilters] = useState<ReadonlyMap<string, ColumnFilterInput>>(new Map());
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(TABLE_QUERY_LIMITS.defaultPerPage);
  const [tick, setTick] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [outside, setOutside] = useState(0);

  const query = useMemo<TableQueryInput>(
    () => ({ filter: [...filters.values()], sort, page, per_page: perPage }),
    [filters, sort, page, perPage],
  );

  // Replays the last query, so a live store built later (the connection opened) reads it too.
  const query$ = useRef<ReplaySubject<TableQueryInput> | null>(null);
  query$.current ??= new ReplaySubject<TableQueryInput>(1);
  useEffect(() => {
    // Only a query the server will accept is sent (the widgets check each filter already).
    if (!validateTableQuery(query, filterable).ok) return;
    setLoading(true);
    query$.current?.next(query);
  }, [query, tick, filterable]);

  const events$ = useMemo(() => {
    const source = query$.current ?? new ReplaySubject<TableQueryInput>(1);
    return liveList$({
      query$: source,
      list: (q) => api.list(q),
      changes: (since) => api.changes(since),
      get: (id) => api.get(id),
      ...live(entity, connection),
    }).pipe(share());
  }, [api, entity, connection]);

  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (event.type === 'snapshot') {
        setTotal(event.total);
        setLoading(false);
        setFailed(false);
        setOutside(0);
      } else if (event.type === 'failed') {
        setLoading(false);
        setFailed(true);
      } else {
        if (event.remove.length > 0) setTotal((t) => (t === null ? t : t - event.remove.length));
        if (event.outside > 0) setOutside((n) => n + event.outside);
      }
    });
    return () => subscription.unsubscribe();
  }, [events$]);

  const loadOptions = useCallback(
    async (field: EntityField, search: string): Promise<ChecklistOption[]> => {
      const target = field.ref ? entityNamed(field.ref.entity) : undefined;
      if (!target) return [];
      const options = await entityApi(target).options(search);
      return options.map((o) => ({ value: String(o.value), label: o.label }));
    },
    [],
  );

  const gridQuery = useMemo<GridQueryState>(
    () => ({
      fields,
      filterable,
      sort,
      onSort: (field) => {
        setSort((current) => nextSort(current, field));
        setPage(1);
      },
      filters,
      onFilter: (field, filter) => {
        setFilters((current) => {
          const next = new Map(current);
          if (filter) next.set(field, filter);
          else next.delete(field);
          return next;
        });
        setPage(1);
      },
      loadOptions,
    }),
    [fields, filterable, sort, filters, loadOptions],
  );

  return {
    gridQuery,
    query,
    events$,
    total,
    loading,
    failed,
    outside,
    page,
    perPage,
    setPage,
    setPerPage: (n) => {
      setPerPage(n);
      setPage(1);
    },
    refresh: () => setTick((t) => t + 1),
    clearFilters: () => {
      setFilters(new Map());
      setPage(1);
    },
  };
}

/** The entity's broadcasts and channel (re)subscriptions; nothing without a connection. */
export function live(
  entity: EntityDeclaration,
  connection: RealtimeConnection | null,
): { broadcasts$: Observable<LiveBroadcast>; resubscribed$: Observable<unknown> } {
  if (!connection) return { broadcasts$: EMPTY, resubscribed$: EMPTY };
  // RealtimeConnection.listen adds the `private-` prefix itself.
  const channel = entity.channel.replace(/^private-/, '');
  const perVerb = (verb: LiveVerb) =>
    new Observable<LiveBroadcast | 'subscribed'>((subscriber) =>
      connection.listen<LiveDelta>(
        channel,
        `${entity.event}.${verb}`,
        (delta) => subscriber.next({ verb, delta }),
        () => subscriber.next('subscribed'),
      ),
    );
  const all$ = merge(...VERBS.map(perVerb)).pipe(share());
  const statusChanges$ = new Observable<unknown>((subscriber) => {
    let last = connection.status();
    return connection.onStatus((status) => {
      if (status === 'connected' && last !== 'connected') subscriber.next(status);
      last = status;
    });
  });
  return {
    broadcasts$: new Observable<LiveBroadcast>((subscriber) =>
      all$.subscribe((item) => {
        if (item !== 'subscribed') subscriber.next(item);
      }),
    ),
    resubscribed$: merge(
      new Observable<unknown>((subscriber) =>
        all$.subscribe((item) => {
          if (item === 'subscribed') subscriber.next(item);
        }),
      ),
      statusChanges$,
    ),
  };
}
