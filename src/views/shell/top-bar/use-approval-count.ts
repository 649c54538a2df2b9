import { useContext, useMemo } from 'react';
import { fromEvent, merge, NEVER } from 'rxjs';
import { fetchApprovalCount } from '../../../api/approval-count.api.ts';
import type { ApprovalCount } from '../../../domain/approvals.ts';
import { myWork$, type MyWorkState } from '../../../streams/my-work.stream.ts';
import { useObservable } from '../../../streams/use-observable.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { broadcastsOf, reconnectsOf } from '../realtime/queue-broadcasts.ts';
import { useRealtimeConnection } from '../realtime/realtime.context.tsx';

// The top bar's count of decisions waiting for the person, live: read again when one of the
// inbox's channels broadcasts (someone else asked or decided), when the connection is back, and
// when the person decides something in this tab.

/**
 * A decision taken in this tab (the inbox page says so on `window`): the person's own changes
 * are not broadcast back to them. An event, not a shared module, keeps the inbox's chunk apart.
 */
const decided$ = fromEvent(window, 'plantline:approvals-decided');

export function useApprovalCount(): MyWorkState<ApprovalCount> {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const state$ = useMemo(
    () =>
      myWork$<ApprovalCount>({
        read: () => fetchApprovalCount(request),
        changes: (live) => (connection ? broadcastsOf(connection, live) : NEVER),
        refresh$: connection ? merge(decided$, reconnectsOf(connection)) : decided$,
      }),
    [request, connection],
  );
  return useObservable(state$, { status: 'loading' });
}
