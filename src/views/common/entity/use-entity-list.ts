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
import type { ListUrlState } from '../../../domain/table-filter/list-url.ts';
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
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The state of one entity list screen: the list query (filter, sort, page), the live store
// that keeps the page current, and what the toolbar shows (row count, rows changed elsewhere).

export type EntityListState = {
  gridQuery: GridQueryState;
  /** The list query as the API and the export take it. */
  query: TableQueryInput;
  events$: Observable<LiveListEvent>;
  total: number | null;
  /** The total is a lower bound: the server stopped counting (shown as "10,000+"). */
  totalCapped: boolean;
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
  /** Puts the list where a URL says (a shared link, back and forward). */
  restore: (state: ListUrlState) => void;
  /**
   * A record this screen created: the list is read again with it at the top until the query
   * changes, and its own broadcast is not counted as changed elsewhere.
   */
  showCreated: (row: EntityRow) => void;
};

const VERBS: readonly LiveVerb[] = ['created', 'updated', 'deleted'];

export function useEntityList(
  entity: EntityDeclaration,
  fields: readonly EntityField[],
  api: EntityApi,
  connection: RealtimeConnection | null,
  /** Where the list starts: its URL's filter, sort and page; the defaults otherwise. */
  initial: ListUrlState = { filter: [] },
): EntityListState {
  const filterable = useMemo(() => filterableFields(entity), [entity]);
  const [sort, setSort] = useState<TableSort | null>(() =>
    initial.sort === undefined ? (entity.defaultSort ?? null) : initial.sort,
  );
  const [filters, setFilters] = useState<ReadonlyMap<string, ColumnFilterInput>>(
    () => new Map(initial.filter.map((f) => [f.field, f])),
  );
  const [page, setPage] = useState(initial.page ?? 1);
  const [perPage, setPerPage] = useState<number>(
    initial.perPage ?? TABLE_QUERY_LIMITS.defaultPerPage,
  );
  const [tick, setTick] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [totalCapped, setTotalCapped] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [outside, setOutside] = useState(0);
  // The row just created, on top of every page read until the person changes the query.
  const pinned = useRef<EntityRow | null>(null);

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
      pinned: () => pinned.current,
      ...live(entity, connection),
    }).pipe(share());
  }, [api, entity, connection]);

  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (event.type === 'snapshot') {
        setTotal(event.total);
        setTotalCapped(event.totalCapped === true);
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

  const showCreated = useCallback((row: EntityRow) => {
    pinned.current = row;
    setTick((t) => t + 1);
  }, []);

  const loadOptions = useCallback(
    async (field: EntityField, search: string): Promise<ChecklistOption[]> => {
      const target = field.ref ? entityNamed(field.ref.entity) : undefined;
      if (!target) return [];
      const options = await entityApi(target).options(search, undefined, field.ref?.parameterType);
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
        pinned.current = null;
        setSort((current) => nextSort(current, field));
        setPage(1);
      },
      filters,
      onFilter: (field, given) => {
        pinned.current = null;
        setFilters((current) => {
          const next = new Map(current);
          if (given) next.set(field, given);
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
    totalCapped,
    loading,
    failed,
    outside,
    page,
    perPage,
    setPage: (n) => {
      pinned.current = null;
      setPage(n);
    },
    setPerPage: (n) => {
      pinned.current = null;
      setPerPage(n);
      setPage(1);
    },
    refresh: () => setTick((t) => t + 1),
    clearFilters: () => {
      pinned.current = null;
      setFilters(new Map());
      setPage(1);
    },
    restore: (state) => {
      setFilters(new Map(state.filter.map((f) => [f.field, f])));
      setSort(state.sort === undefined ? (entity.defaultSort ?? null) : state.sort);
      setPerPage(state.perPage ?? TABLE_QUERY_LIMITS.defaultPerPage);
      setPage(state.page ?? 1);
    },
    showCreated,
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
