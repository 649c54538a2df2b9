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
import type { StampCoverRow } from '../../../../domain/entities/production/stamp-cover.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { useRealtime } from '../../../shell/realtime/realtime.context.tsx';

// The stamp cover as the panel and the wall show it: read at once, again when a reel or a reel
// request changes (broadcasts on private-production.stamp-cover, at most twice a second), and
// every 30 s, since released orders and the forecast move it without a reel changing.

const REFRESH_MS = 30_000;
const EVENTS = ['cover.changed', 'reel.created', 'reel.updated'];

export function useStampCover(): {
  rows: StampCoverRow[] | null;
  failedAt: number | null;
  reload: () => void;
} {
  const request = useContext(EntityRequestContext);
  const connection = useRealtime()?.connection ?? null;
  const [rows, setRows] = useState<StampCoverRow[] | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const [reloads] = useState(() => new Subject<void>());

  useEffect(() => {
    const changes$ = connection
      ? merge(
          ...EVENTS.map(
            (event) =>
              new Observable<unknown>((subscriber) =>
                connection.listen('production.stamp-cover', event, (data) => subscriber.next(data)),
              ),
          ),
        ).pipe(auditTime(500))
      : new Observable<never>();
    const subscription = merge(timer(0, REFRESH_MS), changes$, reloads)
      .pipe(
        switchMap(() =>
          from(request<StampCoverRow[]>({ url: 'production/stamp-cover', quiet: true })).pipe(
            catchError(() => of(null)),
          ),
        ),
      )
      .subscribe((answer) => {
        if (!answer) return setFailedAt((at) => at ?? Date.now());
        setFailedAt(null);
        setRows(answer.data);
      });
    return () => subscription.unsubscribe();
  }, [connection, request, reloads]);

  const reload = useCallback(() => reloads.next(), [reloads]);
  return { rows, failedAt, reload };
}
