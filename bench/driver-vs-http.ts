import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../server/db/client.ts';
import { DEMO_PASSWORD } from '../server/db/demo/demo-users.ts';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import { WEB_CLIENT } from '../src/domain/auth-client.ts';
import { startBenchServer } from './bench-server.ts';
import { type LoadResult, type LoadSegment, combine, measure, runLoad } from './http-load.ts';
import { ratio } from './sample-stats.ts';

// What the page benchmarks (list, purchase-list, approvals) share: a server on a fresh
// database, the first page read once while the server's driver is watched so the statement it
// runs is kept, then that statement straight through the driver against the same GET through
// HTTP, in alternating rounds. The ratio is what the HTTP layer adds on top of the statement.

export type ListBackend = 'pglite' | 'postgres';

/** Bounds every page benchmark takes, per target over all rounds. */
export interface RoundOptions {
  /** Closed-loop workers for both targets. */
  concurrency: number;
  rounds: number;
  /** Per target, over all rounds: requests and seconds, whichever ends first. */
  requests: number;
  seconds: number;
  /** Per target, before the first round, not measured. */
  warmup: number;
}

export type Statement = { sql: string; params: unknown[] };

/** The two targets' runs and the HTTP target's figures against the driver's. */
export interface DriverVsHttp {
  runs: { driver: LoadResult; http: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * Runs `body` against a bench server on PGlite, or on a fresh PostgreSQL database named
 * `postgresName` (dropped after); the server is closed whatever happens.
 */
export async function onBenchServer<T>(
  backend: ListBackend,
  postgresName: string,
  body: (server: BenchServer, databaseUrl: string | undefined) => Promise<T>,
): Promise<T> {
  const database = backend === 'postgres' ? await createPostgresDatabase(postgresName) : undefined;
  try {
    const server = await startBenchServer(database?.url);
    try {
      return await body(server, database?.url);
    } finally {
      await server.close();
    }
  } finally {
    await database?.drop();
  }
}

/** Seconds `seed` took, with what it answered. */
export async function timedSeed<T>(
  seed: () => Promise<T>,
): Promise<{ seeded: T; seconds: number }> {
  const started = performance.now();
  const seeded = await seed();
  return { seeded, seconds: (performance.now() - started) / 1000 };
}

/**
 * GET `url` once, checking the envelope holds the page under `field` and a `total`, while the
 * statement `isStatement` picks (default: the list's capped count) is kept.
 */
export async function firstPage(
  server: BenchServer,
  request: { url: string; headers: Record<string, string>; endpoint: string },
  field: 'rows' | 'items' = 'rows',
  isStatement?: (sql: string) => boolean,
): Promise<{ page: unknown[]; total: number; statement: Statement }> {
  const { url, headers, endpoint } = request;
  const first = await capturingStatement(
    server.database,
    async () => {
      const res = await fetch(url, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`GET ${endpoint} answered ${res.status}: ${text}`);
      const answer = JSON.parse(text) as { data?: Record<string, unknown> };
      const page = answer.data?.[field];
      const total = answer.data?.total;
      if (!Array.isArray(page) || typeof total !== 'number')
        throw new Error(`GET ${endpoint} answered without ${field} and total`);
      return { page: page as unknown[], total };
    },
    endpoint,
    isStatement,
  );
  return { ...first.result, statement: first.statement };
}

/**
 * `statement` through the raw driver (a run counts as done when it answers `expected` rows)
 * against GET `url`, in alternating rounds; `what` names the benchmark in its error.
 */
export async function driverAgainstHttp(
  server: BenchServer,
  databaseUrl: string | undefined,
  measured: {
    statement: Statement;
    expected: number;
    url: string;
    headers: Record<string, string>;
    what: string;
  },
  options: RoundOptions,
): Promise<DriverVsHttp> {
  const { statement, expected, url, headers } = measured;
  const direct = await driverQuery(server.database, databaseUrl, options.concurrency);
  try {
    const targets: Target[] = [
      {
        label: 'driver',
        segments: [],
        run: (bounds) =>
          measure(async () => (await direct.query(statement.sql, statement.params)) === expected, {
            ...bounds,
            concurrency: options.concurrency,
          }),
      },
      {
        label: 'http',
        segments: [],
        run: (bounds) => runLoad({ url, headers, concurrency: options.concurrency, ...bounds }),
      },
    ];
    await inRounds(targets, options);
    const [driver, http] = targets.map((t) => combine(t.segments));
    if (!driver || !http) throw new Error(`a ${measured.what} target produced no result`);
    return {
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
}

export interface Target {
  label: string;
  segments: LoadSegment[];
  run(bounds: {
    maxRequests: number;
    maxSeconds: number;
    warmupRequests: number;
  }): Promise<LoadSegment>;
}

/** Each round gives every target its share of the bounds, starting with a different target. */
export async function inRounds(
  targets: Target[],
  options: Pick<RoundOptions, 'rounds' | 'requests' | 'seconds' | 'warmup'>,
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
  endpoint: string,
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

export async function logIn(baseUrl: string, user: string): Promise<string> {
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
