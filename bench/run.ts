import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type FanoutResult, fanoutOptionsFromEnv, runFanoutBench } from './fanout.bench.ts';
import {
  type FanoutScaleResult,
  fanoutScaleGoals,
  fanoutScaleOptionsFromEnv,
  runFanoutScaleBench,
} from './fanout-scale.bench.ts';
import { type HttpResult, httpOptionsFromEnv, runHttpBench } from './http.bench.ts';
import { type ListResult, listOptionsFromEnv, runListBench } from './list.bench.ts';
import {
  type PurchaseListResult,
  purchaseListOptionsFromEnv,
  runPurchaseListBench,
} from './purchase-list.bench.ts';
import { printExport, printGrid, printSoak, printStorm } from './bench-prints.ts';
import { type StormResult, runStormBench, stormOptionsFromEnv } from './reconnect-storm.bench.ts';
import {
  commitVisibleRows,
  fanoutRows,
  fanoutScaleRows,
  forecastRows,
  httpRows,
  importsRows,
  listRows,
  traceRows,
} from './bench-rows.ts';
import { printTable } from './bench-table.ts';
import { isSmoke } from './sample-stats.ts';
import {
  exitIfHeldOpen,
  runSmoke,
  type SmokeReport,
  smokeVerdict,
  writeSmokeReport,
} from './smoke.ts';
import type { ListBackend } from './driver-vs-http.ts';
import {
  type CommitVisibleResult,
  commitVisibleOptionsFromEnv,
  runCommitVisibleBench,
  SIMULATOR_PACE_MS,
} from './commit-visible.bench.ts';
import { type GridResult, gridOptionsFromEnv, runGridBench } from './grid.bench.ts';
import { type SoakResult, runSoakBench, soakOptionsFromEnv } from './soak.bench.ts';
import { type ImportsResult, importsOptionsFromEnv, runImportsBench } from './imports.bench.ts';
import {
  type ImportBombResult,
  importBombOptionsFromEnv,
  importBombRows,
  runImportBombBench,
} from './import-bomb.bench.ts';
import { type ExportResult, exportOptionsFromEnv, runExportBench } from './export.bench.ts';
import { type TraceResult, runTraceBench, traceOptionsFromEnv } from './trace.bench.ts';
import { type PdfBenchResult, pdfBenchOptionsFromEnv, pdfRows, runPdfBench } from './pdf.bench.ts';
import { type ForecastResult, forecastOptionsFromEnv, runForecastBench } from './forecast.bench.ts';
import {
  type QueryShapesResult,
  queryShapesOptionsFromEnv,
  runQueryShapesBench,
} from './query-shapes.bench.ts';
import {
  type PotencyResult,
  potencyBenchRows,
  potencyOptionsFromEnv,
  runPotencyBench,
} from './potency.bench.ts';
import {
  type ApprovalsResult,
  approvalsOptionsFromEnv,
  runApprovalsBench,
} from './approvals.bench.ts';
import {
  type ReconciliationBenchResult,
  reconciliationBenchRows,
  reconciliationOptionsFromEnv,
  runReconciliationBench,
} from './stamp-reconciliation.bench.ts';

// `npm run bench [-- fanout|http|list]`: runs the benchmarks, prints one table per benchmark
// and writes everything to bench/results/<time>.json (gitignored). Figures are ratios against
// a baseline measured in the same run; nothing here fails on speed. `list` runs on PGlite,
// and on PostgreSQL too when DATABASE_URL is set. A bare `npm run bench` runs fanout and http
// (`list` seeds a million rows per database and takes minutes). The browser benchmarks need
// headless Chromium (`grid` builds its own page; `commit-visible` and `soak` open the built
// dist/); they run only by name.
//
// `npm run bench -- --smoke [names]`: every benchmark (or those named) at its smoke size, small
// data and short durations, so each finishes in seconds and prints its tables as usual; this
// is how a change that breaks a benchmark is caught before its next real measurement
// (smoke.ts). Each runs in a process of its own with BENCH_SMOKE=1 and a time limit
// (BENCH_SMOKE_TIMEOUT_SECONDS, 120); a failure is recorded and the next one runs. The end is
// one line per benchmark (ok, skipped with the reason, FAILED with the error) and a non-zero
// exit if any failed: a crash, a hang, processes left behind, or nothing measured; never a
// speed. Smoke figures are not written to bench/results/. Without --smoke nothing changes.

const BENCHES = [
  'fanout',
  'http',
  'list',
  'purchase-list',
  'grid',
  'commit-visible',
  'soak',
  'imports',
  'import-bomb',
  'export',
  'trace',
  'forecast',
  'approvals',
  'fanout-scale',
  'reconnect-storm',
  'pdf',
  'query-shapes',
  'potency',
  'stamp-reconciliation',
] as const;
const DEFAULT_BENCHES: readonly BenchName[] = ['fanout', 'http'];
type BenchName = (typeof BENCHES)[number];

function chosen(argv: readonly string[], fallback = DEFAULT_BENCHES): BenchName[] {
  const asked = argv.filter((a) => a !== '--');
  if (asked.length === 0) return [...fallback];
  const unknown = asked.filter((a) => !(BENCHES as readonly string[]).includes(a));
  if (unknown.length > 0)
    throw new Error(`Unknown benchmark ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}`);
  return asked as BenchName[];
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
    'import-bomb'?: ImportBombResult;
    export?: ExportResult;
    trace?: TraceResult;
    forecast?: ForecastResult;
    potency?: Partial<Record<ListBackend, PotencyResult>>;
    'stamp-reconciliation'?: ReconciliationBenchResult;
    approvals?: ApprovalsResult;
    'fanout-scale'?: FanoutScaleResult;
    'reconnect-storm'?: StormResult;
    pdf?: PdfBenchResult;
    'query-shapes'?: QueryShapesResult;
  } = {};
  const verdicts: SmokeReport[] = [];
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
    } else if (bench === 'fanout-scale') {
      const options = fanoutScaleOptionsFromEnv();
      console.log(
        `\nfanout-scale: ${options.clients} clients in ${options.processes} processes, ${options.perSecond} events/s on a private and a presence channel, ${options.seconds} s per target…`,
      );
      const result = await runFanoutScaleBench(options);
      results['fanout-scale'] = result;
      printTable(
        `Fan-out at plant scale (${options.clients} clients × 2 channels, ${options.perSecond} events/s each; clients in ${options.processes} processes)`,
        fanoutScaleRows(result),
      );
      for (const goal of fanoutScaleGoals(result)) {
        const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
        console.log(
          `  ${goal.label}: p99 ≤ ${goal.p99GoalMs} ms ${met(goal.p99Met)}; p99 ≤ 1.5× raw ${met(goal.p99RatioMet)} (${goal.p99Ratio.toFixed(2)}×); no loss ${met(goal.lossMet)}; ≥ 0.8× raw ${met(goal.rateMet)} (${goal.rateRatio.toFixed(2)}×)`,
        );
      }
      for (const run of result.runs) {
        if (!run.memoryPerSocket) continue;
        const kb = (bytes: number) => (bytes / 1024).toFixed(1);
        console.log(
          `  ${run.label}: memory per idle socket ${kb(run.memoryPerSocket.rss)} KB RSS (${kb(run.memoryPerSocket.heapAndExternal)} KB heap and buffers)`,
        );
      }
      if (result.skipped) console.log(`  ${result.skipped}`);
    } else if (bench === 'reconnect-storm') {
      const options = stormOptionsFromEnv();
      console.log(
        `\nreconnect-storm: ${options.clients} pages in ${options.processes} processes, restart after ${options.beforeSeconds} s…`,
      );
      results['reconnect-storm'] = await runStormBench(options);
      printStorm(results['reconnect-storm']);
    } else if (bench === 'commit-visible') {
      const options = commitVisibleOptionsFromEnv();
      console.log(
        `\ncommit-visible: ${options.events} hold/resume events, ${options.simulator ? `plant simulator on (one step every ${SIMULATOR_PACE_MS} ms)` : 'no simulator'}…`,
      );
      const result = await runCommitVisibleBench(options);
      results['commit-visible'] = result;
      printTable(
        `Commit → visible (${result.runs.visible.latency.count} events, ${result.options.simulator ? 'simulator on' : 'simulator off'}; clock offset ${result.clock.offsetMs.toFixed(2)} ± ${result.clock.errorMs.toFixed(2)} ms)`,
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
    } else if (bench === 'import-bomb') {
      const options = importBombOptionsFromEnv();
      console.log(
        `\nimport-bomb: ${options.bombs} XLSX bombs, then a ${options.xlsxRows}-row XLSX previewed and dry-run…`,
      );
      results['import-bomb'] = await runImportBombBench(options);
      printTable(
        'Costly XLSX files read while another user polls /api/me (PGlite)',
        importBombRows(results['import-bomb']),
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
    } else if (bench === 'potency') {
      const options = potencyOptionsFromEnv();
      const backends: ListBackend[] = process.env.DATABASE_URL
        ? ['pglite', 'postgres']
        : ['pglite'];
      results.potency = {};
      for (const backend of backends) {
        console.log(
          `\npotency on ${backend}: control charts over ${options.results.toLocaleString('en-US')} HPLC results, ${options.rounds} rounds…`,
        );
        const result = await runPotencyBench(options, backend);
        results.potency[backend] = result;
        printTable(
          `Potency control charts on ${backend} (${result.results.toLocaleString('en-US')} results)`,
          potencyBenchRows(result),
        );
      }
    } else if (bench === 'stamp-reconciliation') {
      const options = reconciliationOptionsFromEnv();
      console.log(
        `\nstamp-reconciliation: a month over ${options.reels.toLocaleString('en-US')} reels' year of movements, ${options.rounds} rounds…`,
      );
      const result = await runReconciliationBench(options);
      results['stamp-reconciliation'] = result;
      printTable(
        `Stamp reconciliation on pglite (${result.movements.toLocaleString('en-US')} reel movements)`,
        reconciliationBenchRows(result),
      );
    } else if (bench === 'pdf') {
      const options = pdfBenchOptionsFromEnv();
      console.log(`\npdf: a ${options.lines}-line purchase order while /api/me is read…`);
      results.pdf = await runPdfBench(options);
      printTable(
        `Purchase order PDF of ${options.lines} lines (${(results.pdf.pdfBytes / 1024).toFixed(0)} KiB) and another user's /api/me, PGlite`,
        pdfRows(results.pdf),
      );
    } else if (bench === 'query-shapes') {
      results['query-shapes'] = await runQueryShapesBench(queryShapesOptionsFromEnv());
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
    if (isSmoke()) verdicts.push(smokeVerdict(bench, results[bench]));
  }
  if (isSmoke()) {
    // Smoke-sized figures say nothing about speed: not kept beside the real runs.
    const report = combined(verdicts);
    writeSmokeReport(report);
    exitIfHeldOpen(report);
    return;
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

/** One report for the benches of this process: skipped only if every one was. */
function combined(verdicts: readonly SmokeReport[]): SmokeReport {
  const details = verdicts.flatMap((v) => (v.detail ? [v.detail] : []));
  return {
    status: verdicts.every((v) => v.status === 'skipped') ? 'skipped' : 'ok',
    ...(details.length > 0 ? { detail: details.join('; ') } : {}),
  };
}

const args = process.argv.slice(2);
try {
  if (args.includes('--smoke'))
    process.exitCode = await runSmoke(
      chosen(
        args.filter((a) => a !== '--smoke'),
        BENCHES,
      ),
    );
  else await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  const report: SmokeReport = {
    status: 'failed',
    detail: error instanceof Error ? error.message : String(error),
  };
  writeSmokeReport(report);
  if (isSmoke()) exitIfHeldOpen(report);
  process.exitCode = 1;
}
