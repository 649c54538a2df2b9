import type { AppConfig } from '../src/api/auth.types.ts';
import { connectRealtime, type RealtimeConnection } from '../src/api/echo-client.ts';
import { call, tokenFor } from '../tests/support/api-client.ts';
import { launchChromiumBrowser } from '../tests/support/chromium.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { demoDataDir } from './bench-server.ts';
import {
  clientAs,
  clockOffset,
  epochNow,
  orderEvent,
  releasedOrder,
  requireDist,
  signedInPage,
} from './browser-bench.ts';
import { envInt, type LatencySummary, ratio, summarize } from './sample-stats.ts';

// Commit → visible in another browser. A real server with the demo data (in
// its own process, so this process's event loop never delays it or the Node client), one
// headless Chromium showing /production/production-dashboard signed in as `supervisor`, and a
// released order that `supervisor_production` holds and resumes N times through the HTTP API.
// Each event is timed from just before its POST is sent to the moment the order's card changes
// its `data-held` attribute in the page (a MutationObserver stamping performance.timeOrigin +
// now(), moved onto this process's clock by a measured offset). Baseline, for the very same
// events: a pusher-js client in Node (the app's own echo client) on the dashboard's channel, timed
// from the same send to its `order.updated` callback. visible ÷ broadcast is what the browser
// adds on top of delivery: its socket, the live store, React and the DOM.

export interface CommitVisibleOptions {
  events: number;
  warmupEvents: number;
  /** Seconds of measured events at most. */
  budgetSeconds: number;
  /**
   * The plant simulator in the server's process at its fastest pace (the next step
   * `SIMULATOR_PACE_MS` after the last ends), as a busy plant loads the server.
   */
  simulator: boolean;
}

export interface CommitVisibleResult {
  options: CommitVisibleOptions;
  clock: { offsetMs: number; errorMs: number };
  runs: {
    broadcast: { label: string; latency: LatencySummary; lost: number };
    visible: { label: string; latency: LatencySummary; lost: number };
    reply: { label: string; latency: LatencySummary };
    /** Per event, card changed − Node callback: what the browser adds, event by event. */
    browserExtra: { label: string; latency: LatencySummary };
  };
  ratios: { latencyP50: number; latencyP99: number };
  /** Per event: send → HTTP reply, → Node callback, → card changed (ms). */
  samples: { replyMs: number; broadcastMs: number | null; visibleMs: number | null }[];
}

export function commitVisibleOptionsFromEnv(): CommitVisibleOptions {
  return {
    events: envInt('BENCH_COMMIT_EVENTS', 200, 6),
    warmupEvents: envInt('BENCH_COMMIT_WARMUP_EVENTS', 10, 2),
    budgetSeconds: envInt('BENCH_COMMIT_BUDGET_SECONDS', 90, 10),
    // On unless BENCH_COMMIT_SIMULATOR=0 (envInt takes only positive numbers).
    simulator: process.env.BENCH_COMMIT_SIMULATOR?.trim() !== '0',
  };
}

/** The shortest pace the server's config takes (PLANTLINE_SIMULATE_PACE_MS ≥ 100). */
export const SIMULATOR_PACE_MS = 100;

/** The server's environment: the demo data, and the simulator when asked. */
function commitVisibleServerEnv(options: Pick<CommitVisibleOptions, 'simulator'>, dataDir: string) {
  return {
    DATA_DIR: dataDir,
    PLANTLINE_DEMO: '1',
    PLANTLINE_SIMULATE: options.simulator ? '1' : '0',
    PLANTLINE_SIMULATE_PACE_MS: String(SIMULATOR_PACE_MS),
  };
}

declare global {
  interface Window {
    __benchHeld?: { held: boolean; at: number }[];
  }
}

/** `promise`, or null after `ms`; the timer goes with the answer, so none outlives the run. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function runCommitVisibleBench(
  options: CommitVisibleOptions,
): Promise<CommitVisibleResult> {
  requireDist();
  const data = await demoDataDir();
  const [server, browser] = await Promise.all([
    startServerProcess(commitVisibleServerEnv(options, data.dataDir)),
    launchChromiumBrowser(),
  ]);
  let node: RealtimeConnection | undefined;
  try {
    const url = server.url;
    const order = await releasedOrder(url);
    const { page } = await signedInPage(
      browser,
      url,
      'supervisor',
      '/production/production-dashboard',
    );
    const card = `section[data-column="released"] [data-order="${order.number}"]`;
    await page.locator(card).waitFor();

    // In the page: every change of the card's held state, stamped on the page's clock.
    await page.evaluate(
      (selector) => {
        const seen: { held: boolean; at: number }[] = [];
        window.__benchHeld = seen;
        let last: boolean | null =
          document.querySelector(selector)?.hasAttribute('data-held') ?? null;
        new MutationObserver(() => {
          const at = performance.timeOrigin + performance.now();
          const el = document.querySelector(selector);
          if (!el) return;
          const held = el.hasAttribute('data-held');
          if (held !== last) {
            last = held;
            seen.push({ held, at });
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-held'],
        });
      },
      card.replace('section[data-column="released"] ', ''),
    );

    // In Node: the same channel through the app's own echo client (pusher-js).
    const echo = (await call<AppConfig>(url, 'GET', '/api/config')).data.echo;
    const settings = { ...echo, authEndpoint: new URL(echo.authEndpoint, url).toString() };
    const where = new URL(url);
    node = connectRealtime(settings, `Bearer ${await tokenFor(url, 'supervisor')}`, {
      hostname: where.hostname,
      port: where.port,
      protocol: where.protocol,
    });
    let onBroadcast: ((at: number, version: number) => void) | null = null;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the Node client never subscribed')), 15_000);
      node!.listen<{ id: number; version: number }>(
        'production.dashboard',
        'order.updated',
        (data) => {
          if (data.id === order.id) onBroadcast?.(epochNow(), data.version);
        },
        () => {
          clearTimeout(timer);
          resolve();
        },
      );
    });

    const supervisor = await clientAs(url, 'supervisor_production');
    const clock = await clockOffset(page);
    let version = order.version;
    let held = false;
    const samples: CommitVisibleResult['samples'] = [];
    const deadline = performance.now() + options.budgetSeconds * 1000;

    for (let i = 0; i < options.warmupEvents + options.events; i += 1) {
      if (i >= options.warmupEvents && performance.now() > deadline) break;
      const want: boolean = !held;
      const seenBefore = await page.evaluate(() => window.__benchHeld?.length ?? 0);
      const broadcast = new Promise<number>((resolve) => {
        onBroadcast = (at) => resolve(at);
      });
      const visible = page
        .waitForFunction(
          ([n, w]) => {
            const s = window.__benchHeld ?? [];
            const hit = s.slice(n).find((x) => x.held === w);
            return hit ? hit.at : false;
          },
          [seenBefore, want] as const,
          { polling: 50, timeout: 10_000 },
        )
        .then(async (handle) => Number(await handle.jsonValue()))
        .catch(() => null);
      const sent = epochNow();
      const row = await orderEvent(
        supervisor,
        order.id,
        want ? 'hold' : 'resume',
        version,
        want ? { reason: 'bench: line check' } : {},
      );
      const replied = epochNow();
      version = row.version;
      held = want;
      const [broadcastAt, visibleAt] = await Promise.all([withTimeout(broadcast, 10_000), visible]);
      onBroadcast = null;
      if (i < options.warmupEvents) continue;
      samples.push({
        replyMs: replied - sent,
        broadcastMs: broadcastAt === null ? null : broadcastAt - sent,
        visibleMs: visibleAt === null ? null : visibleAt - clock.offsetMs - sent,
      });
    }

    const broadcastMs = samples.flatMap((s) => (s.broadcastMs === null ? [] : [s.broadcastMs]));
    const visibleMs = samples.flatMap((s) => (s.visibleMs === null ? [] : [s.visibleMs]));
    const broadcast = summarize(broadcastMs);
    const visible = summarize(visibleMs);
    return {
      options,
      clock,
      runs: {
        broadcast: {
          label: 'pusher-js in Node (baseline)',
          latency: broadcast,
          lost: samples.length - broadcastMs.length,
        },
        visible: {
          label: 'card changed in Chromium',
          latency: visible,
          lost: samples.length - visibleMs.length,
        },
        reply: { label: 'HTTP reply', latency: summarize(samples.map((s) => s.replyMs)) },
        browserExtra: {
          label: 'card changed − Node callback',
          latency: summarize(
            samples.flatMap((s) =>
              s.visibleMs === null || s.broadcastMs === null ? [] : [s.visibleMs - s.broadcastMs],
            ),
          ),
        },
      },
      ratios: {
        latencyP50: ratio(visible.p50Ms, broadcast.p50Ms),
        latencyP99: ratio(visible.p99Ms, broadcast.p99Ms),
      },
      samples,
    };
  } finally {
    node?.disconnect();
    await browser.close();
    await server.stop();
    await data.remove();
  }
}
