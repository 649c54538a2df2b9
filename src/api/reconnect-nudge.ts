// pusher-js after a lost connection: its ws strategy waits out a 15 s handshake timeout
// (doubling to 30 s and 60 s) before trying again when the server refused the first attempt,
// so a server restart of a few seconds left pages without live updates for 15 to 30 s
// (bench/README.md, "Reconnect storm"). While a connection that was live is not back, this
// checks on its own schedule (after 1–2 s, then 2–4 s, then every 2.5–5 s, each delay a
// random part of its window so a thousand pages spread out rather than arriving together)
// whether the websocket server answers plain HTTP again, and if it does while pusher-js is
// still waiting, starts a fresh attempt. The check keeps attempts from piling onto a server
// that is still down; after a fresh attempt the next one waits longer each time (4–8 s, then
// up to 15 s, pusher-js's own timeout), so a handshake that is merely slow on a server busy
// with everyone's return is not cut off again and again (the bench saw that livelock). A connection that comes back resets the schedule; the
// first connection of a page, and one the app has closed, are left alone.

export const NUDGE_BASE_MS = 2_000;
export const NUDGE_CAP_MS = 5_000;
/** After the n-th fresh attempt (1, 2, …) the next check waits this window, doubling. */
export const RESTART_GRACE_MS = 8_000;
export const RESTART_GRACE_CAP_MS = 15_000;

/** The delay before attempt `attempt` (0, 1, …): its window, times a random 0.5–1. */
export function nudgeDelay(attempt: number, random: () => number): number {
  const window = Math.min(NUDGE_CAP_MS, NUDGE_BASE_MS * 2 ** attempt);
  return window * (0.5 + 0.5 * random());
}

/** The delay of the check after fresh attempt `restarts` (1, 2, …). */
export function restartGrace(restarts: number, random: () => number): number {
  const window = Math.min(RESTART_GRACE_CAP_MS, RESTART_GRACE_MS * 2 ** (restarts - 1));
  return window * (0.5 + 0.5 * random());
}

/** What the nudge needs of a pusher-js connection. */
export interface NudgeTarget {
  state(): string;
  onStateChange(callback: (current: string) => void): void;
  /** A fresh attempt (channels resubscribe once connected). */
  restart(): void;
  /** Whether the server answers again; a fresh attempt is pointless until it does. */
  reachable(): Promise<boolean>;
}

export interface NudgeOptions {
  random?: () => number;
  /** setTimeout by default; returns the function that cancels it. */
  setTimer?: (callback: () => void, ms: number) => () => void;
}

const WAITING = new Set(['connecting', 'unavailable']);

export function keepReconnecting(target: NudgeTarget, options: NudgeOptions = {}): void {
  const random = options.random ?? Math.random;
  const setTimer =
    options.setTimer ??
    ((callback, ms) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    });
  let attempt = 0;
  let restarts = 0;
  let cancel: (() => void) | null = null;
  let restarting = false;
  /** The connection has been live once: from then on a wait for it is a reconnect. */
  let wasLive = false;

  const stop = () => {
    cancel?.();
    cancel = null;
  };
  const schedule = () => {
    if (cancel) return;
    let cancelled = false;
    const stopTimer = setTimer(
      () => {
        attempt += 1;
        void target
          .reachable()
          .catch(() => false)
          .then((up) => {
            if (cancelled) return;
            cancel = null;
            if (!wasLive || !WAITING.has(target.state())) return;
            if (up) {
              restarts += 1;
              restarting = true;
              try {
                target.restart();
              } finally {
                restarting = false;
              }
            }
            // Still waiting (a fresh attempt stays `connecting`): the next check is due.
            if (WAITING.has(target.state())) schedule();
          });
      },
      restarts === 0 ? nudgeDelay(attempt, random) : restartGrace(restarts, random),
    );
    cancel = () => {
      cancelled = true;
      stopTimer();
    };
  };

  target.onStateChange((current) => {
    if (restarting) return;
    if (current === 'connected') {
      attempt = 0;
      restarts = 0;
      wasLive = true;
      stop();
    } else if (WAITING.has(current)) {
      if (wasLive) schedule();
    } else {
      // Disconnected (on purpose, or by realtimeConnection$ before its own retry) or failed:
      // nothing to nudge until the app opens it again.
      stop();
    }
  });
}
