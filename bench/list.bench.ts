import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../server/db/client.ts';
import { DEMO_PASSWORD } from '../server/db/demo/demo-users.ts';
import { toQueryString } from '../src/api/query-string.ts';
import { WEB_CLIENT } from '../src/domain/auth-client.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
import type { TableQueryInput } from '../src/domain/table-filter/table-query.types.ts';
import { type LoadResult, type LoadSegment, combine, measure, runLoad } from './http-load.ts';
import { seedMovements } from './list-seed.ts';
import { vacuumDueTables } from '../server/db/pglite-autovacuum.ts';
import { envInt, ratio } from './sample-stats.ts';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import { startBenchServer } from './bench-server.ts';

// A list page over a big ledger: GET /api/inventory/reports/inventory-movements-details with
// three filters, a sort and a 100-row page, against the same SQL statement run directly through
// the driver on the same database in the same run. The ratio is what the HTTP layer, the
// query-string parsing, validation, the extra change-seq query, row mapping and JSON cost on
// top of the statement itself; the statement's own cost is in the baseline's absolute figures.
//
// The statement is the one the server really runs: the first list request is sent once while
// the driver's `query` is watched, and its SQL and parameters are kept (exactly what
// `pageStatement(db, binding, query).toSQL()` gives, without rebuilding the report's binding).

const ENDPOINT = INVENTORY_MOVEMENTS.api;
const USER = 'inventory';

export type ListBackend = 'pglite' | 'postgres';

export interface ListOptions {
  /** Ledger rows seeded on top of the demo's. */
  rows: number;
  /** Closed-loop workers for both targets. */
  concurrency: number;
  rounds: number;
  /** Per target, over all rounds: requests and seconds, whichever ends first. */
  requests: number;
  seconds: number;
  /** Per target, before the first round, not measured. */
  warmup: number;
}

export interface ListResult {
  backend: ListBackend;
  options: ListOptions;
  seedSeconds: number;
  /** Rows in stock_movements after seeding (demo rows included). */
  ledgerRows: number;
  /** `total` of the page: rows matching the three filters. */
  matching: number;
  query: TableQueryInput;
  statement: { sql: string; params: unknown[] };
  runs: { driver: LoadResult; http: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
}

export function listOptionsFromEnv(): ListOptions {
  return {
    rows: envInt('BENCH_LIST_ROWS', 1_000_000),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4),
    requests: envInt('BENCH_LIST_REQUESTS', 2_000),
    seconds: envInt('BENCH_LIST_SECONDS', 30),
    warmup: envInt('BENCH_LIST_WARMUP', 5),
  };
}

/** The end of the seeded ledger's two years; fixed so every run seeds the same rows. */
export const LEDGER_END = new Date('2026-11-20T00:00:00Z');

/** What the browser sends: receipts, shipments and transfers in, quantity in, last 90 days. */
export const LIST_QUERY: TableQueryInput = {
  filter: [
    {
      field: 'movement_type',
      field_type: 'enum',
      filters: [{ operator: 'in', value: ['receipt', 'ship', 'transfer_in'] }],
    },
    { field: 'qty', field_type: 'number', filters: [{ operator: 'greater', value: 0 }] },
    {
      field: 'moved_at',
      field_type: 'datetime',
      filters: [
        {
          operator: 'greater_or_equal',
          value: new Date(LEDGER_END.getTime() - 90 * 86_400_000).toISOString(),
        },
      ],
    },
  ],
  sort: { field: 'moved_at', direction: 'desc' },
  page: 1,
  per_page: 100,
};

export interface Target {
  label: string;
  segments: LoadSegment[];
  run(bounds: {
    maxRequests: number;
    maxSeconds: number;
    warmupRequests: number;
  }): Promise<LoadSegment>;
}

export async function runListBench(
  options: ListOptions,
  backend: ListBackend,
  log: (line: string) => void = console.log,
): Promise<ListResult> {
  const database =
    backend === 'postgres' ? await createPostgresDatabase('plantline_bench') : undefined;
  try {
    const server = await startBenchServer(database?.url);
    try {
      const seedStarted = performance.now();
      const ledgerRows = await seedMovements(server.database.db, options.rows, LEDGER_END);
      // Whatever else the server's PGlite autovacuum finds due (the demo's tables), done before
      // measuring instead of during it.
      if (server.database.kind === 'pglite') await vacuumDueTables(server.database.db);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      log(
        `  seeded ${options.rows.toLocaleString('en-US')} movements in ${seedSeconds.toFixed(1)} s`,
      );

      const token = await logIn(server.url);
      const url = `${server.url}${ENDPOINT}?${toQueryString(LIST_QUERY)}`;
      const headers = { authorization: `Bearer ${token}` };
      const first = await capturingStatement(server.database, async () => {
        const res = await fetch(url, { headers });
        const text = await res.text();
        if (!res.ok) throw new Error(`GET ${ENDPOINT} answered ${res.status}: ${text}`);
        const answer = JSON.parse(text) as { data?: { rows?: unknown[]; total?: number } };
        if (!answer.data?.rows || typeof answer.data.total !== 'number')
          throw new Error(`GET ${ENDPOINT} answered without rows and total`);
        return { rows: answer.data.rows, total: answer.data.total };
      });
      const { statement } = first;
      log(
        `  one page: ${first.result.rows.length} rows of ${first.result.total.toLocaleString('en-US')} matching`,
      );

      const direct = await driverQuery(server.database, database?.url, options.concurrency);
      try {
        const perPage = LIST_QUERY.per_page ?? 0;
        const targets: Target[] = [
          {
            label: 'driver',
            segments: [],
            run: (bounds) =>
              measure(
                async () =>
                  (await direct.query(statement.sql, statement.params)) ===
                  Math.min(perPage, first.result.total),
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
        if (!driver || !http) throw new Error('a list target produced no result');
        return {
          backend,
          options,
          seedSeconds,
          ledgerRows,
          matching: first.result.total,
          query: LIST_QUERY,
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

/** Each round gives every target its share of the bounds, starting with a different target. */
export async function inRounds(
  targets: Target[],
  options: Pick<ListOptions, 'rounds' | 'requests' | 'seconds' | 'warmup'>,
) {
  for (let round = 0; round < options.rounds; round += 1) {
    for (let k = 0; k < targets.length; k += 1) {
      const target = targets[(round + k) % targets.length];
      if (!target) continue;
      target.segments.push(
        await target.run({
          maxRequests: Math.ceil(options.requests / options.rounds),
          maxSeconds: options.seconds / options.rounds,
          warmupRequests: round === 0 ? options.warmup : 0,
        }),
      );
    }
  }
}

type QueryFn = (text: unknown, params?: unknown, config?: unknown) => Promise<unknown>;

/**
 * Runs `send` while watching the server's driver, and keeps the list statement it ran (the
 * one with the page's capped count). Both drivers take `(text or {text}, params, …)`.
 */
export async function capturingStatement<T>(
  database: Database,
  send: () => Promise<T>,
  endpoint = ENDPOINT,
  /** Which statement of the request is the one measured (the list's: its capped count). */
  isStatement = (sql: string) => sql.includes(') as counted)'),
): Promise<{ result: T; statement: { sql: string; params: unknown[] } }> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  let statement: { sql: string; params: unknown[] } | undefined;
  client.query = function watched(this: unknown, text, params, config) {
    const sql = typeof text === 'string' ? text : (text as { text?: unknown }).text;
    if (typeof sql === 'string' && isStatement(sql) && !statement)
      statement = { sql, params: Array.isArray(params) ? [...(params as unknown[])] : [] };
    return original.call(this, text, params, config);
  };
  try {
    const result = await send();
    if (!statement) throw new Error(`GET ${endpoint} ran no list statement through the driver`);
    return { result, statement };
  } finally {
    client.query = original;
  }
}

/** The statement through the raw driver, rows as arrays as Drizzle asks; answers the row count. */
export async function driverQuery(
  database: Database,
  url: string | undefined,
  concurrency: number,
): Promise<{ query(sql: string, params: unknown[]): Promise<number>; close(): Promise<void> }> {
  if (database.kind === 'pglite') {
    // The server's own PGlite instance: there is only one, in this process.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      query: async (sql, params) =>
        (await client.query(sql, params, { rowMode: 'array' })).rows.length,
      close: async () => {},
    };
  }
  if (!url) throw new Error('PostgreSQL without a database URL');
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  return {
    query: async (sql, params) =>
      (await pool.query({ text: sql, values: params, rowMode: 'array' })).rows.length,
    close: () => pool.end(),
  };
}

export async function logIn(baseUrl: string, user = USER): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: DEMO_PASSWORD, ...WEB_CLIENT }),
  });
  if (!res.ok) throw new Error(`POST /api/login answered ${res.status}: ${await res.text()}`);
  const answer = (await res.json()) as { data?: { access_token?: unknown } };
  const token = answer.data?.access_token;
  if (typeof token !== 'string')
    throw new Error('POST /api/login answered without an access token');
  return token;
}
