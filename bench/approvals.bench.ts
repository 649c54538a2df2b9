import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import type { Db } from '../server/db/client.ts';
import { type LoadResult, combine, measure, runLoad } from './http-load.ts';
import {
  type ListBackend,
  type Target,
  capturingStatement,
  driverQuery,
  inRounds,
  logIn,
} from './list.bench.ts';
import { seedPurchases } from './purchase-list-seed.ts';
import { envInt, ratio } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';

// The approval inbox of an approver with 10,000 requests waiting across modules (issue 18
// item 4): purchase orders over the threshold (Purchase) and stamp reel receipts (Production),
// made by other people, for the admin, who decides both. GET /api/approvals (its first page,
// newest first, with the per-module counts and the workflow's buttons per row) against the
// inbox's UNION ALL statement sent straight through the driver on the same database in the
// same run. The ratio is what the route adds on top of the union: the per-module count
// statement, the buttons of each listed row and the HTTP layer.

const ENDPOINT = '/api/approvals';
const USER = 'admin';
const HISTORY_END = '2026-11-20';

export interface ApprovalsOptions {
  orders: number;
  reels: number;
  concurrency: number;
  rounds: number;
  requests: number;
  seconds: number;
  warmup: number;
}

export interface ApprovalsResult {
  backend: ListBackend;
  options: ApprovalsOptions;
  seedSeconds: number;
  /** Rows waiting for the admin, as the inbox counts them. */
  waiting: number;
  listed: number;
  statement: { sql: string; params: unknown[] };
  runs: { driver: LoadResult; http: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
}

export function approvalsOptionsFromEnv(): ApprovalsOptions {
  return {
    orders: envInt('BENCH_INBOX_ORDERS', 6_000),
    reels: envInt('BENCH_INBOX_REELS', 4_000),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4),
    requests: envInt('BENCH_LIST_REQUESTS', 400),
    seconds: envInt('BENCH_LIST_SECONDS', 30),
    warmup: envInt('BENCH_LIST_WARMUP', 5),
  };
}

/** `orders` POs pending approval submitted by purchase, `reels` reels received by stamp inventory. */
async function seedInbox(db: Db, orders: number, reels: number): Promise<void> {
  await seedPurchases(db, orders, orders, HISTORY_END);
  await db.execute(sql`update purchase_orders set status = 'pending_approval',
      submitted_by = (select id from users where username = 'purchase')
    where supplier_id in (select id from suppliers where code like 'BENCH-%')`);
  await db.execute(sql`
    insert into stamp_reels (reel_no, stamp_jurisdiction_id, stamp_type_id, first_serial,
      last_serial, stamps_qty, received_at, status, created_by, updated_at)
    select 'BENCH-R' || lpad(g::text, 6, '0'), (select min(id) from parameters),
      (select min(id) from parameters), g * 1000, g * 1000 + 999, 1000,
      ${HISTORY_END}::date - (g % 365), 'received',
      (select id from users where username = 'stamp_inventory'),
      ${HISTORY_END}::timestamptz - make_interval(mins => g)
    from generate_series(1, ${reels}) g`);
  await db.execute(sql`analyze purchase_orders`);
  await db.execute(sql`analyze stamp_reels`);
}

export async function runApprovalsBench(
  options: ApprovalsOptions,
  backend: ListBackend,
  log: (line: string) => void = console.log,
): Promise<ApprovalsResult> {
  const database =
    backend === 'postgres' ? await createPostgresDatabase('plantline_bench_inbox') : undefined;
  try {
    const server = await startBenchServer(database?.url);
    try {
      const seedStarted = performance.now();
      await seedInbox(server.database.db, options.orders, options.reels);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const token = await logIn(server.url, USER);
      const url = `${server.url}${ENDPOINT}`;
      const headers = { authorization: `Bearer ${token}` };
      const first = await capturingStatement(
        server.database,
        async () => {
          const res = await fetch(url, { headers });
          const text = await res.text();
          if (!res.ok) throw new Error(`GET ${ENDPOINT} answered ${res.status}: ${text}`);
          const answer = JSON.parse(text) as { data?: { items?: unknown[]; total?: number } };
          if (!answer.data?.items || typeof answer.data.total !== 'number')
            throw new Error(`GET ${ENDPOINT} answered without items and total`);
          return { items: answer.data.items, total: answer.data.total };
        },
        ENDPOINT,
        (text) => text.includes('count(*) over () as total'),
      );
      const { statement } = first;
      log(
        `  seeded in ${seedSeconds.toFixed(1)} s; ${first.result.items.length} listed of ${first.result.total.toLocaleString('en-US')} waiting`,
      );
      const direct = await driverQuery(server.database, database?.url, options.concurrency);
      try {
        const expected = first.result.items.length;
        const targets: Target[] = [
          {
            label: 'driver',
            segments: [],
            run: (bounds) =>
              measure(
                async () => (await direct.query(statement.sql, statement.params)) === expected,
                { ...bounds, concurrency: options.concurrency },
              ),
          },
          {
            label: 'http',
            segments: [],
            run: (bounds) => runLoad({ url, headers, concurrency: options.concurrency, ...bounds }),
          },
        ];
        await inRounds(targets, options);
        const [driver, http] = targets.map((t) => combine(t.segments));
        if (!driver || !http) throw new Error('an approvals target produced no result');
        return {
          backend,
          options,
          seedSeconds,
          waiting: first.result.total,
          listed: first.result.items.length,
          statement,
          runs: { driver, http },
          ratios: {
            requestsPerSecond: ratio(http.requestsPerSecond, driver.requestsPerSecond),
            latencyP50: ratio(http.latency.p50Ms, driver.latency.p50Ms),
            latencyP99: ratio(http.latency.p99Ms, driver.latency.p99Ms),
          },
        };
      } finally {
        await direct.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await database?.drop();
  }
}
