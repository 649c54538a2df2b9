// Channel authorisations after a reconnect, spread out. When the server
// restarts, every open page reconnects at once and pusher-js resubscribes each of its private
// and presence channels, one POST /broadcasting/auth per channel: a thousand pages would hit
// the server in the same few milliseconds. Each page therefore waits a random part of a
// window before its first authorisation after a lost connection (jitter: the pages spread
// over the window instead of arriving together), and keeps at most a few authorisations in
// flight (bounded concurrency: a page with many channels queues them). The first connection
// of a page is not delayed; nothing was lost there, and nobody else is reconnecting.

/** How long the spread after a reconnect is: pages wait a random 0 to this many ms. */
export const AUTH_JITTER_MS = 2_000;

/** Authorisations one page keeps in flight at once; the rest wait their turn in order. */
export const AUTH_CONCURRENCY = 2;

export interface AuthLimiterOptions {
  jitterMs?: number;
  concurrency?: number;
  /** Math.random by default; tests hand in a fixed sequence. */
  random?: () => number;
  /** Monotonic milliseconds; performance.now by default. */
  now?: () => number;
  /** setTimeout by default; tests run the timers themselves. */
  setTimer?: (callback: () => void, ms: number) => void;
}

export interface AuthLimiter {
  /** Runs `task` when the jitter delay has passed and a slot is free; settles as it does. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** The connection dropped: the first authorisation after it draws a new delay. */
  connectionLost(): void;
}

export function createAuthLimiter(options: AuthLimiterOptions = {}): AuthLimiter {
  const jitterMs = options.jitterMs ?? AUTH_JITTER_MS;
  const concurrency = Math.max(1, options.concurrency ?? AUTH_CONCURRENCY);
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((callback, ms) => void setTimeout(callback, ms));

  const queue: (() => void)[] = [];
  let running = 0;
  let lost = false;
  /** Nothing starts before this time; moved only when a lost connection draws a delay. */
  let releaseAt = Number.NEGATIVE_INFINITY;
  let timerSet = false;

  function pump(): void {
    const wait = releaseAt - now();
    if (wait > 0) {
      // One timer for the whole queue: the delay is the page's, not each channel's.
      if (!timerSet) {
        timerSet = true;
        setTimer(() => {
          timerSet = false;
          pump();
        }, wait);
      }
      return;
    }
    while (running < concurrency && queue.length > 0) {
      running += 1;
      queue.shift()?.();
    }
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (lost) {
        // One draw per lost connection: every channel of this page resubscribes after it.
        lost = false;
        releaseAt = now() + random() * jitterMs;
      }
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          // A task that throws at once counts as a failed one and frees its slot all the same.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              pump();
            });
        });
        pump();
      });
    },
    connectionLost() {
      lost = true;
    },
  };
}
