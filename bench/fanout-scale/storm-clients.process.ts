import { of, tap } from 'rxjs';
import { type AuthLimiter, createAuthLimiter } from '../../src/api/auth-limiter.ts';
import type { AppConfig } from '../../src/api/auth.types.ts';
import { type RealtimeConnection, connectRealtime } from '../../src/api/echo-client.ts';
import { entityApi } from '../../src/api/entity.api.ts';
import { REQUEST_TIMEOUT_MS, createRequest } from '../../src/api/request.ts';
import { COUNTRIES } from '../../modules/general/shared/entities/countries.entity.ts';
import { liveList$ } from '../../src/streams/live-list.store.ts';
import { live } from '../../src/views/common/entity/use-entity-list.ts';
import { epochNow } from '../epoch-now.ts';
import { serveParent } from './ipc.ts';
import { BENCH_CHANNEL } from './wire.ts';
import type { StormClientRequest, StormOpened, StormReport } from './storm-wire.ts';

// A share of the reconnect storm's pages, in a process of its own. Each page is what a browser
// tab runs, minus React: the app's realtime connection (connectRealtime, with its auth
// limiter), a presence channel joined, and an entity list kept live by the app's own store
// (liveList$ over the countries list: snapshot, broadcasts, and the delta poll after every
// resubscription). The page remembers which row versions reached it by broadcast, so the
// parent can tell what the poll alone recovered, and when its channels were (re)subscribed and
// its authorisations left, so the parent can time the storm.

const OPEN_BATCH = 25;

interface Page {
  connection: RealtimeConnection;
  /** Each row's version as the live store last gave it. */
  versions: Map<number, number>;
  /** `id:version` of every broadcast the page heard. */
  heard: Set<string>;
  /** When the countries channel and the presence channel last (re)subscribed, epoch ms. */
  listSubscribedAt: number[];
  presenceAt: number[];
  /** When the websocket became `connected`, each time, epoch ms. */
  connectedAt: number[];
  stop(): void;
}

const pages: Page[] = [];
/** When each authorisation request actually left (after the limiter let it go), epoch ms. */
const authStarts: number[] = [];
/** When a page's reconnect probe found the server answering, epoch ms. */
const probesAnswered: number[] = [];

// The nudge's probe is a plain fetch of the websocket path; timing its answers splits a page's
// return into finding the server up (the nudge's schedule) and the handshake after it.
const pageFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await pageFetch(input, init);
  if (String(input instanceof Request ? input.url : input).includes('/app/'))
    probesAnswered.push(epochNow());
  return response;
};

function counted(limiter: AuthLimiter): AuthLimiter {
  return {
    connectionLost: () => limiter.connectionLost(),
    run: (task) =>
      limiter.run(() => {
        authStarts.push(epochNow());
        return task();
      }),
  };
}

async function echoSettings(url: string): Promise<AppConfig['echo']> {
  const response = await fetch(`${url}/api/config`);
  return ((await response.json()) as { data: AppConfig }).data.echo;
}

function openPage(url: string, settings: AppConfig['echo'], token: string, jitterMs?: number) {
  const where = new URL(url);
  const limiter = createAuthLimiter(
    jitterMs === undefined ? {} : { jitterMs, concurrency: jitterMs === 0 ? 1000 : undefined },
  );
  const connection = connectRealtime(
    settings,
    `Bearer ${token}`,
    { hostname: where.hostname, port: where.port, protocol: where.protocol },
    counted(limiter),
  );
  const request = createRequest({
    fetch: (input, init) => fetch(input, init),
    getToken: () => `Bearer ${token}`,
    baseUrl: `${url}/api`,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  const api = entityApi(COUNTRIES, request);
  const page: Page = {
    connection,
    versions: new Map(),
    heard: new Set(),
    listSubscribedAt: [],
    presenceAt: [],
    connectedAt: [],
    stop: () => undefined,
  };
  // Echo reports a connection twice (pusher-js's `state_change` and `connected`): only a
  // change of status counts.
  let lastStatus = connection.status();
  connection.onStatus((status) => {
    if (status === 'connected' && lastStatus !== 'connected') page.connectedAt.push(epochNow());
    lastStatus = status;
  });
  const { broadcasts$, resubscribed$ } = live(COUNTRIES, connection);
  const ready = new Promise<void>((resolve, reject) => {
    let snapshot = false;
    let presence = false;
    const check = () => {
      if (snapshot && presence && page.listSubscribedAt.length > 0) resolve();
    };
    const leave = connection.joinPresence(BENCH_CHANNEL, {
      here: () => {
        page.presenceAt.push(epochNow());
        presence = true;
        check();
      },
      joining: () => undefined,
      leaving: () => undefined,
      error: (error) => reject(new Error(`presence: ${JSON.stringify(error)}`)),
    });
    const subscription = liveList$({
      query$: of({ page: 1, per_page: 100 }),
      list: (q) => api.list(q),
      changes: (since) => api.changes(since),
      get: (id) => api.get(id),
      broadcasts$: broadcasts$.pipe(
        tap(({ delta }) => page.heard.add(`${delta.id}:${delta.version}`)),
      ),
      resubscribed$: resubscribed$.pipe(
        tap((item) => {
          if (item === 'subscribed') page.listSubscribedAt.push(epochNow());
          check();
        }),
      ),
    }).subscribe((event) => {
      if (event.type === 'failed') return;
      if (event.type === 'snapshot') {
        page.versions = new Map(event.rows.map((row) => [row.id, row.version]));
        snapshot = true;
        check();
        return;
      }
      for (const row of event.update) page.versions.set(row.id, row.version);
      for (const id of event.remove) page.versions.delete(id);
    });
    page.stop = () => {
      subscription.unsubscribe();
      leave();
      connection.disconnect();
    };
  });
  pages.push(page);
  return ready;
}

serveParent(async (request: StormClientRequest) => {
  switch (request.type) {
    case 'open': {
      const t0 = performance.now();
      const settings = await echoSettings(request.url);
      for (let i = 0; i < request.tokens.length; i += OPEN_BATCH)
        await Promise.all(
          request.tokens
            .slice(i, i + OPEN_BATCH)
            .map((token) => openPage(request.url, settings, token, request.jitterMs)),
        );
      return { pages: pages.length, ms: performance.now() - t0 } satisfies StormOpened;
    }
    case 'report':
      return {
        pages: pages.map((page) => ({
          versions: [...page.versions],
          heard: [...page.heard],
          listSubscribedAt: page.listSubscribedAt,
          presenceAt: page.presenceAt,
          connectedAt: page.connectedAt,
          status: page.connection.status(),
        })),
        authStarts,
        probesAnswered,
      } satisfies StormReport;
    case 'close':
      for (const page of pages.splice(0)) page.stop();
      setImmediate(() => process.exit(0));
      return {};
  }
});
