import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Observable } from 'rxjs';
import { from, shareReplay, switchMap } from 'rxjs';
import type { RealtimeConnection } from '../../../api/echo-client.ts';
import {
  realtimeConnection$,
  type RealtimeState,
} from '../../../streams/realtime-connection.stream.ts';
import { useAppConfig } from '../../common/use-app-config.ts';
import { useServices } from '../../services.context.ts';
import { useSession } from '../../session/use-session.ts';

// The session's one realtime connection (docs/product.md §4), opened once the user is signed in and
// the echo chunk has loaded, shared by the top-bar indicator and every live view. Leaving the
// shell (logout) unsubscribes the last watcher, which disconnects it.

const RealtimeContext = createContext<Observable<RealtimeState> | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { loadRealtime } = useServices();
  const { config } = useAppConfig();
  const { token } = useSession();
  const echo = config?.echo;

  const realtime$ = useMemo(() => {
    if (!echo || !token) return null;
    return from(loadRealtime()).pipe(
      switchMap((connect) => realtimeConnection$({ open: () => connect(echo, token) })),
      // One connection however many views watch; it closes when the last one leaves.
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }, [echo, token, loadRealtime]);

  // The shell itself holds one subscription, so the connection lives as long as the session.
  useEffect(() => {
    const subscription = realtime$?.subscribe();
    return () => subscription?.unsubscribe();
  }, [realtime$]);

  return <RealtimeContext value={realtime$}>{children}</RealtimeContext>;
}

/** The latest connection and its status, or null until the connection is open. */
export function useRealtime(): RealtimeState | null {
  const realtime$ = useContext(RealtimeContext);
  const [state, setState] = useState<RealtimeState | null>(null);
  useEffect(() => {
    if (!realtime$) return;
    const subscription = realtime$.subscribe(setState);
    return () => subscription.unsubscribe();
  }, [realtime$]);
  return state;
}

/** The connection itself for live views; null until it is open. */
export function useRealtimeConnection(): RealtimeConnection | null {
  return useRealtime()?.connection ?? null;
}
