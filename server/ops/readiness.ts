import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { pendingMigrations } from '../db/pending-migrations.ts';

// What /readyz checks before a load balancer sends this node traffic: the database answers,
// this build's migrations are applied, and Redis (when the cluster uses it) answers.

export type Check = { ok: boolean; detail: string };
export type Readiness = { ready: boolean; checks: Record<string, Check> };

/** Any single check that hangs longer than this counts as failed: the prober has its own. */
const CHECK_TIMEOUT_MS = 2_000;

export function readinessProbe(database: Database, redisUrl: string | undefined) {
  // One connection for the node's life, opened at the first probe; no queued commands, so a
  // Redis that is down answers at once instead of after the retries.
  let redis: Redis | undefined;
  const redisClient = (url: string) => {
    if (redis) return redis;
    redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    // A lost connection is what the probe reports; unheard, ioredis prints it on every retry.
    redis.on('error', () => undefined);
    return redis;
  };

  async function check(run: () => Promise<string>): Promise<Check> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      return { ok: true, detail: await Promise.race([run(), timeout]) };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async probe(): Promise<Readiness> {
      const checks: Record<string, Check> = {
        database: await check(async () => {
          await database.db.execute(sql`select 1`);
          return database.kind;
        }),
        migrations: await check(async () => {
          const pending = await pendingMigrations(database.db);
          if (pending > 0) throw new Error(`${pending} not applied`);
          return 'all applied';
        }),
      };
      if (redisUrl) {
        checks.redis = await check(async () => {
          const client = redisClient(redisUrl);
          if (client.status === 'wait' || client.status === 'end') await client.connect();
          return await client.ping();
        });
      }
      return { ready: Object.values(checks).every((c) => c.ok), checks };
    },
    close: async () => {
      if (redis && redis.status !== 'end') redis.disconnect();
    },
  };
}
