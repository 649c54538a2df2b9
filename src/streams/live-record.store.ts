import type { Observable } from 'rxjs';
import {
  asyncScheduler,
  catchError,
  EMPTY,
  filter,
  from,
  map,
  merge,
  switchMap,
  timer,
  type ObservableInput,
  type SchedulerLike,
} from 'rxjs';
import { LIVE_POLL_MS, type LiveBroadcast } from './live-list.store.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// One open record kept live (a document's page): the same channel broadcasts its list hears,
// narrowed to the record's id, each answered by a re-read of the record, since a broadcast
// may carry only its ids, or a list row without the lines the page shows. A re-read after
// every (re)subscription and on the lists' poll period heals a missed broadcast. Only a row
// newer than the one the page holds comes out, so the page's own save or event, already in
// hand, is never announced to it as someone else's change.

export type LiveRecordEvent =
  /** The record as saved now, newer than the page's. */
  | { type: 'row'; row: EntityRow }
  /** Someone deleted it. */
  | { type: 'deleted' };

export type LiveRecordDeps = {
  id: number;
  /** The version the page holds now (it moves with the page's own saves); null: none yet. */
  known: () => number | null;
  get: (id: number) => ObservableInput<EntityRow>;
  /** The entity channel's `<event>.created|updated|deleted` broadcasts. */
  broadcasts$: Observable<LiveBroadcast>;
  /** Emits whenever the channel is (re)subscribed. */
  resubscribed$: Observable<unknown>;
  pollMs?: number;
  scheduler?: SchedulerLike;
};

export function liveRecord$(deps: LiveRecordDeps): Observable<LiveRecordEvent> {
  const pollMs = deps.pollMs ?? LIVE_POLL_MS;
  const scheduler = deps.scheduler ?? asyncScheduler;
  const newer = (version: number) => {
    const known = deps.known();
    return known !== null && version > known;
  };
  const mine = deps.broadcasts$.pipe(filter(({ delta }) => delta.id === deps.id));
  // A deletion need not move the version: any deletion of the record is news.
  const deleted$ = mine.pipe(
    filter(({ verb }) => verb === 'deleted'),
    map((): LiveRecordEvent => ({ type: 'deleted' })),
  );
  const reads$ = merge(
    mine.pipe(filter(({ verb, delta }) => verb !== 'deleted' && newer(delta.version))),
    deps.resubscribed$,
    timer(pollMs, pollMs, scheduler),
  ).pipe(
    // A burst of broadcasts (an event and its effects) needs only the newest read.
    switchMap(() =>
      from(deps.get(deps.id)).pipe(
        // A failed read waits for the next broadcast or tick; the request layer reported it.
        catchError(() => EMPTY),
      ),
    ),
    filter((row) => newer(row.version)),
    map((row): LiveRecordEvent => ({ type: 'row', row })),
  );
  return merge(reads$, deleted$);
}
