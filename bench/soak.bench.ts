import type { CDPSession } from 'playwright-core';
import { startPlantSimulator, type SimulatorStats } from '../server/simulate/plant-simulator.ts';
import { launchChromiumBrowser } from '../tests/support/chromium.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { demoDataDir } from './bench-server.ts';
import { requireDist, signedInPage } from './browser-bench.ts';
import { envInt } from './sample-stats.ts';

// A wall-display soak: the production dashboard at ?display=wall, signed in
// as `supervisor`, while the plant simulator (server/simulate/plant-simulator.ts) works the
// floor at full pace: no timer, the next tick() as soon as the last one ends. The server runs
// in its own process; the simulator here talks to it over HTTP as the demo people. At the
// start and the end (and every BENCH_SOAK_SAMPLE_SECONDS between, for the trend), after a
// forced GC (CDP HeapProfiler.collectGarbage, twice): the JS heap in use (Runtime.getHeapUsage)
// and Memory.getDOMCounters (documents, nodes, JS event listeners). Growth is extrapolated to
// an hour from a least-squares line through the samples and flagged past a noise margin.

export interface SoakOptions {
  seconds: number;
  sampleSeconds: number;
}

export interface SoakSample {
  atSeconds: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  documents: number;
  nodes: number;
  jsEventListeners: number;
  /** Cards on the wall when sampled, to tell growth from a busier floor. */
  cards: number;
}

export type SoakMetric = 'heapUsedBytes' | 'nodes' | 'jsEventListeners' | 'documents';

export interface SoakResult {
  options: SoakOptions;
  samples: SoakSample[];
  start: SoakSample;
  end: SoakSample;
  /** Per metric: end − start, the least-squares slope × 3600 s, and whether it is flagged. */
  growth: Record<SoakMetric, { delta: number; perHour: number; flagged: boolean }>;
  simulator: SimulatorStats;
  /** Broadcasts the page's socket received (frames on the websocket), a measure of the load. */
  framesReceived: number;
  connection: string | null;
}

export function soakOptionsFromEnv(): SoakOptions {
  return {
    seconds: envInt('BENCH_SOAK_SECONDS', 120, 4),
    sampleSeconds: envInt('BENCH_SOAK_SAMPLE_SECONDS', 15, 2),
  };
}

/**
 * What an hour may add before it is flagged: heap 5 MB, 1,000 nodes, 100 listeners, any
 * document. A growing floor (more open orders) moves nodes a little; a leak keeps going.
 */
const FLAG_PER_HOUR: Record<SoakMetric, number> = {
  heapUsedBytes: 5 * 1024 * 1024,
  nodes: 1000,
  jsEventListeners: 100,
  documents: 0.5,
};

async function sample(cdp: CDPSession, atSeconds: number, cards: number): Promise<SoakSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return {
    atSeconds,
    heapUsedBytes: heap.usedSize,
    heapTotalBytes: heap.totalSize,
    documents: dom.documents,
    nodes: dom.nodes,
    jsEventListeners: dom.jsEventListeners,
    cards,
  };
}

function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  return sxx > 0 ? sxy / sxx : Number.NaN;
}

export async function runSoakBench(options: SoakOptions): Promise<SoakResult> {
  requireDist();
  const data = await demoDataDir();
  const [server, browser] = await Promise.all([
    startServerProcess({ DATA_DIR: data.dataDir, PLANTLINE_DEMO: '1' }),
    launchChromiumBrowser(),
  ]);
  const simulator = startPlantSimulator({
    baseUrl: server.url,
    paceMs: 0,
    autoTick: false,
    seed: 9,
  });
  try {
    const { page } = await signedInPage(
      browser,
      server.url,
      'supervisor',
      '/production/production-dashboard?display=wall',
    );
    let framesReceived = 0;
    page.on('websocket', (ws) => ws.on('framereceived', () => (framesReceived += 1)));
    // The websocket may already be open: reload once the listener is in place.
    await page.reload();
    await page.locator('[data-wall][data-connection="connected"]').waitFor();
    const cards = () => page.locator('[data-order]').count();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');

    // Warm up: a few ticks so every kind of card and toast has been drawn once.
    for (let i = 0; i < 5; i += 1) await simulator.tick();
    const t0 = performance.now();
    const at = () => (performance.now() - t0) / 1000;
    const samples: SoakSample[] = [await sample(cdp, 0, await cards())];
    let nextSample = options.sampleSeconds;
    while (at() < options.seconds) {
      await simulator.tick();
      if (at() >= nextSample && at() < options.seconds) {
        samples.push(await sample(cdp, at(), await cards()));
        nextSample += options.sampleSeconds;
      }
    }
    // Let the last broadcasts land before the final count.
    await page.waitForTimeout(1000);
    samples.push(await sample(cdp, at(), await cards()));
    const start = samples[0]!;
    const end = samples[samples.length - 1]!;
    const growth = {} as SoakResult['growth'];
    for (const metric of Object.keys(FLAG_PER_HOUR) as SoakMetric[]) {
      const perHour = slope(samples.map((s) => ({ x: s.atSeconds, y: s[metric] }))) * 3600;
      growth[metric] = {
        delta: end[metric] - start[metric],
        perHour,
        flagged: perHour > FLAG_PER_HOUR[metric],
      };
    }
    return {
      options,
      samples,
      start,
      end,
      growth,
      simulator: simulator.stats(),
      framesReceived,
      connection: await page.locator('[data-wall]').getAttribute('data-connection'),
    };
  } finally {
    await simulator.stop();
    await browser.close();
    await server.stop();
    await data.remove();
  }
}
