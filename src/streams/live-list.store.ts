import type { Observable } from 'rxjs';
import {
  asyncScheduler,
  auditTime,
  catchError,
  concatMap,
  defer,
  EMPTY,
  exhaustMap,
  expand,
  from,
  map,
  merge,
  mergeMap,
  of,
  Subject,
  switchMap,
  timer,
  type ObservableInput,
  type SchedulerLike,
} from 'rxjs';
import type { ChangeSet, ListPage } from '../api/entity.api.ts';
import type { TableQueryInput } from '../domain/table-filter/table-query.types.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// One page of an entity list kept live (docs/architecture.md "Writes, events and live views"): a
// snapshot page from the API, then the broadcast deltas of the entity's channel, then a delta
// poll (`changes?since=seq`) on a timer and after every (re)subscription of the channel, so a
// missed broadcast heals itself. A row is replaced only by a newer version. Rows that are not
// on the page (created elsewhere, or changed off-page) are not inserted: only the server knows
// whether and where they fall in the filtered, sorted list. A list that fits on its page reads
// its page again (rows cannot jump between pages there); a longer one counts them, and the
// view offers a refresh rather than moving rows under the reader's eyes.

/** Delta poll period (decision: 30 s; broadcasts carry the changes, the poll only heals). */
export const LIVE_POLL_MS = 30_000;

/** A burst of changes (one posting touches many rows) re-reads a whole-list page once. */
export const RELIST_QUIET_MS = 250;

/**
 * What a broadcast carries (docs/domain/README.md §0); `data` null means "fetch the row yourself".
 */
export type LiveDelta = { id: number; seq: number; version: number; data: EntityRow | null };

export type LiveVerb = 'created' | 'updated' | 'deleted';

export type LiveBroadcast = { verb: LiveVerb; delta: LiveDelta };

export type LiveListEvent =
  /** A fresh page: replace every row. */
  | { type: 'snapshot'; rows: EntityRow[]; total: number; totalCapped?: boolean; seq: number }
  /** Rows of the page to update in place and ids to remove; `outside` rows changed off-page. */
  | { type: 'changes'; update: EntityRow[]; remove: number[]; outside: number }
  /** The snapshot could not be read; the stream waits for the next query. */
  | { type: 'failed'; error: unknown };

export type LiveListChanges = Extract<LiveListEvent, { type: 'changes' }>;

export type LiveListDeps = {
  /** Each value (a new filter, sort, page, or a manual refresh) reads a new snapshot. */
  query$: Observable<TableQueryInput>;
  list: (query: TableQueryInput) => ObservableInput<ListPage>;
  changes: (since: number) => ObservableInput<ChangeSet>;
  get: (id: number) => ObservableInput<EntityRow>;
  /** The channel's `<event>.created|updated|deleted` broadcasts. */
  broadcasts$: Observable<LiveBroadcast>;
  /** Emits whenever the channel is (re)subscribed: after a reconnect a poll catches up. */
  resubscribed$: Observable<unknown>;
  pollMs?: number;
  scheduler?: SchedulerLike;
  /**
   * A row to show on top of each page read unless the page holds it (one the view just
   * created, which may sort elsewhere): it is then a row of the page, kept live like the rest,
   * so its own broadcast is never counted as a change made elsewhere.
   */
  pinned?: () => EntityRow | null;
};

type PageState = {
  /** Version of each row on the page. */
  versions: Map<number, number>;
  /** Rows already counted as changed off-page, so a broadcast and a poll count once. */
  outside: Set<number>;
  /** Where the next poll resumes; only polls move it, since a broadcast may arrive early. */
  seq: number;
  /** The page holds the whole filtered list, so a row from elsewhere re-reads it. */
  wholeList: boolean;
};

function changes(part: Partial<Omit<LiveListChanges, 'type'>>): LiveListChanges {
  return { type: 'changes', update: [], remove: [], outside: 0, ...part };
}

export function liveList$(deps: LiveListDeps): Observable<LiveListEvent> {
  const pollMs = deps.pollMs ?? LIVE_POLL_MS;
  const scheduler = deps.scheduler ?? asyncScheduler;

  return deps.query$.pipe(
    switchMap((query) => {
      const relist$ = new Subject<void>();
      const reads$ = merge(of(undefined), relist$.pipe(auditTime(RELIST_QUIET_MS, scheduler)));
      return reads$.pipe(
        switchMap(() =>
          from(deps.list(query)).pipe(
            switchMap((page) => {
              const extra = deps.pinned?.() ?? null;
              const rows =
                extra && !page.rows.some((r) => r.id === extra.id)
                  ? [extra, ...page.rows]
                  : page.rows;
              const state: PageState = {
                versions: new Map(rows.map((r) => [r.id, r.version])),
                outside: new Set(),
                seq: page.seq,
                wholeList: page.page === 1 && page.total <= page.per_page,
              };
              const snapshot: LiveListEvent = {
                type: 'snapshot',
                rows,
                total: page.total,
                totalCapped: page.total_capped === 1,
                seq: page.seq,
              };
              const relist = () => relist$.next();
              return merge(of(snapshot), live(deps, state, pollMs, scheduler, relist));
            }),
          ),
        ),
        catchError((error: unknown) => of<LiveListEvent>({ type: 'failed', error })),
      );
    }),
  );
}

function live(
  deps: LiveListDeps,
  state: PageState,
  pollMs: number,
  scheduler: SchedulerLike,
  relist: () => void,
): Observable<LiveListEvent> {
  const fromBroadcasts = deps.broadcasts$.pipe(
    // In order, so an older delta fetched slowly never lands after a newer one.
    concatMap(({ verb, delta }) => {
      if (verb === 'deleted') return of(removal(state, delta.id, delta.version));
      if (delta.data) return of(applyRows(state, [delta.data]));
      if (!state.versions.has(delta.id)) {
        return of(changes({ outside: countOutside(state, delta.id) }));
      }
      if ((state.versions.get(delta.id) ?? 0) >= delta.version) return EMPTY;
      return from(deps.get(delta.id)).pipe(
        map((row) => applyRows(state, [row])),
        catchError(() => EMPTY),
      );
    }),
  );
  const polls = merge(timer(pollMs, pollMs, scheduler), deps.resubscribed$).pipe(
    exhaustMap(() =>
      pollAll(deps, state).pipe(
        // A failed poll is retried by the next tick; the request layer has reported it.
        catchError(() => EMPTY),
      ),
    ),
  );
  return merge(fromBroadcasts, polls).pipe(
    mergeMap((event) => {
      if (event.type === 'changes' && event.outside > 0 && state.wholeList) {
        relist();
        return isEmpty({ ...event, outside: 0 }) ? EMPTY : of({ ...event, outside: 0 });
      }
      return isEmpty(event) ? EMPTY : of(event);
    }),
  );
}

/** Reads every change after the page's seq, following `more` until the server has no more. */
function pollAll(deps: LiveListDeps, state: PageState): Observable<LiveListEvent> {
  return defer(() => from(deps.changes(state.seq))).pipe(
    expand((set) => (set.more === 1 ? defer(() => from(deps.changes(set.seq))) : EMPTY)),
    map((set) => {
      state.seq = Math.max(state.seq, set.seq);
      const applied = applyRows(state, set.rows);
      const removed = set.deleted.filter((id) => state.versions.has(id));
      for (const id of removed) state.versions.delete(id);
      return { ...applied, remove: removed };
    }),
  );
}

function applyRows(state: PageState, rows: readonly EntityRow[]): LiveListChanges {
  const update: EntityRow[] = [];
  let outside = 0;
  for (const row of rows) {
    const known = state.versions.get(row.id);
    if (known === undefined) outside += countOutside(state, row.id);
    else if (row.version > known) {
      state.versions.set(row.id, row.version);
      update.push(row);
    }
  }
  return changes({ update, outside });
}

function removal(state: PageState, id: number, version: number): LiveListEvent {
  const known = state.versions.get(id);
  if (known === undefined || known > version) return changes({});
  state.versions.delete(id);
  return changes({ remove: [id] });
}

/** 1 the first time a row is seen changing off the page, 0 after. */
function countOutside(state: PageState, id: number): number {
  if (state.outside.has(id)) return 0;
  state.outside.add(id);
  return 1;
}

function isEmpty(event: LiveListEvent): boolean {
  return (
    event.type === 'changes' &&
    event.update.length === 0 &&
    event.remove.length === 0 &&
    event.outside === 0
  );
}
