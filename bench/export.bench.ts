import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import { inlineParams } from '../server/db/inline-params.ts';
import { exportColumns } from '../server/http/entity/entity-export.ts';
import { exportStatement } from '../server/http/entity/export-rows.ts';
import { toQueryString } from '../src/api/query-string.ts';
import { DEMO_PASSWORD } from '../server/db/demo/demo-users.ts';
import { WEB_CLIENT } from '../src/domain/auth-client.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
import { LEDGER_END } from './list.bench.ts';
import { seedMovements } from './list-seed.ts';
import { type LatencySummary, envInt, isSmoke, ratio, summarize } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';

// A whole-table CSV export on PostgreSQL: the movements report over a
// million movements (list-seed.ts), as the browser asks for it, against
// `COPY (the same select) TO STDOUT WITH (FORMAT csv)` read through the same driver (pg) on a
// connection of its own: the fastest way PostgreSQL hands out those rows, with nothing of
// ours around them. Meanwhile another user asks GET /api/me one request after another, and
// the process's resident memory is sampled every 50 ms. Targets take turns (copy, export,
// export, copy, …); each figure is the median of its runs.
//
// The COPY is read through pg-copy-streams, as the export reads its own. COPY takes no bound
// parameters, so the statement's parameters are written into it as literals (inline-params.ts).

/** How long /api/me is read with nothing else running; a smoke run only needs a few answers. */
const IDLE_MS = isSmoke() ? 500 : 3_000;

export interface ExportOptions {
  rows: number;
  rounds: number;
  /** Exported columns; default: the report's visible columns except the running balance. */
  columns: string[] | undefined;
}

export interface ExportRun {
  seconds: number;
  bytes: number;
  lines: number;
  /** Highest RSS during the run minus RSS just before it. */
  rssGrowthMb: number;
  /** The same for what JavaScript holds (V8 heap in use, external memory, buffers). */
  heapGrowthMb: number;
  /** GET /api/me, one request after another, during the run. */
  me: LatencySummary;
}

export interface ExportResult {
  options: ExportOptions;
  skipped?: string;
  ledgerRows?: number;
  seedSeconds?: number;
  columns?: string[];
  statement?: string;
  runs?: { copy: ExportRun[]; export: ExportRun[] };
  /** /api/me with nothing else running, for comparison. */
  meIdle?: LatencySummary;
  summary?: {
    copySeconds: number;
    exportSeconds: number;
    /** Export time ÷ COPY time (goal ≤ 2). */
    timeRatio: number;
    exportRowsPerSecond: number;
    exportRssGrowthMb: number;
    copyRssGrowthMb: number;
    meDuringExport: LatencySummary;
  };
}

export function exportOptionsFromEnv(): ExportOptions {
  const columns = process.env.BENCH_EXPORT_COLUMNS;
  return {
    rows: envInt('BENCH_EXPORT_ROWS', 1_000_000, 2_000),
    rounds: envInt('BENCH_EXPORT_ROUNDS', 2, 1),
    columns: columns ? columns.split(',').map((c) => c.trim()) : undefined,
  };
}

export async function runExportBench(
  options: ExportOptions,
  log: (line: string) => void = console.log,
): Promise<ExportResult> {
  if (!process.env.DATABASE_URL)
    return { options, skipped: 'export skipped: DATABASE_URL is not set (PostgreSQL only)' };
  const database = await createPostgresDatabase('plantline_bench');
  try {
    const server = await startBenchServer(database.url);
    try {
      const seedStarted = performance.now();
      const ledgerRows = await seedMovements(server.database.db, options.rows, LEDGER_END);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      log(
        `  seeded ${options.rows.toLocaleString('en-US')} movements in ${seedSeconds.toFixed(1)} s`,
      );

      const binding = server.app.entityBindings.get(INVENTORY_MOVEMENTS.name);
      if (!binding) throw new Error('the movements report is not registered');
      const columns =
        options.columns ??
        exportColumns(binding, undefined)
          .map((c) => c.name)
          .filter((name) => name !== 'running_balance');
      const query = { filter: [], sort: null };
      const built = exportStatement(server.database.db, binding, query, columns);
      const copyClient = new pg.Client({ connectionString: database.url });
      await copyClient.connect();
      const literals = inlineParams((v) => copyClient.escapeLiteral(v), built.sql, built.params);
      const copySql = `copy (${literals}) to stdout with (format csv, header)`;

      const token = await logIn(server.url);
      const headers = { authorization: `Bearer ${token}` };
      const exportUrl = `${server.url}${INVENTORY_MOVEMENTS.api}/export?${toQueryString({ format: 'csv', columns })}`;
      const meUrl = `${server.url}/api/me`;
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      try {
        const meIdle = summarize(await poll(meUrl, headers, agent, sleep(IDLE_MS)));
        const targets = {
          copy: () => copyOut(copyClient, copySql),
          export: () => download(exportUrl, headers, agent),
        };
        const runs: { copy: ExportRun[]; export: ExportRun[] } = { copy: [], export: [] };
        const meDuringExport: number[] = [];
        for (let round = 0; round < options.rounds; round += 1) {
          const order: Array<keyof typeof targets> =
            round % 2 === 0 ? ['copy', 'export'] : ['export', 'copy'];
          for (const name of order) {
            const { run, samples } = await measured(targets[name], meUrl, headers, agent);
            runs[name].push(run);
            if (name === 'export') meDuringExport.push(...samples);
            log(
              `  ${name}: ${run.seconds.toFixed(1)} s, ${(run.bytes / 1e6).toFixed(0)} MB, ${run.lines.toLocaleString('en-US')} lines, RSS +${run.rssGrowthMb.toFixed(0)} MB (JS +${run.heapGrowthMb.toFixed(0)} MB), /api/me p99 ${run.me.p99Ms.toFixed(1)} ms`,
            );
          }
        }
        const copySeconds = median(runs.copy.map((r) => r.seconds));
        const exportSeconds = median(runs.export.map((r) => r.seconds));
        return {
          options,
          ledgerRows,
          seedSeconds,
          columns,
          statement: copySql,
          runs,
          meIdle,
          summary: {
            copySeconds,
            exportSeconds,
            timeRatio: ratio(exportSeconds, copySeconds),
            exportRowsPerSecond: ledgerRows / exportSeconds,
            exportRssGrowthMb: Math.max(...runs.export.map((r) => r.rssGrowthMb)),
            copyRssGrowthMb: Math.max(...runs.copy.map((r) => r.rssGrowthMb)),
            meDuringExport: summarize(meDuringExport),
          },
        };
      } finally {
        agent.destroy();
        await copyClient.end();
      }
    } finally {
      await server.close();
    }
  } finally {
    await database.drop();
  }
}

type Transfer = { bytes: number; lines: number };

/** Runs `transfer` while /api/me is polled and RSS sampled. */
async function measured(
  transfer: () => Promise<Transfer>,
  meUrl: string,
  headers: Record<string, string>,
  agent: Agent,
): Promise<{ run: ExportRun; samples: number[] }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  const before = start.rss;
  let peak = before;
  let heapPeak = start.heapUsed + start.external + start.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed + now.external + now.arrayBuffers);
  }, 50);
  const started = performance.now();
  const done = transfer();
  const me = poll(meUrl, headers, agent, done);
  try {
    const result = await done;
    const seconds = (performance.now() - started) / 1000;
    const samples = await me;
    return {
      run: {
        seconds,
        ...result,
        rssGrowthMb: (peak - before) / 1_048_576,
        heapGrowthMb: (heapPeak - start.heapUsed - start.external - start.arrayBuffers) / 1_048_576,
        me: summarize(samples),
      },
      samples,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** GET /api/me one after another until `until` settles; latencies in ms. */
async function poll(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  until: Promise<unknown>,
): Promise<number[]> {
  let over = false;
  until.then(
    () => (over = true),
    () => (over = true),
  );
  const samples: number[] = [];
  while (!over) {
    const t0 = performance.now();
    const { status } = await fetchDiscard(url, headers, agent);
    if (status !== 200) throw new Error(`GET /api/me answered ${status} during the export`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The export as the browser reads it: every byte, counted and dropped. */
async function download(url: string, headers: Record<string, string>, agent: Agent) {
  const result = await fetchDiscard(url, headers, agent);
  if (result.status !== 200) throw new Error(`the export answered ${result.status}`);
  return result;
}

function fetchDiscard(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
): Promise<Transfer & { status: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        lines += countNewlines(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function countNewlines(chunk: Buffer): number {
  let n = 0;
  let at = chunk.indexOf(10);
  while (at !== -1) {
    n += 1;
    at = chunk.indexOf(10, at + 1);
  }
  return n;
}

/** COPY … TO STDOUT through pg-copy-streams (as the export reads it), every byte counted. */
async function copyOut(client: pg.Client, text: string): Promise<Transfer> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of client.query(copyTo(text)) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    lines += countNewlines(chunk);
  }
  return { bytes, lines };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function logIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'inventory', password: DEMO_PASSWORD, ...WEB_CLIENT }),
  });
  const answer = (await res.json()) as { data?: { access_token?: string } };
  if (!answer.data?.access_token) throw new Error(`login answered ${res.status}`);
  return answer.data.access_token;
}
