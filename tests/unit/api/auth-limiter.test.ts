import { describe, expect, it } from 'vitest';
import { createAuthLimiter } from '../../../src/api/auth-limiter.ts';

// The limiter with its clock, timers and random numbers in the test's hands: time moves only
// when the test moves it, so nothing here depends on how fast the machine is.

function manualClock() {
  let time = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => time,
    setTimer: (callback: () => void, ms: number) => void timers.push({ at: time + ms, callback }),
    pending: () => timers.length,
    /** Moves the clock to `to`, firing each timer due by then, earliest first. */
    async advanceTo(to: number) {
      for (;;) {
        const due = timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        time = due.at;
        due.callback();
        await settle();
      }
      time = to;
    },
  };
}

/** Lets promise callbacks run (the limiter starts tasks from promise chains). */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** A task the test finishes by hand, recording when it started. */
function gate(name: string, started: string[]) {
  let finish: () => void = () => undefined;
  const task = () => {
    started.push(name);
    return new Promise<string>((resolve) => {
      finish = () => resolve(name);
    });
  };
  return { task, finish: () => finish() };
}

describe('createAuthLimiter', () => {
  it('does not delay the first connection of a page', async () => {
    const clock = manualClock();
    const limiter = createAuthLimiter({ jitterMs: 2000, random: () => 0.9, ...clock });
    const started: string[] = [];
    void limiter.run(gate('a', started).task);
    await settle();
    expect(started).toEqual(['a']);
    expect(clock.pending()).toBe(0);
  });

  it('after a lost connection waits one random part of the window, for every channel', async () => {
    const clock = manualClock();
    const draws = [0.25, 0.75];
    const limiter = createAuthLimiter({
      jitterMs: 2000,
      concurrency: 4,
      random: () => draws.shift() ?? 0,
      ...clock,
    });
    const started: string[] = [];
    limiter.connectionLost();
    void limiter.run(gate('presence', started).task);
    void limiter.run(gate('private', started).task);
    await settle();
    expect(started).toEqual([]);
    await clock.advanceTo(499);
    expect(started).toEqual([]);
    await clock.advanceTo(500);
    // 0.25 × 2000 ms: both channels together, one draw for the page.
    expect(started).toEqual(['presence', 'private']);
    expect(draws).toEqual([0.75]);

    // The next loss draws again.
    limiter.connectionLost();
    void limiter.run(gate('again', started).task);
    await clock.advanceTo(500 + 1499);
    expect(started).toHaveLength(2);
    await clock.advanceTo(500 + 1500);
    expect(started).toEqual(['presence', 'private', 'again']);
  });

  it('keeps at most `concurrency` requests in flight and starts the rest in order', async () => {
    const clock = manualClock();
    const limiter = createAuthLimiter({ concurrency: 2, random: () => 0, ...clock });
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(name, started));
    const answers = gates.map((g) => limiter.run(g.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates[1]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]?.finish();
    gates[2]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates[3]?.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('passes a failure to its caller and frees the slot', async () => {
    const clock = manualClock();
    const limiter = createAuthLimiter({ concurrency: 1, ...clock });
    const refused = limiter.run(() => Promise.reject(new Error('403')));
    const thrown = limiter.run(() => {
      throw new Error('bad');
    });
    const next = limiter.run(() => Promise.resolve('ok'));
    await expect(refused).rejects.toThrow('403');
    await expect(thrown).rejects.toThrow('bad');
    await expect(next).resolves.toBe('ok');
  });
});
