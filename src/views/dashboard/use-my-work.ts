import { useContext, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { merge, NEVER, Observable, Subject } from 'rxjs';
import { fetchMyWork } from '../../api/my-work.api.ts';
import type { RealtimeConnection } from '../../api/echo-client.ts';
import type { WorkLive } from '../../domain/my-work.ts';
import { myWork$, type MyWorkState } from '../../streams/my-work.stream.ts';
import { useObservable } from '../../streams/use-observable.ts';
import { EntityRequestContext } from '../common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../shell/realtime/realtime.context.tsx';

// "My work" of the signed-in person, live: the stream of my-work.stream.ts fed by the
// session's realtime connection and by the dashboard being shown again (a pinned tab stays
// mounted while hidden, and the person's own changes elsewhere are not broadcast to them).

export const DASHBOARD_PATH = '/dashboard';

const VERBS = ['created', 'updated', 'deleted'] as const;

/** Every broadcast of the queues' channels, on the session's connection. */
function broadcastsOf(connection: RealtimeConnection, live: readonly WorkLive[]) {
  // RealtimeConnection.listen adds the `private-` prefix itself.
  return merge(
    ...live.flatMap(({ channel, event }) =>
      VERBS.map(
        (verb) =>
          new Observable<void>((subscriber) =>
            connection.listen(channel.replace(/^private-/, ''), `${event}.${verb}`, () =>
              subscriber.next(),
            ),
          ),
      ),
    ),
  );
}

/** Emits each time the connection is back after being away. */
function reconnectsOf(connection: RealtimeConnection) {
  return new Observable<void>((subscriber) => {
    let last = connection.status();
    return connection.onStatus((status) => {
      if (status === 'connected' && last !== 'connected') subscriber.next();
      last = status;
    });
  });
}

export function useMyWork(): MyWorkState {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const shown = useLocation().pathname === DASHBOARD_PATH;
  const shownAgain$ = useMemo(() => new Subject<void>(), []);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) shownAgain$.next();
    wasShown.current = shown;
  }, [shown, shownAgain$]);

  const state$ = useMemo(
    () =>
      myWork$({
        read: () => fetchMyWork(request),
        changes: (live) => (connection ? broadcastsOf(connection, live) : NEVER),
        refresh$: connection ? merge(shownAgain$, reconnectsOf(connection)) : shownAgain$,
      }),
    [request, connection, shownAgain$],
  );
  return useObservable(state$, { status: 'loading' });
}
