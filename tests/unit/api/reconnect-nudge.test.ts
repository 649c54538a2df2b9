import { describe, expect, it } from 'vitest';
import { keepReconnecting, nudgeDelay } from '../../../src/api/reconnect-nudge.ts';

// The reconnect nudge against a stand-in for pusher-js's connection whose states the test sets,
// with timers the test fires: no waiting, no real sockets.

function fakeConnection() {
  let state = 'initialized';
  const listeners: ((current: string) => void)[] = [];
  const restarts: number[] = [];
  const probe = { up: false };
  return {
    restarts,
    probe,
    set(next: string) {
      state = next;
      for (const listener of listeners) listener(next);
    },
    target: {
      state: () => state,
      onStateChange: (callback: (current: string) => void) => void listeners.push(callback),
      // As pusher-js's retryIn(0): a fresh attempt, still `connecting`.
      restart: () => void restarts.push(restarts.length),
      reachable: () => Promise.resolve(probe.up),
    },
  };
}

/** Lets the probe's promise settle. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function manualTimers() {
  const timers: { ms: number; callback: () => void; cancelled: boolean }[] = [];
  return {
    delays: () => timers.filter((t) => !t.cancelled).map((t) => t.ms),
    setTimer: (callback: () => void, ms: number) => {
      const timer = { ms, callback, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Fires the oldest live timer. */
    fire() {
      const next = timers.find((t) => !t.cancelled);
      if (!next) throw new Error('no timer');
      next.cancelled = true;
      next.callback();
    },
  };
}

describe('nudgeDelay', () => {
  it('doubles from 2 s to a 5 s cap, each a random half to whole of its window', () => {
    expect([0, 1, 2, 3].map((n) => nudgeDelay(n, () => 1))).toEqual([2000, 4000, 5000, 5000]);
    expect([0, 1, 2, 3].map((n) => nudgeDelay(n, () => 0))).toEqual([1000, 2000, 2500, 2500]);
  });
});

describe('keepReconnecting', () => {
  it('while the server is down only checks; once it answers, starts a fresh attempt', async () => {
    const connection = fakeConnection();
    const timers = manualTimers();
    keepReconnecting(connection.target, { random: () => 1, setTimer: timers.setTimer });
    connection.set('connecting');
    connection.set('connected');
    expect(timers.delays()).toEqual([]);

    connection.set('connecting'); // the server went away; pusher-js tries once, then waits
    expect(timers.delays()).toEqual([2000]);
    timers.fire();
    await settle();
    expect(connection.restarts).toEqual([]);
    expect(timers.delays()).toEqual([4000]);
    connection.set('unavailable');
    expect(timers.delays()).toEqual([4000]);

    connection.probe.up = true;
    timers.fire();
    await settle();
    expect(connection.restarts).toHaveLength(1);
    // A fresh attempt gets time to finish on a busy server: 8 s, then 15 s at most.
    expect(timers.delays()).toEqual([8000]);
    timers.fire();
    await settle();
    expect(connection.restarts).toHaveLength(2);
    expect(timers.delays()).toEqual([15000]);

    connection.set('connected');
    expect(timers.delays()).toEqual([]);
    // The next loss starts from the short delay again.
    connection.set('connecting');
    expect(timers.delays()).toEqual([2000]);
  });

  it("leaves a page's first connection to pusher-js", () => {
    const connection = fakeConnection();
    const timers = manualTimers();
    keepReconnecting(connection.target, { random: () => 0, setTimer: timers.setTimer });
    connection.set('connecting');
    expect(timers.delays()).toEqual([]);
  });

  it('does not restart a connection that came back before its check answered', async () => {
    const connection = fakeConnection();
    const timers = manualTimers();
    connection.probe.up = true;
    keepReconnecting(connection.target, { random: () => 0, setTimer: timers.setTimer });
    connection.set('connected');
    connection.set('connecting');
    expect(timers.delays()).toEqual([1000]);
    timers.fire();
    connection.set('connected');
    await settle();
    expect(connection.restarts).toEqual([]);
    expect(timers.delays()).toEqual([]);
  });

  it('stops checking when the app disconnects, and resumes when it connects again', () => {
    const connection = fakeConnection();
    const timers = manualTimers();
    keepReconnecting(connection.target, { random: () => 0.5, setTimer: timers.setTimer });
    connection.set('connected');
    connection.set('connecting');
    connection.set('disconnected');
    expect(timers.delays()).toEqual([]);
    connection.set('connecting');
    expect(timers.delays()).toEqual([1500]);
  });
});
