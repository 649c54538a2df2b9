import type { Answer, PlantPerson } from './plant-api.ts';

// What every part of the simulator works with: the demo people, its dice, and one way of
// counting a refusal. The crews add the counters they move.

export type CrewContext = {
  /** The demo person of that username, signed in on first use. */
  as: (username: string) => PlantPerson;
  /** Random numbers in [0, 1), repeatable for a seed. */
  rng: () => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Counts a refusal; true when the request went through. */
  settle: (answer: Answer, what: string) => boolean;
  /** Logs a problem once, so a server that is down does not flood the log. */
  warnOnce: (key: string, details: object, message: string) => void;
};

/** mulberry32: a small PRNG, enough to make a run repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The context with dice of its own, so a crew added later leaves the others' runs for a seed
 * as they were.
 */
export function withOwnDice(ctx: CrewContext, rng: () => number): CrewContext {
  return {
    ...ctx,
    rng,
    chance: (p) => rng() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T,
  };
}
