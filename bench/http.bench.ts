import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import { hashPassword, verifyPassword } from '../server/auth/passwords.ts';
import { DEMO_PASSWORD } from '../server/db/demo/demo-users.ts';
import { WEB_CLIENT } from '../src/domain/auth-client.ts';
import {
  type LoadOptions,
  type LoadResult,
  type LoadSegment,
  combine,
  measure,
  runLoad,
} from './http-load.ts';
import { envInt, ratio } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';

// HTTP: the real server (startServer, PGlite in memory, demo data) against Fastify's bare
// hello-world on the same machine, through the same keep-alive load generator in this process.
//   GET  /api/me     bearer token → session (cached per process), user view, envelope; on
//                    PostgreSQL as well when DATABASE_URL is set
//   POST /api/login  throttle check, user lookup, argon2id verify, token insert, session read
//   argon2 alone     verifyPassword() with the same hash parameters, no HTTP and no database
// argon2id is slow on purpose (19 MiB, 2 passes), so login is compared with argon2 alone too:
// that ratio is the share of a login that is not the hash.
//
// Targets take turns in rounds, so drifting load on a shared machine hits each about equally.

const ADMIN = 'admin';

export interface HttpOptions {
  /** Closed-loop workers for hello-world and /api/me. */
  concurrency: number;
  /** Workers for login and argon2 alone; argon2 runs on libuv's pool of 4 threads. */
  loginConcurrency: number;
  rounds: number;
  /** Per target, over all rounds: requests and seconds, whichever ends first. */
  fastRequests: number;
  fastSeconds: number;
  loginRequests: number;
  loginSeconds: number;
}

export interface HttpResult {
  options: HttpOptions;
  runs: {
    helloWorld: LoadResult;
    me: LoadResult;
    /** The same server on PostgreSQL, when DATABASE_URL is set. */
    mePostgres?: LoadResult;
    login: LoadResult;
    argon2: LoadResult;
  };
  ratios: {
    meRequestsPerSecond: number;
    meLatencyP50: number;
    meLatencyP99: number;
    mePostgresRequestsPerSecond?: number;
    mePostgresLatencyP50?: number;
    mePostgresLatencyP99?: number;
    loginRequestsPerSecond: number;
    loginLatencyP50: number;
    loginLatencyP99: number;
    /** Login ÷ argon2 alone: close to 1 means the hash is nearly all of a login. */
    loginVsArgon2RequestsPerSecond: number;
    loginVsArgon2LatencyP50: number;
  };
}

export function httpOptionsFromEnv(): HttpOptions {
  return {
    concurrency: envInt('BENCH_HTTP_CONCURRENCY', 16, 4),
    loginConcurrency: envInt('BENCH_LOGIN_CONCURRENCY', 4, 2),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    fastRequests: envInt('BENCH_HTTP_REQUESTS', 100_000, 400),
    fastSeconds: envInt('BENCH_HTTP_SECONDS', 6, 1),
    loginRequests: envInt('BENCH_LOGIN_REQUESTS', 400, 8),
    loginSeconds: envInt('BENCH_LOGIN_SECONDS', 8, 1),
  };
}

interface Target {
  label: string;
  segments: LoadSegment[];
  run(bounds: {
    maxRequests: number;
    maxSeconds: number;
    warmupRequests: number;
  }): Promise<LoadSegment>;
}

export async function runHttpBench(options: HttpOptions): Promise<HttpResult> {
  const hello = Fastify({ logger: false });
  hello.get('/', () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;

  const server = await startBenchServer();
  // GET /api/me on PostgreSQL too when DATABASE_URL names one: a fresh database of its own.
  const database = process.env.DATABASE_URL
    ? await createPostgresDatabase('plantline_bench')
    : undefined;
  const onPostgres = database ? await startBenchServer(database.url) : undefined;
  try {
    const loginBody = JSON.stringify({ username: ADMIN, password: DEMO_PASSWORD, ...WEB_CLIENT });
    const token = await logIn(server.url, loginBody);
    const postgresToken = onPostgres ? await logIn(onPostgres.url, loginBody) : undefined;
    await expectOk(
      fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } }),
      'GET /api/me',
    );
    const hash = await hashPassword(DEMO_PASSWORD);

    const http = (
      label: string,
      load: Omit<LoadOptions, 'maxRequests' | 'maxSeconds' | 'warmupRequests'>,
    ): Target => ({
      label,
      segments: [],
      run: (bounds) => runLoad({ ...load, ...bounds }),
    });
    const fast = [
      http('Fastify hello-world (baseline)', { url: helloUrl, concurrency: options.concurrency }),
      http('GET /api/me', {
        url: `${server.url}/api/me`,
        headers: { authorization: `Bearer ${token}` },
        concurrency: options.concurrency,
      }),
      ...(onPostgres && postgresToken
        ? [
            http('GET /api/me on PostgreSQL', {
              url: `${onPostgres.url}/api/me`,
              headers: { authorization: `Bearer ${postgresToken}` },
              concurrency: options.concurrency,
            }),
          ]
        : []),
    ];
    const slow = [
      http('POST /api/login', {
        url: `${server.url}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
        concurrency: options.loginConcurrency,
      }),
      {
        label: 'argon2id verify alone',
        segments: [],
        run: (bounds) =>
          measure(() => verifyPassword(hash, DEMO_PASSWORD), {
            ...bounds,
            concurrency: options.loginConcurrency,
          }),
      } satisfies Target,
    ];

    await inRounds(fast, options.rounds, options.fastRequests, options.fastSeconds, 1_000);
    await inRounds(
      slow,
      options.rounds,
      options.loginRequests,
      options.loginSeconds,
      options.loginConcurrency * 2,
    );

    const [helloWorld, me, mePostgres] = fast.map((t) => combine(t.segments));
    const [login, argon2] = slow.map((t) => combine(t.segments));
    if (!helloWorld || !me || !login || !argon2)
      throw new Error('an HTTP target produced no result');
    return {
      options,
      runs: { helloWorld, me, ...(mePostgres ? { mePostgres } : {}), login, argon2 },
      ratios: {
        meRequestsPerSecond: ratio(me.requestsPerSecond, helloWorld.requestsPerSecond),
        meLatencyP50: ratio(me.latency.p50Ms, helloWorld.latency.p50Ms),
        meLatencyP99: ratio(me.latency.p99Ms, helloWorld.latency.p99Ms),
        ...(mePostgres
          ? {
              mePostgresRequestsPerSecond: ratio(
                mePostgres.requestsPerSecond,
                helloWorld.requestsPerSecond,
              ),
              mePostgresLatencyP50: ratio(mePostgres.latency.p50Ms, helloWorld.latency.p50Ms),
              mePostgresLatencyP99: ratio(mePostgres.latency.p99Ms, helloWorld.latency.p99Ms),
            }
          : {}),
        loginRequestsPerSecond: ratio(login.requestsPerSecond, helloWorld.requestsPerSecond),
        loginLatencyP50: ratio(login.latency.p50Ms, helloWorld.latency.p50Ms),
        loginLatencyP99: ratio(login.latency.p99Ms, helloWorld.latency.p99Ms),
        loginVsArgon2RequestsPerSecond: ratio(login.requestsPerSecond, argon2.requestsPerSecond),
        loginVsArgon2LatencyP50: ratio(login.latency.p50Ms, argon2.latency.p50Ms),
      },
    };
  } finally {
    await onPostgres?.close();
    await database?.drop();
    await server.close();
    await hello.close();
  }
}

/** Each round gives every target its share of the bounds, starting with a different target. */
async function inRounds(
  targets: Target[],
  rounds: number,
  requests: number,
  seconds: number,
  warmup: number,
) {
  for (let round = 0; round < rounds; round += 1) {
    for (let k = 0; k < targets.length; k += 1) {
      const target = targets[(round + k) % targets.length];
      if (!target) continue;
      target.segments.push(
        await target.run({
          maxRequests: Math.ceil(requests / rounds),
          maxSeconds: seconds / rounds,
          warmupRequests: round === 0 ? warmup : 0,
        }),
      );
    }
  }
}

async function logIn(baseUrl: string, body: string): Promise<string> {
  const res = await expectOk(
    fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
    'POST /api/login',
  );
  const answer = (await res.json()) as { data?: { access_token?: unknown } };
  const token = answer.data?.access_token;
  if (typeof token !== 'string')
    throw new Error('POST /api/login answered without an access token');
  return token;
}

async function expectOk(pending: Promise<Response>, what: string): Promise<Response> {
  const res = await pending;
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}
