import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { LOADING_AUTO_STOP_MS } from '../../../src/domain/constants.ts';
import { loadingMachine, selectIsLoading } from '../../../src/machines/ui/loading.machine.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(loadingMachine, { clock }).start();
  return { clock, actor, isOn: () => selectIsLoading(actor.getSnapshot()) };
}

describe('loading machine', () => {
  it('starts off', () => {
    expect(start().isOn()).toBe(false);
  });

  it('turns on with loading.start and off with loading.stop', () => {
    const { actor, isOn } = start();
    actor.send({ type: 'loading.start' });
    expect(isOn()).toBe(true);
    actor.send({ type: 'loading.stop' });
    expect(isOn()).toBe(false);
  });

  it('forces itself off exactly 120 s after turning on', () => {
    const { actor, clock, isOn } = start();
    actor.send({ type: 'loading.start' });
    clock.increment(LOADING_AUTO_STOP_MS - 1);
    expect(isOn()).toBe(true);
    clock.increment(1);
    expect(isOn()).toBe(false);
  });

  it('counts the 120 s from turning on, not from a repeated start', () => {
    const { actor, clock, isOn } = start();
    actor.send({ type: 'loading.start' });
    clock.increment(100_000);
    actor.send({ type: 'loading.start' });
    clock.increment(LOADING_AUTO_STOP_MS - 100_000);
    expect(isOn()).toBe(false);
  });

  it('does not let an old timer cut a later loading short', () => {
    const { actor, clock, isOn } = start();
    actor.send({ type: 'loading.start' });
    clock.increment(60_000);
    actor.send({ type: 'loading.stop' });
    actor.send({ type: 'loading.start' });
    clock.increment(LOADING_AUTO_STOP_MS - 1);
    expect(isOn()).toBe(true);
    clock.increment(1);
    expect(isOn()).toBe(false);
  });

  it('stays off when stopped while off', () => {
    const { actor, isOn } = start();
    actor.send({ type: 'loading.stop' });
    expect(isOn()).toBe(false);
  });
});

// The abstract model the real machine is checked against: time moves in whole minutes or
// straight to the limit, and a repeated start is its own state so the walk covers it.
const model = createTestModel(
  setup({
    types: {
      context: {} as { startedAgain: boolean },
      events: {} as { type: 'START' } | { type: 'STOP' } | { type: 'MINUTE' } | { type: 'LIMIT' },
    },
    guards: { isFirstRepeat: ({ context }) => !context.startedAgain },
  }).createMachine({
    context: { startedAgain: false },
    initial: 'off',
    states: {
      off: {
        entry: assign({ startedAgain: false }),
        on: { START: 'on', MINUTE: 'off' },
      },
      on: {
        initial: 'fresh',
        on: {
          START: { guard: 'isFirstRepeat', actions: assign({ startedAgain: true }) },
          STOP: 'off',
          LIMIT: 'off',
        },
        states: {
          fresh: { on: { MINUTE: 'aMinuteOld' } },
          aMinuteOld: { on: { MINUTE: '#model.off' } },
        },
      },
    },
    id: 'model',
  }),
  { filterEvents: (s, e) => s.can(e) },
);

describe('loading machine, model-based', () => {
  // The system under test is a real actor on a simulated clock. Invariant in every state:
  // the overlay flag never stays on for 120 s.
  const paths = model.getSimplePaths();

  it('passes through every model state, with and without a repeated start', () => {
    const reached = new Set(
      paths.flatMap((p) =>
        p.steps.map(({ state }) => JSON.stringify([state.value, state.context])),
      ),
    );
    expect(reached.size).toBe(5);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { actor, clock, isOn } = start();
    let onSince: number | null = null;
    actor.subscribe(() => {
      if (!isOn()) onSince = null;
      else onSince ??= clock.now();
    });
    const neverOutlivesLimit = () => {
      if (onSince !== null) expect(clock.now() - onSince).toBeLessThan(LOADING_AUTO_STOP_MS);
    };

    await path.test({
      states: {
        on: () => {
          expect(isOn()).toBe(true);
          neverOutlivesLimit();
        },
        off: () => expect(isOn()).toBe(false),
      },
      events: {
        START: () => void actor.send({ type: 'loading.start' }),
        STOP: () => void actor.send({ type: 'loading.stop' }),
        MINUTE: () => clock.increment(60_000),
        LIMIT: () => {
          // One tick short of the limit it is still on; on the limit it is off.
          clock.increment(LOADING_AUTO_STOP_MS - 1 - (clock.now() - (onSince ?? 0)));
          expect(isOn()).toBe(true);
          clock.increment(1);
        },
      },
    });
  });
});
