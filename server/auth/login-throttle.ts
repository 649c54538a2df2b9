import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottles } from '../db/schema/users.ts';

// Repeated failed logins are slowed down per username and per address. A few mistakes are
// free; after that each failure doubles the wait, up to a cap. Counters live in the database
// so every server process sees the same ones.

// A whole plant floor often shares one address, so an address gets more free failures than
// one username does.
export const THROTTLE = {
  freeFailuresPerUser: 5,
  freeFailuresPerAddress: 30,
  windowSeconds: 15 * 60,
  maxBlockSeconds: 15 * 60,
} as const;

function freeFailures(key: string): number {
  return key.startsWith('ip:') ? THROTTLE.freeFailuresPerAddress : THROTTLE.freeFailuresPerUser;
}

export function throttleKeys(username: string, ip: string): string[] {
  return [`user:${username.toLowerCase()}`.slice(0, 200), `ip:${ip}`.slice(0, 200)];
}

/** Seconds the caller must still wait, or 0 when a login may be tried now. */
export async function secondsBlocked(db: Db, keys: string[]): Promise<number> {
  const rows = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(sql`${loginThrottles.key} in ${keys}`);
  const now = Date.now();
  const waits = rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now : 0));
  return Math.max(0, Math.ceil(Math.max(0, ...waits) / 1000));
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  const window = sql.raw(`interval '${THROTTLE.windowSeconds} seconds'`);
  for (const key of keys) {
    const free = freeFailures(key);
    // One statement per key: restart the window when it has lapsed, count, and set the block.
    await db.execute(sql`
      insert into login_throttles (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_throttles.window_started_at < now() - ${window}
                        then 1 else login_throttles.failures + 1 end,
        window_started_at = case when login_throttles.window_started_at < now() - ${window}
                                 then now() else login_throttles.window_started_at end`);
    await db.execute(sql`
      update login_throttles set blocked_until = case
        when failures > ${free}
        then now() + least(power(2, failures - ${free + 1}), ${THROTTLE.maxBlockSeconds})
                     * interval '1 second'
        else null end
      where key = ${key}`);
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
