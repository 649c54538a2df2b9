import { useCallback, useContext, useEffect, useState } from 'react';
import {
  auditTime,
  catchError,
  from,
  merge,
  Observable,
  of,
  Subject,
  switchMap,
  timer,
} from 'rxjs';
import { EntityRequestContext } from './entity-form/entity-request.context.ts';
import { useRealtime } from '../shell/realtime/realtime.context.tsx';

// A read that a board keeps fresh (docs/architecture.md "Data flow"): at once, again when one of
// `events` arrives on `channel` (at most twice a second), every `refreshMs` for what moves it
// without a broadcast, and on reload(). A failed read keeps the last answer and says since when
// it failed, so a wall shows it may be stale instead of going blank.

export function usePolledRead<T>(
  url: string,
  channel: string,
  events: readonly string[],
  refreshMs: number,
): { data: T | null; failedAt: number | null; reload: () => void } {
  const request = useContext(EntityRequestContext);
  const connection = useRealtime()?.connection ?? null;
  const [data, setData] = useState<T | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const [reloads] = useState(() => new Subject<void>());
  const eventKey = events.join(',');

  useEffect(() => {
    const changes$ = connection
      ? merge(
          ...eventKey.split(',').map(
            (event) =>
              new Observable<unknown>((subscriber) =>
                connection.listen(channel, event, (payload) => subscriber.next(payload)),
              ),
          ),
        ).pipe(auditTime(500))
      : new Observable<never>();
    const subscription = merge(timer(0, refreshMs), changes$, reloads)
      .pipe(
        switchMap(() =>
          from(request<T>({ url, quiet: true })).pipe(catchError(() => of(null))),
        ),
      )
      .subscribe((answer) => {
        if (!answer) return setFailedAt((at) => at ?? Date.now());
        setFailedAt(null);
        // The caller's T is the shape as it travels (its flags already 1/0).
        setData(answer.data as T);
      });
    return () => subscription.unsubscribe();
  }, [connection, request, reloads, url, channel, eventKey, refreshMs]);

  const reload = useCallback(() => reloads.next(), [reloads]);
  return { data, failedAt, reload };
}
