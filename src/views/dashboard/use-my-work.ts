import { useContext, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { merge, NEVER, Subject } from 'rxjs';
import { fetchMyWork } from '../../api/my-work.api.ts';
import { myWork$, type MyWorkState } from '../../streams/my-work.stream.ts';
import { useObservable } from '../../streams/use-observable.ts';
import { EntityRequestContext } from '../common/entity-form/entity-request.context.ts';
import { broadcastsOf, reconnectsOf } from '../shell/realtime/queue-broadcasts.ts';
import { useRealtimeConnection } from '../shell/realtime/realtime.context.tsx';

// "My work" of the signed-in person, live: the stream of my-work.stream.ts fed by the
// session's realtime connection and by the dashboard being shown again (a pinned tab stays
// mounted while hidden, and the person's own changes elsewhere are not broadcast to them).

export const DASHBOARD_PATH = '/dashboard';

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
