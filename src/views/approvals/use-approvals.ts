import { useContext, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { merge, NEVER, Subject } from 'rxjs';
import { fetchApprovals, type ApprovalsQuery } from '../../api/approvals.api.ts';
import type { Approvals } from '../../domain/approvals.ts';
import { myWork$, type MyWorkState } from '../../streams/my-work.stream.ts';
import { useObservable } from '../../streams/use-observable.ts';
import { EntityRequestContext } from '../common/entity-form/entity-request.context.ts';
import { broadcastsOf, reconnectsOf } from '../shell/realtime/queue-broadcasts.ts';
import { useRealtimeConnection } from '../shell/realtime/realtime.context.tsx';

// The approval inbox of the signed-in person, live, as "My work" is: read again when a source's
// channel broadcasts, when the connection is back, when the page is shown again (a cached tab
// stays mounted) and after the person decides a row here (`reload`).

export function useApprovals(query: ApprovalsQuery): {
  state: MyWorkState<Approvals>;
  reload: () => void;
} {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const shown = useLocation().pathname === '/approvals';
  const again$ = useMemo(() => new Subject<void>(), []);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) again$.next();
    wasShown.current = shown;
  }, [shown, again$]);

  const { order, module } = query;
  const state$ = useMemo(
    () =>
      myWork$<Approvals>({
        read: () => fetchApprovals(request, { order, module }),
        changes: (live) => (connection ? broadcastsOf(connection, live) : NEVER),
        refresh$: connection ? merge(again$, reconnectsOf(connection)) : again$,
        // A decision here reads at once; a burst of broadcasts still reads once.
        quietMs: 300,
      }),
    [request, connection, again$, order, module],
  );
  return {
    state: useObservable(state$, { status: 'loading' }),
    reload: () => again$.next(),
  };
}
