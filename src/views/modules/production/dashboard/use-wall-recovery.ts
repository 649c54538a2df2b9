import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus } from '../../../../api/echo-client.ts';
import type { LiveRows } from '../../../common/entity/use-live-rows.ts';

// A dashboard left on a wall for days must say when what it shows may be old, and heal itself:
// stale from the moment the connection drops or a read fails, read again when the connection
// is back, and retried on a timer while the server does not answer.

export const RETRY_MS = 10_000;

export function useStaleSince(live: LiveRows, status: ConnectionStatus | null): number | null {
  const [staleSince, setStaleSince] = useState<number | null>(null);
  const connected = status === 'connected';
  const wasConnected = useRef(connected);
  // Still opening on first load is not stale; any state but connected after that is a drop
  // (pusher-js goes back to `connecting` first, `failed` only after its timeout).
  const everConnected = useRef(false);
  if (connected) everConnected.current = true;
  const dropped = everConnected.current && !connected;
  const healthy = !dropped && !live.failed;

  useEffect(() => {
    setStaleSince((since) => (healthy ? null : (since ?? live.freshAt ?? Date.now())));
  }, [healthy, live.freshAt]);

  // Back online: what was missed is read again at once.
  const { retry } = live;
  useEffect(() => {
    if (connected && !wasConnected.current) retry();
    wasConnected.current = connected;
  }, [connected, retry]);

  useEffect(() => {
    if (!live.failed) return;
    const timer = setInterval(retry, RETRY_MS);
    return () => clearInterval(timer);
  }, [live.failed, retry]);

  return staleSince;
}

/** The time, ticking every `periodMs`, for elapsed times that move without data changing. */
export function useNow(periodMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
