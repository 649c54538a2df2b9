import {
  asyncScheduler,
  catchError,
  defer,
  distinctUntilChanged,
  finalize,
  from,
  map,
  of,
  type Observable,
  type ObservableInput,
  startWith,
  switchMap,
  timer,
  type SchedulerLike,
} from 'rxjs';
import type { RecordHit } from '../api/search.api.ts';

// The records group of Ctrl+K as a stream of what the panel shows: the typed text debounced,
// one request at a time (a newer text cancels the older request), and the answer for the text
// it belongs to, so a late answer never shows under newer text.

/** Fewer characters than this find too much to be worth a request. */
export const RECORD_SEARCH_MIN_LENGTH = 2;

/** Quiet time after the last keystroke before asking the server. */
export const RECORD_SEARCH_DEBOUNCE_MS = 200;

export type RecordSearchState =
  | { status: 'idle'; query: string; hits: readonly RecordHit[] }
  | { status: 'loading'; query: string; hits: readonly RecordHit[] }
  | { status: 'done'; query: string; hits: readonly RecordHit[] }
  | { status: 'failed'; query: string; hits: readonly RecordHit[] };

export type RecordSearchDeps = {
  /** What the person types, every keystroke. */
  query$: Observable<string>;
  /** The server's answer for a text (a Promise in the app, a marble observable in tests). */
  search: (query: string, signal: AbortSignal) => ObservableInput<readonly RecordHit[]>;
  debounceMs?: number;
  scheduler?: SchedulerLike;
};

const NONE: readonly RecordHit[] = [];

/** One request, aborted when a newer text replaces it; a failure is a state, not an error. */
function searched(
  search: RecordSearchDeps['search'],
  query: string,
): Observable<RecordSearchState> {
  return defer(() => {
    const controller = new AbortController();
    return from(search(query, controller.signal)).pipe(finalize(() => controller.abort()));
  }).pipe(
    map((hits): RecordSearchState => ({ status: 'done', query, hits })),
    catchError(() => of<RecordSearchState>({ status: 'failed', query, hits: NONE })),
  );
}

export function recordSearch$({
  query$,
  search,
  debounceMs = RECORD_SEARCH_DEBOUNCE_MS,
  scheduler = asyncScheduler,
}: RecordSearchDeps): Observable<RecordSearchState> {
  return query$.pipe(
    map((text) => text.trim()),
    distinctUntilChanged(),
    // Short text clears at once; longer text waits for a pause in typing.
    switchMap((query) =>
      query.length < RECORD_SEARCH_MIN_LENGTH
        ? of<RecordSearchState>({ status: 'idle', query, hits: NONE })
        : timer(debounceMs, scheduler).pipe(
            switchMap(() => searched(search, query)),
            startWith<RecordSearchState>({ status: 'loading', query, hits: NONE }),
          ),
    ),
  );
}
