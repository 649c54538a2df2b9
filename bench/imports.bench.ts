import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { startServer } from '../server/main.ts';
import { call, tokenFor } from '../tests/support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../tests/support/echo-client.ts';
import { finishedImport, postImportFile } from '../tests/support/import-client.ts';
import { inventoryCsv } from '../tests/support/inventory-import-csv.ts';
import { smokeTemplate } from './bench-server.ts';
import { envInt, envText, ratio, summarize, type LatencySummary } from './sample-stats.ts';

// A big inventory import on PGlite with the demo data: a CSV of N rows of
// opening stock POSTed as admin, followed on private-imports.jobs to its end. Figures: rows/s
// over the whole job and per phase (validate, apply), and what another user sees meanwhile —
// the latency of GET /api/me in a closed loop during the job, against the same loop idle
// before it (the baseline). Each size runs on a fresh server, so earlier imports weigh nothing.
// Each run is also held to the import goals (IMPORT_GOALS) and says whether it met them.

const ROUTE = '/api/inventory/inventory-import';

export interface ImportsOptions {
  /** Rows per file; one run each. */
  sizes: number[];
  /** Idle /api/me requests before each import: the baseline. */
  idleRequests: number;
}

export interface ImportRun {
  rows: number;
  csvBytes: number;
  status: string;
  /** POST sent → 202 read. */
  acceptMs: number;
  validateSeconds: number;
  applySeconds: number;
  totalSeconds: number;
  rowsPerSecond: number;
  validateRowsPerSecond: number;
  applyRowsPerSecond: number;
  idle: LatencySummary;
  /** GET /api/me by another user while the job ran. */
  during: LatencySummary;
  ratios: { latencyP50: number; latencyP99: number };
  /** The goals: ≥ 5,000 rows/s over the job; another user's /api/me p99 ≤ 100 ms. */
  goals: { rowsPerSecond: boolean; otherUserP99: boolean };
}

export const IMPORT_GOALS = { rowsPerSecond: 5_000, otherUserP99Ms: 100 } as const;

export interface ImportsResult {
  options: ImportsOptions;
  runs: ImportRun[];
}

export function importsOptionsFromEnv(): ImportsOptions {
  const sizes = envText('BENCH_IMPORT_SIZES', '20000,100000', '600')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return { sizes, idleRequests: envInt('BENCH_IMPORT_IDLE_REQUESTS', 200, 20) };
}

/** GET /api/me one after another until `until` resolves (or `count` requests); latencies. */
export async function probe(
  url: string,
  token: string,
  until: Promise<unknown> | number,
): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.finally(() => (done = true));
  while (!done && (typeof until !== 'number' || samples.length < until)) {
    const t0 = performance.now();
    const reply = await call(url, 'GET', '/api/me', { token });
    if (reply.httpStatus !== 200) throw new Error(`/api/me answered ${reply.httpStatus}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function runOne(rows: number, options: ImportsOptions): Promise<ImportRun> {
  const template = await smokeTemplate();
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      PLANTLINE_DEMO: '1',
      PUSHER_APP_ID: `bench-${randomBytes(4).toString('hex')}`,
    }),
    template ? { databaseTemplate: template } : {},
  );
  try {
    const products = await queryRows<{ sku: string; lot: boolean }>(
      server.database.db,
      sql`select sku, is_lot_tracked as lot from products order by id`,
    );
    const csv = inventoryCsv(
      products.map((p) => ({ sku: p.sku, lotTracked: p.lot })),
      rows,
    );
    const admin = await tokenFor(server.url, 'admin');
    const other = await tokenFor(server.url, 'inventory');
    const idle = await probe(server.url, other, options.idleRequests);
    const echo = await connectEcho(server.url, admin);
    const channel = echo.private('imports.jobs');
    await subscribed(channel);
    let applyStarted = Number.NaN;
    channel.listen('.import.progress', (e: { phase: string }) => {
      if (e.phase === 'importing' && Number.isNaN(applyStarted)) applyStarted = performance.now();
    });
    const t0 = performance.now();
    const started = await postImportFile(server.url, {
      route: ROUTE,
      name: 'bench.csv',
      body: csv,
      token: admin,
    });
    const acceptMs = performance.now() - t0;
    if (started.status !== 202) throw new Error(`upload answered ${started.status}`);
    const finished = finishedImport(
      server.url,
      { route: ROUTE, token: admin },
      started.body.data.id,
    );
    const during = await probe(server.url, other, finished);
    const outcome = await finished;
    const t1 = performance.now();
    disconnectEchoes();
    const totalSeconds = (t1 - t0) / 1000;
    const idleSummary = summarize(idle);
    const duringSummary = summarize(during);
    return {
      rows,
      csvBytes: csv.length,
      status: outcome.status,
      acceptMs,
      validateSeconds: (applyStarted - t0) / 1000,
      applySeconds: (t1 - applyStarted) / 1000,
      totalSeconds,
      rowsPerSecond: rows / totalSeconds,
      validateRowsPerSecond: (rows * 1000) / (applyStarted - t0),
      applyRowsPerSecond: (rows * 1000) / (t1 - applyStarted),
      idle: idleSummary,
      during: duringSummary,
      ratios: {
        latencyP50: ratio(duringSummary.p50Ms, idleSummary.p50Ms),
        latencyP99: ratio(duringSummary.p99Ms, idleSummary.p99Ms),
      },
      goals: {
        rowsPerSecond: rows / totalSeconds >= IMPORT_GOALS.rowsPerSecond,
        otherUserP99: duringSummary.p99Ms <= IMPORT_GOALS.otherUserP99Ms,
      },
    };
  } finally {
    await server.close();
  }
}

export async function runImportsBench(options: ImportsOptions): Promise<ImportsResult> {
  const runs: ImportRun[] = [];
  for (const rows of options.sizes) runs.push(await runOne(rows, options));
  return { options, runs };
}
