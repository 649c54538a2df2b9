import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import {
  type DriverVsHttp,
  type ListBackend,
  type RoundOptions,
  type Statement,
  driverAgainstHttp,
  firstPage,
  logIn,
  onBenchServer,
  timedSeed,
} from './driver-vs-http.ts';
import { seedPurchases } from './purchase-list-seed.ts';
import { envInt } from './sample-stats.ts';

// The approval inbox of an approver with 10,000 requests waiting across modules: purchase
// orders over the threshold (Purchase) and stamp reel receipts (Production),
// made by other people, for the admin, who decides both. GET /api/approvals (its first page,
// newest first, with the per-module counts and the workflow's buttons per row) against the
// inbox's UNION ALL statement sent straight through the driver on the same database in the
// same run. The ratio is what the route adds on top of the union: the per-module count
// statement, the buttons of each listed row and the HTTP layer.

const ENDPOINT = '/api/approvals';
const USER = 'admin';
const HISTORY_END = '2026-11-20';

export interface ApprovalsOptions extends RoundOptions {
  orders: number;
  reels: number;
}

export interface ApprovalsResult extends DriverVsHttp {
  backend: ListBackend;
  options: ApprovalsOptions;
  seedSeconds: number;
  /** Rows waiting for the admin, as the inbox counts them. */
  waiting: number;
  listed: number;
  statements: Statement[];
}

export function approvalsOptionsFromEnv(): ApprovalsOptions {
  return {
    orders: envInt('BENCH_INBOX_ORDERS', 6_000, 150),
    reels: envInt('BENCH_INBOX_REELS', 4_000, 100),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_LIST_REQUESTS', 400, 20),
    seconds: envInt('BENCH_LIST_SECONDS', 30, 2),
    warmup: envInt('BENCH_LIST_WARMUP', 5, 2),
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
  return onBenchServer(backend, 'plantline_bench_inbox', async (server, databaseUrl) => {
    const { seconds: seedSeconds } = await timedSeed(() =>
      seedInbox(server.database.db, options.orders, options.reels),
    );
    const token = await logIn(server.url, USER);
    const url = `${server.url}${ENDPOINT}`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await firstPage(server, { url, headers, endpoint: ENDPOINT }, 'items', {
      first: (text) => text.includes('count(*) over () as total'),
      count: 1,
    });
    log(
      `  seeded in ${seedSeconds.toFixed(1)} s; ${first.page.length} listed of ${first.total.toLocaleString('en-US')} waiting`,
    );
    const measured = await driverAgainstHttp(
      server,
      databaseUrl,
      {
        statements: first.statements,
        expected: first.page.length,
        url,
        headers,
        what: 'approvals',
      },
      options,
    );
    return {
      backend,
      options,
      seedSeconds,
      waiting: first.total,
      listed: first.page.length,
      statements: first.statements,
      ...measured,
    };
  });
}
