import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottles } from '../db/schema/users.ts';
import { queryRows } from '../db/query-rows.ts';

// Sign-in attempts are rationed per username and per address. Each attempt is counted before
// its password is checked, in one statement per key that also refuses while a block lasts, so
// a hundred guesses sent at once get the same few tries as a hundred sent one by one. A few
// tries are free; from the last free one on, each attempt doubles the wait, up to a cap. A
// sign-in that succeeds gives its attempt back. Counters live in the database, so every
// server process (and every node behind Redis) sees the same ones.

// A whole plant floor often shares one address, so an address gets more tries than one
// username does.
export const THROTTLE = {
  freeFailuresPerUser: 5,
  freeFailuresPerAddress: 30,
  // Accounts asked for from one address in a window (a new crew may sign up together).
  freeRegistrationsPerAddress: 10,
  windowSeconds: 15 * 60,
  maxBlockSeconds: 15 * 60,
} as const;

function freeFailures(key: string): number {
  if (key.startsWith('register:')) return THROTTLE.freeRegistrationsPerAddress;
  return key.startsWith('ip:') ? THROTTLE.freeFailuresPerAddress : THROTTLE.freeFailuresPerUser;
}

export function throttleKeys(username: string, ip: string): string[] {
  return [`user:${username.toLowerCase()}`.slice(0, 200), `ip:${ip}`.slice(0, 200)];
}

/** Registrations are rationed per address the same way; each one counts, successful or not. */
export function registrationKey(ip: string): string {
  return `register:${ip}`.slice(0, 200);
}

/** Seconds the caller must still wait, or 0 when a login may be tried now. */
export async function secondsBlocked(db: Db, keys: string[]): Promise<number> {
  const rows = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(sql`${loginThrottles.key} in ${keys}`);
  const now = Date.now();
  const waits = rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now : 0));
  return Math.max(1, Math.ceil(Math.max(0, ...waits) / 1000));
}

/**
 * Counts one attempt on every key unless a key is blocked; true when the attempt may go on to
 * the password check. A blocked key stops the count there (a refused attempt costs nothing more).
 */
export async function takeAttempt(db: Db, keys: string[]): Promise<boolean> {
  for (const key of keys) {
    const free = freeFailures(key);
    const lapsed = sql.raw(`interval '${THROTTLE.windowSeconds} seconds'`);
    const count = sql`case when t.window_started_at < now() - ${lapsed} then 1 else t.failures + 1 end`;
    const counted = await queryRows<{ failures: number }>(
      db,
      sql`
      insert into login_throttles as t (key, failures, window_started_at, blocked_until)
      values (${key}, 1, now(), ${blockFor(sql`1`, free)})
      on conflict (key) do update set
        failures = ${count},
        window_started_at = case when t.window_started_at < now() - ${lapsed}
                                 then now() else t.window_started_at end,
        blocked_until = ${blockFor(count, free)}
      where t.blocked_until is null or t.blocked_until <= now()
      returning t.failures`,
    );
    if (counted.length === 0) return false;
  }
  return true;
}

// From the last free attempt on: 1 s, 2 s, 4 s, … up to the cap.
function blockFor(failures: ReturnType<typeof sql>, free: number) {
  return sql`case when ${failures} >= ${free}
    then now() + least(power(2, ${failures} - ${free}), ${THROTTLE.maxBlockSeconds}) * interval '1 second'
    else null end`;
}

/** A sign-in succeeded: the username starts afresh and the address gets its attempt back. */
export async function refundAttempt(db: Db, keys: string[]): Promise<void> {
  const [userKey, ...others] = keys;
  if (userKey) await db.delete(loginThrottles).where(eq(loginThrottles.key, userKey));
  for (const key of others) {
    await db.execute(sql`
      update login_throttles set
        failures = greatest(failures - 1, 0),
        blocked_until = case when failures - 1 >= ${freeFailures(key)} then blocked_until else null end
      where key = ${key}`);
  }
}
