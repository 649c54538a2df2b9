import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type FanoutResult, fanoutOptionsFromEnv, runFanoutBench } from './fanout.bench.ts';
import { type HttpResult, httpOptionsFromEnv, runHttpBench } from './http.bench.ts';
import {
  type ListBackend,
  type ListResult,
  listOptionsFromEnv,
  runListBench,
} from './list.bench.ts';
import {
  type PurchaseListResult,
  purchaseListOptionsFromEnv,
  runPurchaseListBench,
} from './purchase-list.bench.ts';
import type { LatencySummary } from './sample-stats.ts';
import {
  type CommitVisibleResult,
  commitVisibleOptionsFromEnv,
  runCommitVisibleBench,
} from './commit-visible.bench.ts';
import { type GridResult, gridOptionsFromEnv, runGridBench } from './grid.bench.ts';
import { type SoakResult, runSoakBench, soakOptionsFromEnv } from './soak.bench.ts';
import { type ImportsResult, importsOptionsFromEnv, runImportsBench } from './imports.bench.ts';
import { type ExportResult, exportOptionsFromEnv, runExportBench } from './export.bench.ts';
import { type TraceResult, runTraceBench, traceOptionsFromEnv } from './trace.bench.ts';
import { type ForecastResult, forecastOptionsFromEnv, runForecastBench } from './forecast.bench.ts';
import {
  type ApprovalsResult,
  approvalsOptionsFromEnv,
  runApprovalsBench,
} from './approvals.bench.ts';

// `npm run bench [-- fanout|http|list]`: runs the benchmarks, prints one table per benchmark
// and writes everything to bench/results/<time>.json (gitignored). Figures are ratios against
// a baseline measured in the same run; nothing here fails on speed. `list` runs on PGlite,
// and on PostgreSQL too when DATABASE_URL is set. A bare `npm run bench` runs fanout and http
// (`list` seeds a million rows per database and takes minutes). The browser benchmarks (`grid`,
// `commit-visible`, `soak`) need headless Chromium and a built dist/; they run only by name.

const BENCHES = [
  'fanout',
  'http',
  'list',
  'purchase-list',
  'grid',
  'commit-visible',
  'soak',
  'imports',
  'export',
  'trace',
  'forecast',
  'approvals',
] as const;
const DEFAULT_BENCHES: readonly BenchName[] = ['fanout', 'http'];
type BenchName = (typeof BENCHES)[number];

interface Row {
  target: string;
  rate: number;
  unit: string;
  latency: LatencySummary;
  /** Against the baseline row of the same table; NaN on the baseline itself. */
  rateRatio: number;
  p50Ratio: number;
  p99Ratio: number;
  note: string;
}

function chosen(argv: readonly string[]): BenchName[] {
  const asked = argv.filter((a) => a !== '--');
  if (asked.length === 0) return [...DEFAULT_BENCHES];
  const unknown = asked.filter((a) => !(BENCHES as readonly string[]).includes(a));
  if (unknown.length > 0)
    throw new Error(`Unknown benchmark ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}`);
  return asked as BenchName[];
}

function fanoutRows(result: FanoutResult): Row[] {
  const { raw, plantline, plantlineRawClients } = result.runs;
  const r = result.ratios;
  const note = (lost: number, bytes: number) =>
    `${bytes} B frames${lost > 0 ? `, ${lost} LOST` : ''}`;
  return [
    {
      target: raw.label,
      rate: raw.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: raw.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(raw.lost, raw.frameBytes),
    },
    {
      target: plantline.label,
      rate: plantline.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: plantline.latency,
      rateRatio: r.deliveriesPerSecond,
      p50Ratio: r.latencyP50,
      p99Ratio: r.latencyP99,
      note: note(plantline.lost, plantline.frameBytes),
    },
    {
      target: plantlineRawClients.label,
      rate: plantlineRawClients.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: plantlineRawClients.latency,
      rateRatio: r.rawClientsDeliveriesPerSecond,
      p50Ratio: r.rawClientsLatencyP50,
      p99Ratio: r.rawClientsLatencyP99,
      note: note(plantlineRawClients.lost, plantlineRawClients.frameBytes),
    },
  ];
}

function traceRows(result: TraceResult): Row[] {
  const row = (target: string, latency: LatencySummary, p50Ratio: number, p99Ratio: number) => ({
    target,
    rate: 1000 / latency.p50Ms,
    unit: 'traces/s',
    latency,
    rateRatio: NaN,
    p50Ratio,
    p99Ratio,
    note: `${latency.count} runs`,
  });
  const { walk, service, http } = result.runs;
  return [
    row('recursive walk through the driver (baseline)', walk, NaN, NaN),
    row(
      'trace service (walk + records + labels + people)',
      service,
      result.ratios.serviceP50,
      service.p99Ms / walk.p99Ms,
    ),
    row(
      `GET ${'/api/inventory/trace'} (JSON)`,
      http,
      result.ratios.httpP50,
      http.p99Ms / walk.p99Ms,
    ),
  ];
}

function httpRows(result: HttpResult): Row[] {
  const { helloWorld, me, login, argon2 } = result.runs;
  const r = result.ratios;
  const note = (failures: number, requests: number) =>
    `${requests} req${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'Fastify hello-world (baseline)',
      rate: helloWorld.requestsPerSecond,
      unit: 'req/s',
      latency: helloWorld.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(helloWorld.failures, helloWorld.requests),
    },
    {
      target: 'GET /api/me',
      rate: me.requestsPerSecond,
      unit: 'req/s',
      latency: me.latency,
      rateRatio: r.meRequestsPerSecond,
      p50Ratio: r.meLatencyP50,
      p99Ratio: r.meLatencyP99,
      note: note(me.failures, me.requests),
    },
    ...(result.runs.mePostgres
      ? [
          {
            target: 'GET /api/me on PostgreSQL',
            rate: result.runs.mePostgres.requestsPerSecond,
            unit: 'req/s',
            latency: result.runs.mePostgres.latency,
            rateRatio: r.mePostgresRequestsPerSecond ?? NaN,
            p50Ratio: r.mePostgresLatencyP50 ?? NaN,
            p99Ratio: r.mePostgresLatencyP99 ?? NaN,
            note: note(result.runs.mePostgres.failures, result.runs.mePostgres.requests),
          },
        ]
      : []),
    {
      target: 'POST /api/login',
      rate: login.requestsPerSecond,
      unit: 'req/s',
      latency: login.latency,
      rateRatio: r.loginRequestsPerSecond,
      p50Ratio: r.loginLatencyP50,
      p99Ratio: r.loginLatencyP99,
      note: note(login.failures, login.requests),
    },
    {
      target: 'argon2id verify alone',
      rate: argon2.requestsPerSecond,
      unit: 'verify/s',
      latency: argon2.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `login ÷ argon2: ${fmtRatio(r.loginVsArgon2RequestsPerSecond)} rate, ${fmtRatio(r.loginVsArgon2LatencyP50)} p50`,
    },
  ];
}

function listRows(
  result: ListResult | PurchaseListResult | ApprovalsResult,
  endpoint = 'inventory-movements-details',
): Row[] {
  const { driver, http } = result.runs;
  const note = (failures: number, requests: number) =>
    `${requests} req${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'same SQL through the driver (baseline)',
      rate: driver.requestsPerSecond,
      unit: 'pages/s',
      latency: driver.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(driver.failures, driver.requests),
    },
    {
      target: `GET …/${endpoint}`,
      rate: http.requestsPerSecond,
      unit: 'pages/s',
      latency: http.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: note(http.failures, http.requests),
    },
  ];
}

function commitVisibleRows(result: CommitVisibleResult): Row[] {
  const { broadcast, visible, reply, browserExtra } = result.runs;
  const lost = (n: number) => (n > 0 ? `, ${n} LOST` : '');
  const base = { rate: NaN, unit: '', rateRatio: NaN, p50Ratio: NaN, p99Ratio: NaN };
  return [
    {
      ...base,
      target: broadcast.label,
      latency: broadcast.latency,
      note: `send → callback${lost(broadcast.lost)}`,
    },
    {
      ...base,
      target: visible.label,
      latency: visible.latency,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `send → data-held changed${lost(visible.lost)}`,
    },
    { ...base, target: reply.label, latency: reply.latency, note: 'send → HTTP reply read' },
    { ...base, target: browserExtra.label, latency: browserExtra.latency, note: 'per event' },
  ];
}

function importsRows(result: ImportsResult): Row[] {
  return result.runs.flatMap((run) => [
    {
      target: `GET /api/me idle (baseline, ${run.rows} run)`,
      rate: NaN,
      unit: '',
      latency: run.idle,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `${run.idle.count} req`,
    },
    {
      target: `import ${run.rows} rows; /api/me meanwhile`,
      rate: run.rowsPerSecond,
      unit: 'rows/s',
      latency: run.during,
      rateRatio: NaN,
      p50Ratio: run.ratios.latencyP50,
      p99Ratio: run.ratios.latencyP99,
      note: `${run.status}; ${(run.csvBytes / 1024).toFixed(0)} KB; 202 in ${fmt(run.acceptMs, 0)} ms; validate ${fmt(run.validateSeconds)} s (${fmt(run.validateRowsPerSecond, 0)} rows/s), apply ${fmt(run.applySeconds)} s (${fmt(run.applyRowsPerSecond, 0)} rows/s); /api/me max ${fmt(run.during.maxMs, 0)} ms over ${run.during.count} req; goals ${run.goals.rowsPerSecond ? 'met' : 'MISSED'} (rows/s), ${run.goals.otherUserP99 ? 'met' : 'MISSED'} (p99)`,
    },
  ]);
}

function forecastRows(result: ForecastResult): Row[] {
  const { query, generate } = result.runs;
  const note = (failures: number, runs: number) =>
    `${runs} runs${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'history aggregate through the driver (baseline)',
      rate: query.requestsPerSecond,
      unit: 'queries/s',
      latency: query.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `${note(query.failures, query.requests)}; ${result.historyRows} product × centre rows`,
    },
    {
      target: 'generate (history, allocations, plan; rolled back)',
      rate: generate.requestsPerSecond,
      unit: 'periods/s',
      latency: generate.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `${note(generate.failures, generate.requests)}; ${result.allocations} allocations, ${result.plans} plan rows`,
    },
  ];
}

function printSoak(result: SoakResult): void {
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  const show = (metric: keyof SoakResult['growth'], v: number) =>
    metric === 'heapUsedBytes' ? mb(v) : fmt(v, 0);
  console.log(
    `\nWall-display soak (${result.end.atSeconds.toFixed(0)} s, ${result.simulator.ticks} ticks, ${result.simulator.actions} actions, ${result.framesReceived} frames received, ${result.connection})`,
  );
  console.log('metric              start         end       delta   per hour (fit)  flag');
  for (const metric of ['heapUsedBytes', 'nodes', 'jsEventListeners', 'documents'] as const) {
    const g = result.growth[metric];
    console.log(
      [
        metric.padEnd(16),
        show(metric, result.start[metric]).padStart(10),
        show(metric, result.end[metric]).padStart(10),
        show(metric, g.delta).padStart(10),
        show(metric, g.perHour).padStart(15),
        g.flagged ? 'GROWING' : 'ok',
      ].join('  '),
    );
  }
  console.log(`cards on the wall: ${result.samples.map((s) => s.cards).join(' ')}`);
}

function printGrid(result: GridResult): void {
  for (const target of result.targets) {
    console.log(`\n${target.label}: sustained ${fmt(target.sustainedPerSecond, 0)} updates/s`);
    console.log(
      'offered/s  published/s  applied/s  frames  median ms  p90 ms  longest task ms  ok',
    );
    for (const s of target.steps) {
      console.log(
        [
          fmt(s.offeredPerSecond, 0).padStart(9),
          fmt(s.published / result.options.stepSeconds, 0).padStart(11),
          fmt(s.appliedPerSecond, 0).padStart(9),
          String(s.frames).padStart(6),
          fmt(s.medianFrameMs, 1).padStart(9),
          fmt(s.p90FrameMs, 1).padStart(6),
          fmt(s.longestTaskMs, 0).padStart(15),
          s.ok ? 'yes' : 'NO',
        ].join('  '),
      );
    }
  }
  console.log(`\nsustained ratio (transactions ÷ rowData): ${fmtRatio(result.sustainedRatio)}`);
}

function printExport(result: ExportResult): void {
  const s = result.summary;
  if (!s) {
    console.log(`\n${result.skipped ?? 'export: no result'}`);
    return;
  }
  console.log(`\nWhole-table CSV export on PostgreSQL (${fmt(result.ledgerRows ?? NaN, 0)} rows)`);
  console.log(`COPY (same select) TO STDOUT through pg (baseline): ${fmt(s.copySeconds, 2)} s`);
  console.log(
    `GET …/inventory-movements-details/export?format=csv: ${fmt(s.exportSeconds, 2)} s (${fmt(s.exportRowsPerSecond, 0)} rows/s), ${fmtRatio(s.timeRatio)} COPY`,
  );
  console.log(
    `RSS growth: export ${fmt(s.exportRssGrowthMb, 0)} MB, COPY ${fmt(s.copyRssGrowthMb, 0)} MB`,
  );
  console.log(
    `GET /api/me during the export: p50 ${fmt(s.meDuringExport.p50Ms, 2)} ms, p99 ${fmt(s.meDuringExport.p99Ms, 2)} ms (${s.meDuringExport.count} requests); idle p99 ${fmt(result.meIdle?.p99Ms ?? NaN, 2)} ms`,
  );
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
}

function fmtRatio(n: number): string {
  if (!Number.isFinite(n)) return '—';
  return `${n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toPrecision(2)}×`;
}

function printTable(title: string, rows: Row[]): void {
  const header = [
    'target',
    'rate',
    'p50 ms',
    'p99 ms',
    'rate ratio',
    'p50 ratio',
    'p99 ratio',
    'notes',
  ];
  const lines = rows.map((row) => [
    row.target,
    `${fmt(row.rate, 0)} ${row.unit}`,
    fmt(row.latency.p50Ms, 2),
    fmt(row.latency.p99Ms, 2),
    fmtRatio(row.rateRatio),
    fmtRatio(row.p50Ratio),
    fmtRatio(row.p99Ratio),
    row.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${title}`);
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(render(line));
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const benches = chosen(process.argv.slice(2));
  const startedAt = new Date();
  const results: {
    fanout?: FanoutResult;
    http?: HttpResult;
    list?: Partial<Record<ListBackend, ListResult>> & { skipped?: string };
    'purchase-list'?: Partial<Record<ListBackend, PurchaseListResult>> & { skipped?: string };
    grid?: GridResult;
    'commit-visible'?: CommitVisibleResult;
    soak?: SoakResult;
    imports?: ImportsResult;
    export?: ExportResult;
    trace?: TraceResult;
    forecast?: ForecastResult;
    approvals?: ApprovalsResult;
  } = {};
  for (const bench of benches) {
    const t0 = performance.now();
    if (bench === 'fanout') {
      const options = fanoutOptionsFromEnv();
      console.log(
        `fanout: ${options.clients} clients × ${options.events} events, bursts of ${options.burst}, ${options.rounds} rounds…`,
      );
      results.fanout = await runFanoutBench(options);
      printTable(
        `Broadcast fan-out (${options.clients} clients, ${options.events} events)`,
        fanoutRows(results.fanout),
      );
    } else if (bench === 'commit-visible') {
      const options = commitVisibleOptionsFromEnv();
      console.log(`\ncommit-visible: ${options.events} hold/resume events…`);
      const result = await runCommitVisibleBench(options);
      results['commit-visible'] = result;
      printTable(
        `Commit → visible (${result.runs.visible.latency.count} events; clock offset ${result.clock.offsetMs.toFixed(2)} ± ${result.clock.errorMs.toFixed(2)} ms)`,
        commitVisibleRows(result),
      );
    } else if (bench === 'trace') {
      const options = traceOptionsFromEnv();
      console.log(
        `\ntrace: a lot with ${options.batches + options.batches * options.perBatch} descendants, ${options.rounds} rounds…`,
      );
      results.trace = await runTraceBench(options);
      printTable(
        `Lot trace forward on PGlite (${results.trace.descendants} descendant lots; ${results.trace.nodes} nodes, ${results.trace.edges} edges)`,
        traceRows(results.trace),
      );
      // Where the service's time goes, phase by phase, p50 over the rounds.
      for (const [phase, latency] of Object.entries(results.trace.phases)) {
        console.log(`  ${phase.padEnd(10)} p50 ${latency.p50Ms.toFixed(0).padStart(6)} ms`);
      }
    } else if (bench === 'export') {
      const options = exportOptionsFromEnv();
      console.log(
        `\nexport: CSV of ${options.rows.toLocaleString('en-US')} movements on PostgreSQL, ${options.rounds} rounds…`,
      );
      results.export = await runExportBench(options);
      printExport(results.export);
    } else if (bench === 'imports') {
      const options = importsOptionsFromEnv();
      console.log(`\nimports: inventory CSV of ${options.sizes.join(', ')} rows…`);
      results.imports = await runImportsBench(options);
      printTable(
        'Big inventory import on PGlite (another user polls /api/me meanwhile)',
        importsRows(results.imports),
      );
    } else if (bench === 'soak') {
      const options = soakOptionsFromEnv();
      console.log(`\nsoak: ${options.seconds} s of the plant simulator at full pace…`);
      results.soak = await runSoakBench(options);
      printSoak(results.soak);
    } else if (bench === 'grid') {
      const options = gridOptionsFromEnv();
      console.log(
        `\ngrid: ${options.rows.toLocaleString('en-US')} rows, steps of ${options.stepSeconds} s…`,
      );
      results.grid = await runGridBench(options);
      printGrid(results.grid);
    } else if (bench === 'list') {
      const options = listOptionsFromEnv();
      const backends: ListBackend[] = process.env.DATABASE_URL
        ? ['pglite', 'postgres']
        : ['pglite'];
      results.list = process.env.DATABASE_URL
        ? {}
        : { skipped: 'PostgreSQL skipped: DATABASE_URL is not set' };
      for (const backend of backends) {
        const b0 = performance.now();
        console.log(
          `\nlist on ${backend}: ${options.rows.toLocaleString('en-US')} movements, concurrency ${options.concurrency}, ${options.rounds} rounds…`,
        );
        const result = await runListBench(options, backend);
        results.list[backend] = result;
        printTable(
          `List page on ${backend} (${result.matching.toLocaleString('en-US')} of ${result.ledgerRows.toLocaleString('en-US')} movements match; 100 per page; concurrency ${options.concurrency})`,
          listRows(result),
        );
        console.log(`(list on ${backend}: ${((performance.now() - b0) / 1000).toFixed(1)} s)`);
      }
      if (results.list.skipped) console.log(`\n${results.list.skipped}`);
    } else if (bench === 'forecast') {
      const options = forecastOptionsFromEnv();
      console.log(
        `\nforecast: generation over ${options.lines.toLocaleString('en-US')} sales lines, ${options.rounds} rounds…`,
      );
      results.forecast = await runForecastBench(options);
      printTable(
        `Forecast generation on pglite (${results.forecast.lines.toLocaleString('en-US')} sales lines; one period from a year of it)`,
        forecastRows(results.forecast),
      );
    } else if (bench === 'approvals') {
      const options = approvalsOptionsFromEnv();
      console.log(
        `\napprovals on pglite: ${options.orders.toLocaleString('en-US')} POs + ${options.reels.toLocaleString('en-US')} reels waiting, concurrency ${options.concurrency}, ${options.rounds} rounds…`,
      );
      const result = await runApprovalsBench(options, 'pglite');
      results.approvals = result;
      printTable(
        `Approval inbox of admin on pglite (${result.listed} listed of ${result.waiting.toLocaleString('en-US')} waiting; concurrency ${options.concurrency})`,
        listRows(result, 'approvals'),
      );
    } else if (bench === 'purchase-list') {
      const options = purchaseListOptionsFromEnv();
      const backends: ListBackend[] = process.env.DATABASE_URL
        ? ['pglite', 'postgres']
        : ['pglite'];
      const done: NonNullable<(typeof results)['purchase-list']> = process.env.DATABASE_URL
        ? {}
        : { skipped: 'PostgreSQL skipped: DATABASE_URL is not set' };
      results['purchase-list'] = done;
      for (const backend of backends) {
        const b0 = performance.now();
        console.log(
          `\npurchase-list on ${backend}: ${options.orders.toLocaleString('en-US')} orders, ${options.lines.toLocaleString('en-US')} lines, concurrency ${options.concurrency}, ${options.rounds} rounds…`,
        );
        const result = await runPurchaseListBench(options, backend);
        done[backend] = result;
        printTable(
          `PO list page on ${backend} (${result.matching.toLocaleString('en-US')} of ${result.orders.toLocaleString('en-US')} orders match; 100 per page; concurrency ${options.concurrency})`,
          listRows(result, 'purchase_orders'),
        );
        console.log(
          `(purchase-list on ${backend}: ${((performance.now() - b0) / 1000).toFixed(1)} s)`,
        );
      }
      if (done.skipped) console.log(`\n${done.skipped}`);
    } else {
      const options = httpOptionsFromEnv();
      console.log(
        `\nhttp: concurrency ${options.concurrency} (login ${options.loginConcurrency}), ${options.rounds} rounds…`,
      );
      results.http = await runHttpBench(options);
      printTable(
        `HTTP (keep-alive, concurrency ${options.concurrency}; login ${options.loginConcurrency})`,
        httpRows(results.http),
      );
    }
    console.log(`(${bench}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }

  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${startedAt.toISOString().replace(/[:.]/g, '-')}-${benches.join('-')}.json`;
  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model,
    platform: platform(),
    release: release(),
    node: process.version,
  };
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), commit: gitCommit(), machine, ...results }, null, 2)}\n`,
  );
  console.log(`\nwrote ${file}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exitCode = 1;
}
