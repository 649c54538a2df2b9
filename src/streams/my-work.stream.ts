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
// (the person's own changes are not broadcast back to them, X-Socket-Id).

/** A quiet spell after a broadcast before reading again: one read per burst of changes. */
export const MY_WORK_QUIET_MS = 1_000;

/** The healing poll (decision: a minute; broadcasts carry the changes). */
export const MY_WORK_POLL_MS = 60_000;

export type MyWorkState =
  | { status: 'loading' }
  | { status: 'ready'; work: MyWork }
  /** The last read failed; `work` is what was read before, if anything. */
  | { status: 'failed'; work: MyWork | null };

export type MyWorkDeps = {
  read: () => ObservableInput<MyWork>;
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
export function myWork$(deps: MyWorkDeps): Observable<MyWorkState> {
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
          tap((work) => live$.next(work.live)),
          map((work): MyWork | null => work),
          catchError(() => of(null)),
        ),
      ),
      scan<MyWork | null, MyWorkState>(
        (state, work) =>
          work
            ? { status: 'ready', work }
            : { status: 'failed', work: state.status === 'loading' ? null : state.work },
        { status: 'loading' },
      ),
    );
  });
}
