import { fmt, fmtRatio } from './bench-table.ts';
import type { ExportResult } from './export.bench.ts';
import type { GridResult } from './grid.bench.ts';
import type { StormResult } from './reconnect-storm.bench.ts';
import type { SoakResult } from './soak.bench.ts';

// The benchmarks whose results are not a rate against a baseline, each printed its own way.

export function printSoak(result: SoakResult): void {
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

export function printGrid(result: GridResult): void {
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

export function printExport(result: ExportResult): void {
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

export function printStorm(result: StormResult): void {
  const o = result.options;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const r = result.resubscribed;
  console.log(
    `\nReconnect storm (${o.clients} pages, ${o.writesPerSecond} writes/s over ${o.rows} rows; jitter ${o.jitterMs === undefined ? 'the app’s own' : `${o.jitterMs} ms`})`,
  );
  console.log(`  server down (close asked → new one listening)  ${fmt(result.downMs / 1000, 1)} s`);
  const pr = result.probed;
  console.log(
    `  listening → reconnect probe answered           p50 ${fmt(pr.p50Ms / 1000, 2)} s, p99 ${fmt(pr.p99Ms / 1000, 2)} s, all ${fmt(pr.maxMs / 1000, 2)} s; ${pr.count} probes`,
  );
  const c = result.connected;
  console.log(
    `  listening → websocket connected                p50 ${fmt(c.p50Ms / 1000, 2)} s, p99 ${fmt(c.p99Ms / 1000, 2)} s, all ${fmt(c.maxMs / 1000, 2)} s; ${c.count} pages; ${result.extraConnections} connections dropped and made again`,
  );
  console.log(
    `  listening → page resubscribed (both channels)  p50 ${fmt(r.p50Ms / 1000, 2)} s, p99 ${fmt(r.p99Ms / 1000, 2)} s, all ${fmt(r.maxMs / 1000, 2)} s; ${result.pagesNotResubscribed} pages not back`,
  );
  console.log(
    `  authorisations after the restart                ${result.auth.count}; most in one 100 ms: ${result.auth.peakPer100Ms}; p50 ${fmt(result.auth.sinceUp.p50Ms / 1000, 2)} s, p99 ${fmt(result.auth.sinceUp.p99Ms / 1000, 2)} s after listening`,
  );
  console.log(
    `  writes committed                                ${result.writes.committed} (${result.writes.failedWhileDown} attempts refused while down, retried)`,
  );
  console.log(
    `  broadcasts a page never heard (all pages)       ${result.missedBroadcasts.toLocaleString('en-US')}`,
  );
  console.log(
    `  rows left behind after the delta poll           ${result.lost}${Number.isFinite(result.caughtUpMs) ? `; every page caught up ${fmt(result.caughtUpMs / 1000, 1)} s after listening` : '; NOT caught up'}`,
  );
  console.log(
    `  pages by connection status at the end            ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    `  goals: all resubscribed ≤ 10 s ${met(result.pagesNotResubscribed === 0 && r.maxMs <= 10_000)}; 0 updates lost ${met(result.lost === 0)}`,
  );
}
