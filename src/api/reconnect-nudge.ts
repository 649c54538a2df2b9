// pusher-js after a lost connection: its ws strategy waits out a 15 s handshake timeout
// (doubling to 30 s and 60 s) before trying again when the server refused the first attempt,
// so a server restart of a few seconds left pages without live updates for 15 to 30 s
// (bench/README.md, "Reconnect storm"). While the connection is not back, this restarts the
// attempt on its own schedule instead: after 1–2 s, then 2–4 s, then every 2.5–5 s, each
// delay a random part of its window so a thousand pages spread their reconnects rather than
// arriving together. A connection that comes back resets the schedule; one the app closed on
// purpose is left alone.

export const NUDGE_BASE_MS = 2_000;
export const NUDGE_CAP_MS = 5_000;

/** The delay before attempt `attempt` (0, 1, …): its window, times a random 0.5–1. */
export function nudgeDelay(attempt: number, random: () => number): number {
  const window = Math.min(NUDGE_CAP_MS, NUDGE_BASE_MS * 2 ** attempt);
  return window * (0.5 + 0.5 * random());
}

/** What the nudge needs of a pusher-js connection. */
export interface NudgeTarget {
  state(): string;
  onStateChange(callback: (current: string) => void): void;
  /** A fresh attempt: disconnect, then connect (channels resubscribe once connected). */
  restart(): void;
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
  let cancel: (() => void) | null = null;
  let restarting = false;

  const stop = () => {
    cancel?.();
    cancel = null;
  };
  const schedule = () => {
    if (cancel) return;
    cancel = setTimer(() => {
      cancel = null;
      if (!WAITING.has(target.state())) return;
      attempt += 1;
      restarting = true;
      try {
        target.restart();
      } finally {
        restarting = false;
      }
      // restart() passed through `disconnected`; waiting again means the next nudge is due.
      if (WAITING.has(target.state())) schedule();
    }, nudgeDelay(attempt, random));
  };

  target.onStateChange((current) => {
    if (restarting) return;
    if (current === 'connected') {
      attempt = 0;
      stop();
    } else if (WAITING.has(current)) schedule();
    // disconnected on purpose, or failed (no websockets at all): nothing to nudge.
    else stop();
  });
}
