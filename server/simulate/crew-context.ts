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

/** How long a record left to the demo people waits before the simulator does its step. */
export const LEFT_FOR_PEOPLE_MS = 10 * 60_000;

/**
 * Whether the simulator leaves this record's next step to a person for now: every third
 * record (by id, so the same ones whatever the dice) waits ten minutes after its last change,
 * so someone signing in as any role finds work of their own in the queue while the rest of
 * the plant keeps moving.
 */
export function leftForPeople(
  row: { id: number; updated_at?: string | null },
  now: number = Date.now(),
): boolean {
  if (row.id % 3 !== 0) return false;
  const changed = row.updated_at ? Date.parse(row.updated_at) : Number.NaN;
  return !(now - changed >= LEFT_FOR_PEOPLE_MS);
}

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
