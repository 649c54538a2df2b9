import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULES } from '../src/domain/modules.ts';
import { COUNTRIES } from '../modules/general/shared/entities/countries.entity.ts';
import { entityClient, type EntityApiClient, type Row } from '../tests/support/entity-crud.ts';
import { epochNow } from './epoch-now.ts';
import { type Child, forkChild } from './fanout-scale/ipc.ts';
import type { StormOpened, StormReport } from './fanout-scale/storm-wire.ts';
import { plantlineEnv, shares } from './fanout-scale/targets.ts';
import type { ServerStarted, Sessions } from './fanout-scale/wire.ts';
import { type LatencySummary, envInt, summarize } from './sample-stats.ts';

// The reconnect storm: a Plantline server on a database on disk, a thousand
// pages in child processes (each the app's realtime connection, a presence channel and a live
// countries list, storm-clients.process.ts), and a writer changing countries all along. The
// server is restarted (graceful close, a new process on the same port and the same DATA_DIR)
// while the writer keeps going: writes refused while it is down are retried, and those that
// land before a page has resubscribed are broadcast to nobody. Measured: how long until every
// page has both channels back, how the authorisation requests spread, and whether every page's
// live list ends with every row's last version (the delta poll after resubscribing must bring
// what the broadcasts missed).

const SERVER = new URL('./fanout-scale/server.process.ts', import.meta.url);
const PAGES = new URL('./fanout-scale/storm-clients.process.ts', import.meta.url);
const CHECK_EVERY_MS = 1_000;
const RESUBSCRIBE_WAIT_MS = 60_000;
const SETTLE_WAIT_MS = 40_000;
const AUTH_BUCKET_MS = 100;

export interface StormOptions {
  clients: number;
  processes: number;
  users: number;
  rows: number;
  writesPerSecond: number;
  /** Seconds of writes before the restart, and after the new server listens. */
  beforeSeconds: number;
  afterSeconds: number;
  /** Overrides the app's jitter window; 0 turns the limiter off (a comparison run). */
  jitterMs: number | undefined;
}

export interface StormResult {
  options: StormOptions;
  /** Graceful close asked → new server listening, ms. */
  downMs: number;
  /** New server listening → each page's websocket is connected again, ms. */
  connected: LatencySummary;
  /** Times pages connected after the restart beyond one each (connections dropped again). */
  extraConnections: number;
  /** New server listening → each reconnect probe the server answered (about one a page), ms. */
  probed: LatencySummary;
  /** New server listening → each page has both channels again, ms. */
  resubscribed: LatencySummary;
  pagesNotResubscribed: number;
  /** Authorisation requests sent after the restart, and their spread. */
  auth: { count: number; peakPer100Ms: number; sinceUp: LatencySummary };
  writes: { committed: number; failedWhileDown: number };
  /** Row versions committed during the run that a page never heard by broadcast, all pages. */
  missedBroadcasts: number;
  /** Page × row where the page's list ended behind the server's last version. */
  lost: number;
  /** Listening → every page's list holds every row's last version, ms. */
  caughtUpMs: number;
  /** Pages by their connection status at the end (all `connected` when the run went well). */
  statuses: Record<string, number>;
}

export function stormOptionsFromEnv(): StormOptions {
  const jitter = process.env.BENCH_STORM_JITTER_MS;
  return {
    clients: envInt('BENCH_STORM_CLIENTS', 1000, 20),
    processes: envInt('BENCH_STORM_PROCESSES', 4, 2),
    users: envInt('BENCH_STORM_USERS', 100, 10),
    rows: envInt('BENCH_STORM_ROWS', 20, 3),
    writesPerSecond: envInt('BENCH_STORM_WRITES', 10, 5),
    beforeSeconds: envInt('BENCH_STORM_BEFORE_SECONDS', 3, 1),
    afterSeconds: envInt('BENCH_STORM_AFTER_SECONDS', 5, 2),
    jitterMs: jitter === undefined || jitter === '' ? undefined : Number(jitter),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rows the writer changes, created on the empty database: all on the pages' one list page. */
async function benchRows(api: EntityApiClient, count: number): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  for (let i = 0; i < count; i += 1) {
    const iso2 = `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
    const row = await api.create(COUNTRIES, { iso2, name: `Bench ${iso2}` });
    versions.set(row.id, row.version);
  }
  return versions;
}

/** Changes the rows in turn until stopped; a refused write is retried, a stale one re-read. */
function startWriter(api: EntityApiClient, versions: Map<number, number>, perSecond: number) {
  const ids = [...versions.keys()];
  const committed: string[] = [];
  let failedWhileDown = 0;
  let stopped = false;
  const done = (async () => {
    const start = epochNow();
    for (let n = 0; !stopped; n += 1) {
      await sleep(Math.max(0, start + (n * 1000) / perSecond - epochNow()));
      const id = ids[n % ids.length];
      if (id === undefined) break;
      for (let attempt = 0; !stopped; attempt += 1) {
        try {
          const reply = await api.send<Row>('PUT', `${COUNTRIES.api}/${id}`, {
            name: `Bench write ${n}`,
            version: versions.get(id),
          });
          if (reply.httpStatus === 200) {
            versions.set(id, reply.data.version);
            committed.push(`${id}:${reply.data.version}`);
            break;
          }
          const current = await api.get<Row>(`${COUNTRIES.api}/${id}`);
          versions.set(id, current.data.version);
        } catch {
          // The server is down: the write waits for it, as a person's retry would.
          failedWhileDown += 1;
          await sleep(50);
        }
      }
    }
  })();
  return {
    committed,
    failedWhileDown: () => failedWhileDown,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function startPlantlineAt(
  env: Record<string, string>,
): Promise<{ child: Child; started: ServerStarted }> {
  const child = forkChild(SERVER, env);
  return { child, started: await child.request<ServerStarted>({ type: 'start' }) };
}

function firstAfter(times: readonly number[], at: number): number | undefined {
  return times.find((t) => t >= at);
}

export async function runStormBench(options: StormOptions): Promise<StormResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantline-storm-'));
  const port = await freePort();
  const env = plantlineEnv(
    randomBytes(16).toString('hex'),
    `bench-${randomBytes(4).toString('hex')}`,
    {
      PORT: String(port),
      DATA_DIR: dataDir,
    },
  );
  let server = await startPlantlineAt(env);
  const pageProcs: Child[] = [];
  try {
    const { tokens } = await server.child.request<Sessions>({
      type: 'sessions',
      users: Math.min(options.users, options.clients + 1),
      sessions: options.clients + 1,
      roles: ['admin'],
      modules: [...MODULES],
    });
    const writerToken = tokens.pop();
    if (!writerToken) throw new Error('no writer session');
    const url = server.started.url;
    const writerApi = entityClient(url, writerToken);
    const versions = await benchRows(writerApi, options.rows);

    const t0 = performance.now();
    const perProcess = shares(options.clients, options.processes);
    pageProcs.push(...perProcess.map(() => forkChild(PAGES, {})));
    await Promise.all(
      pageProcs.map((proc, p) =>
        proc.request<StormOpened>(
          {
            type: 'open',
            url,
            tokens: tokens.splice(0, perProcess[p] ?? 0),
            ...(options.jitterMs === undefined ? {} : { jitterMs: options.jitterMs }),
          },
          300_000,
        ),
      ),
    );
    console.log(
      `  ${options.clients} pages live (presence + countries list) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const writer = startWriter(writerApi, versions, options.writesPerSecond);
    await sleep(options.beforeSeconds * 1000);
    const closing = epochNow();
    await server.child.request({ type: 'close' }, 60_000);
    await server.child.exited;
    const closedAt = epochNow();
    server = await startPlantlineAt(env);
    const upAt = server.started.at;
    const downMs = upAt - closing;
    console.log(
      `  restarted: closing ${((closedAt - closing) / 1000).toFixed(1)} s, starting ${((upAt - closedAt) / 1000).toFixed(1)} s; writes go on for ${options.afterSeconds} s`,
    );
    await sleep(options.afterSeconds * 1000);
    await writer.stop();
    const finalVersions = new Map(versions);

    const report = async (): Promise<StormReport> => {
      const all = await Promise.all(
        pageProcs.map((p) => p.request<StormReport>({ type: 'report' })),
      );
      return {
        pages: all.flatMap((r) => r.pages),
        authStarts: all.flatMap((r) => r.authStarts),
        probesAnswered: all.flatMap((r) => r.probesAnswered),
      };
    };
    const resubscribedAt = (page: StormReport['pages'][number]) => {
      const list = firstAfter(page.listSubscribedAt, upAt);
      const presence = firstAfter(page.presenceAt, upAt);
      return list === undefined || presence === undefined ? undefined : Math.max(list, presence);
    };
    const behind = (page: StormReport['pages'][number]) => {
      const held = new Map(page.versions);
      let n = 0;
      for (const [id, version] of finalVersions) if ((held.get(id) ?? 0) < version) n += 1;
      return n;
    };

    // Wait (bounded) until every page is back and caught up; then measure what it ended with.
    let last = await report();
    let caughtUpAt = Number.NaN;
    const deadline = performance.now() + RESUBSCRIBE_WAIT_MS + SETTLE_WAIT_MS;
    while (performance.now() < deadline) {
      const back = last.pages.every((page) => resubscribedAt(page) !== undefined);
      const lostNow = last.pages.reduce((sum, page) => sum + behind(page), 0);
      if (back && lostNow === 0) {
        caughtUpAt = epochNow();
        break;
      }
      await sleep(CHECK_EVERY_MS);
      last = await report();
    }

    const committed = new Set(writer.committed);
    const connectedSince = last.pages.map((page) => page.connectedAt.filter((t) => t >= upAt));
    const connectTimes = connectedSince.flatMap((times) =>
      times[0] === undefined ? [] : [times[0] - upAt],
    );
    const resubscribeTimes: number[] = [];
    let notBack = 0;
    let missed = 0;
    for (const page of last.pages) {
      const at = resubscribedAt(page);
      if (at === undefined) notBack += 1;
      else resubscribeTimes.push(at - upAt);
      const heard = new Set(page.heard);
      for (const key of committed) if (!heard.has(key)) missed += 1;
    }
    const authSinceUp = last.authStarts.filter((t) => t >= upAt).map((t) => t - upAt);
    const buckets = new Map<number, number>();
    for (const t of authSinceUp) {
      const bucket = Math.floor(t / AUTH_BUCKET_MS);
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    }
    return {
      options,
      downMs,
      connected: summarize(connectTimes),
      extraConnections: connectedSince.reduce(
        (sum, times) => sum + Math.max(0, times.length - 1),
        0,
      ),
      probed: summarize(last.probesAnswered.filter((t) => t >= upAt).map((t) => t - upAt)),
      resubscribed: summarize(resubscribeTimes),
      pagesNotResubscribed: notBack,
      auth: {
        count: authSinceUp.length,
        peakPer100Ms: Math.max(0, ...buckets.values()),
        sinceUp: summarize(authSinceUp),
      },
      writes: { committed: committed.size, failedWhileDown: writer.failedWhileDown() },
      missedBroadcasts: missed,
      lost: last.pages.reduce((sum, page) => sum + behind(page), 0),
      caughtUpMs: caughtUpAt - upAt,
      statuses: Object.fromEntries(
        [...new Set(last.pages.map((p) => p.status))].map((status) => [
          status,
          last.pages.filter((p) => p.status === status).length,
        ]),
      ),
    };
  } catch (error) {
    for (const child of [...pageProcs, server.child]) child.process.kill();
    throw error;
  } finally {
    await Promise.all(pageProcs.map((p) => p.request({ type: 'close' }).catch(() => undefined)));
    await server.child.request({ type: 'close' }).catch(() => undefined);
    await Promise.all([...pageProcs.map((p) => p.exited), server.child.exited]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
