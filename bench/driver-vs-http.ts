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

/** One statement as the server ran it; `name` when the server prepares it (PostgreSQL). */
export type Statement = { sql: string; params: unknown[]; name?: string };

/** Which statements of a request a benchmark replays: the first `first` picks and those after it. */
export type StatementPick = { first: (sql: string) => boolean; count: number };

/** A list page (listPage): its ids with the capped count, then its rows. */
export const LIST_PAGE: StatementPick = { first: (sql) => sql.includes(') as counted)'), count: 2 };

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
 * statements `pick` chooses (default: the list page's two) are kept.
 */
export async function firstPage(
  server: BenchServer,
  request: { url: string; headers: Record<string, string>; endpoint: string },
  field: 'rows' | 'items' = 'rows',
  pick: StatementPick = LIST_PAGE,
): Promise<{ page: unknown[]; total: number; statements: Statement[] }> {
  const { url, headers, endpoint } = request;
  const first = await capturingStatements(
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
    pick,
  );
  return { ...first.result, statements: first.statements };
}

/**
 * `statements` one after the other through the raw driver (a run counts as done when the last
 * answers `expected` rows)
 * against GET `url`, in alternating rounds; `what` names the benchmark in its error.
 */
export async function driverAgainstHttp(
  server: BenchServer,
  databaseUrl: string | undefined,
  measured: {
    statements: Statement[];
    expected: number;
    url: string;
    headers: Record<string, string>;
    what: string;
  },
  options: RoundOptions,
): Promise<DriverVsHttp> {
  const { statements, expected, url, headers } = measured;
  const direct = await driverQuery(server.database, databaseUrl, options.concurrency);
  try {
    const targets: Target[] = [
      {
        label: 'driver',
        segments: [],
        run: (bounds) =>
          measure(async () => (await direct.run(statements)) === expected, {
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
 * Runs `send` while watching the server's driver, and keeps the statements `pick` chooses, as
 * they were sent. Both drivers take `(text or {text, name}, params, …)`.
 */
export async function capturingStatements<T>(
  database: Database,
  send: () => Promise<T>,
  endpoint: string,
  pick: StatementPick,
): Promise<{ result: T; statements: Statement[] }> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function watched(this: unknown, text, params, config) {
    const sql = typeof text === 'string' ? text : (text as { text?: unknown }).text;
    const name = typeof text === 'string' ? undefined : (text as { name?: unknown }).name;
    const started = statements.length > 0 || (typeof sql === 'string' && pick.first(sql));
    if (typeof sql === 'string' && started && statements.length < pick.count)
      statements.push({
        sql,
        params: Array.isArray(params) ? [...(params as unknown[])] : [],
        ...(typeof name === 'string' ? { name } : {}),
      });
    return original.call(this, text, params, config);
  };
  try {
    const result = await send();
    if (statements.length < pick.count)
      throw new Error(`GET ${endpoint} ran ${statements.length} of its ${pick.count} statements`);
    return { result, statements };
  } finally {
    client.query = original;
  }
}

/**
 * Statements through the raw driver one after the other, rows as arrays as Drizzle asks,
 * prepared under their names as the server prepares them; answers the last one's row count.
 */
export async function driverQuery(
  database: Database,
  url: string | undefined,
  concurrency: number,
): Promise<{ run(statements: Statement[]): Promise<number>; close(): Promise<void> }> {
  if (database.kind === 'pglite') {
    // The server's own PGlite instance: there is only one, in this process.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      run: async (statements) => {
        let rows = 0;
        for (const { sql, params } of statements)
          rows = (await client.query(sql, params, { rowMode: 'array' })).rows.length;
        return rows;
      },
      close: async () => {},
    };
  }
  if (!url) throw new Error('PostgreSQL without a database URL');
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  return {
    run: async (statements) => {
      const client = await pool.connect();
      try {
        let rows = 0;
        for (const { sql, params, name } of statements)
          rows = (await client.query({ text: sql, values: params, name, rowMode: 'array' })).rows
            .length;
        return rows;
      } finally {
        client.release();
      }
    },
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
