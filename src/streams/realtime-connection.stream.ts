import { asyncScheduler, exhaustMap, Observable, tap, timer, type SchedulerLike } from 'rxjs';
import type { ConnectionStatus, RealtimeConnection } from '../api/echo-client.ts';

// The one realtime connection of a signed-in session, as an observable: subscribing opens it,
// unsubscribing (logout, token change) closes it. When pusher-js reports the connection
// unavailable, it is disconnected (docs/product.md §4) and opened again after a growing pause, so a
// wall display left alone for days comes back by itself once the server does.

export type RealtimeState = { connection: RealtimeConnection; status: ConnectionStatus };

export type RealtimeStreamDeps = {
  open: () => RealtimeConnection;
  /** Pauses before each reconnect attempt; the last one repeats. */
  retryDelaysMs?: readonly number[];
  scheduler?: SchedulerLike;
};

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

export function realtimeConnection$(deps: RealtimeStreamDeps): Observable<RealtimeState> {
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const scheduler = deps.scheduler ?? asyncScheduler;
  return new Observable<RealtimeState>((subscriber) => {
    const connection = deps.open();
    let attempt = 0;
    const statuses = new Observable<ConnectionStatus>((s) => {
      s.next(connection.status());
      return connection.onStatus((status) => s.next(status));
    });
    const watching = statuses
      .pipe(
        tap((status) => {
          if (status === 'connected') attempt = 0;
          subscriber.next({ connection, status });
        }),
        // exhaustMap: the 'disconnected' our own disconnect() causes must not cancel the pause.
        exhaustMap((status) => {
          if (status !== 'failed') return [];
          connection.disconnect();
          const pause = delays[Math.min(attempt++, delays.length - 1)] ?? 30_000;
          return timer(pause, scheduler).pipe(tap(() => connection.reconnect()));
        }),
      )
      .subscribe({ error: (error: unknown) => subscriber.error(error) });
    return () => {
      watching.unsubscribe();
      connection.disconnect();
    };
  });
}
