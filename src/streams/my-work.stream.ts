import {
  asyncScheduler,
  auditTime,
  BehaviorSubject,
  catchError,
  defer,
  distinctUntilChanged,
  from,
  interval,
  map,
  merge,
  of,
  scan,
  switchMap,
  tap,
  type Observable,
  type ObservableInput,
  type SchedulerLike,
} from 'rxjs';
import type { MyWork, WorkLive } from '../domain/my-work.ts';

// The home page's "My work", kept current: read once, then again whenever a channel of one of
// the person's queues broadcasts a change (a burst of changes reads once), when the connection
// comes back, when the page is shown again, and on a slow poll that heals anything missed
// (the person's own changes are not broadcast back to them, X-Socket-Id). The approval inbox
// and its top-bar count are the decisions of the same queues and read through this stream too
// (any answer that names the broadcasts it hears, `live`).

/** A quiet spell after a broadcast before reading again: one read per burst of changes. */
export const MY_WORK_QUIET_MS = 1_000;

/** The healing poll (decision: a minute; broadcasts carry the changes). */
export const MY_WORK_POLL_MS = 60_000;

/** An answer that says which broadcasts change it: My work, the inbox, the inbox's count. */
export type LiveAnswer = { readonly live: readonly WorkLive[] };

export type MyWorkState<T extends LiveAnswer = MyWork> =
  | { status: 'loading' }
  | { status: 'ready'; work: T }
  /** The last read failed; `work` is what was read before, if anything. */
  | { status: 'failed'; work: T | null };

export type MyWorkDeps<T extends LiveAnswer = MyWork> = {
  read: () => ObservableInput<T>;
  /** Emits on every broadcast of the given channels and events (nothing when offline). */
  changes: (live: readonly WorkLive[]) => Observable<unknown>;
  /** Emits when the realtime connection is back, or the page is shown again. */
  refresh$: Observable<unknown>;
  pollMs?: number;
  quietMs?: number;
  scheduler?: SchedulerLike;
};

const liveKey = (live: readonly WorkLive[]) =>
  live
    .map((l) => `${l.channel} ${l.event}`)
    .sort()
    .join('|');

/** Emits from the first answer on: until then the view shows `loading` (a new connection
 * builds a new stream, and what is on screen stays until it answers). */
export function myWork$<T extends LiveAnswer = MyWork>(
  deps: MyWorkDeps<T>,
): Observable<MyWorkState<T>> {
  const scheduler = deps.scheduler ?? asyncScheduler;
  return defer(() => {
    // The channels of the last answer: a queue that appears or goes changes what is heard.
    const live$ = new BehaviorSubject<readonly WorkLive[]>([]);
    const heard$ = live$.pipe(
      distinctUntilChanged((a, b) => liveKey(a) === liveKey(b)),
      switchMap((live) => (live.length === 0 ? of() : deps.changes(live))),
    );
    const again$ = merge(
      heard$,
      deps.refresh$,
      interval(deps.pollMs ?? MY_WORK_POLL_MS, scheduler),
    ).pipe(auditTime(deps.quietMs ?? MY_WORK_QUIET_MS, scheduler));
    return merge(of(undefined), again$).pipe(
      switchMap(() =>
        from(deps.read()).pipe(
          // An answer without its broadcasts is not the answer asked for (a proxy's page, a
          // server of another version): a failed read, not a crash of the stream.
          map((work): T | null => (Array.isArray(work.live) ? work : null)),
          tap((work) => work && live$.next(work.live)),
          catchError(() => of(null)),
        ),
      ),
      scan<T | null, MyWorkState<T>>(
        (state, work) =>
          work
            ? { status: 'ready', work }
            : { status: 'failed', work: state.status === 'loading' ? null : state.work },
        { status: 'loading' },
      ),
    );
  });
}
