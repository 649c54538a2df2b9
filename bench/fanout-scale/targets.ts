import { randomBytes } from 'node:crypto';
import { type Child, forkChild, REQUEST_TIMEOUT_MS } from './ipc.ts';
import type {
  ClientKind,
  Count,
  Memory,
  Opened,
  Published,
  Report,
  ServerStarted,
  Sessions,
} from './wire.ts';

// The parent's side of a fan-out target: its server processes (one, or two sharing Redis),
// its client processes (each talking to one server, taken in turn), and the calls a
// measurement makes on them. Every process is a child of the bench and ends with it.

const SERVER = new URL('./server.process.ts', import.meta.url);
const CLIENTS = new URL('./clients.process.ts', import.meta.url);

export type TargetKind = 'raw' | 'plantline' | 'cluster';

export interface TargetSetup {
  kind: TargetKind;
  clients: number;
  processes: number;
  /** Distinct users among the sessions, per server (presence holds at most 100). */
  users: number;
  /** Server processes of a cluster (2 unless set); one for the others. */
  clusterServers?: number;
  redisUrl?: string;
}

/** What the servers grew by per connected, subscribed, idle client (bytes). */
export interface SocketMemory {
  rss: number;
  /** The JavaScript heap and the buffers outside it. */
  heapAndExternal: number;
}

export interface Target {
  label: string;
  kind: TargetKind;
  servers: Child[];
  clientProcs: Child[];
  /** ms to connect and subscribe every client, the slowest process. */
  openMs: number;
  /** Unset for the raw baseline, whose server is not Plantline's. */
  memoryPerSocket?: SocketMemory;
}

/** The environment of a Plantline server process: empty in-memory database, no demo. */
export function plantlineEnv(secret: string, appId: string, extra: Record<string, string> = {}) {
  return {
    BENCH_SERVER_KIND: 'plantline',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    // The process inherits the bench's environment, where DATABASE_URL may name a shared
    // database (for the PostgreSQL benches); empty is unset, so the server keeps to DATA_DIR.
    DATABASE_URL: '',
    PLANTLINE_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUSHER_APP_ID: appId,
    PUSHER_APP_SECRET: secret,
    // Every bench client comes from 127.0.0.1; in a plant they come from many addresses.
    WS_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    ...extra,
  };
}

/** Splits `total` into `parts` shares that differ by at most one. */
export function shares(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor((total + parts - 1 - i) / parts));
}

function label(kind: TargetKind, servers: number): string {
  if (kind === 'raw') return 'raw ws broadcast (baseline)';
  if (kind === 'plantline') return 'Plantline, 1 process + pusher-js';
  return `Plantline, ${servers} processes + Redis + pusher-js`;
}

/** How long the sockets settle after the last subscription before memory is read. */
const SETTLE_MS = 1_000;
/**
 * How long a client process may take to open its share: every pusher-js client signs in to two
 * channels, so the time grows with the clients (10,000 in four processes took 217 s to subscribe
 * through one server on a 2-core machine, where the flat default failed the run).
 */
const openTimeoutMs = (clients: number) => REQUEST_TIMEOUT_MS + 100 * clients;

async function memoryOf(servers: Child[]): Promise<Memory> {
  const all = await Promise.all(servers.map((s) => s.request<Memory>({ type: 'memory' })));
  return {
    rss: all.reduce((sum, m) => sum + m.rss, 0),
    heapUsed: all.reduce((sum, m) => sum + m.heapUsed, 0),
    external: all.reduce((sum, m) => sum + m.external, 0),
  };
}

/** Opens a target; if any step fails, its processes are killed before the error goes on. */
export async function openTarget(setup: TargetSetup): Promise<Target> {
  const forked: Child[] = [];
  try {
    return await openTargetIn(setup, forked);
  } catch (error) {
    for (const child of forked) child.process.kill();
    throw error;
  }
}

async function openTargetIn(setup: TargetSetup, forked: Child[]): Promise<Target> {
  const serverCount = setup.kind === 'cluster' ? (setup.clusterServers ?? 2) : 1;
  // A run of its own in Redis: other runs and tests may share the same Redis.
  const appId = `bench-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  const env =
    setup.kind === 'raw'
      ? { BENCH_SERVER_KIND: 'raw', PORT: '0' }
      : plantlineEnv(secret, appId, setup.redisUrl ? { REDIS_URL: setup.redisUrl } : {});
  const servers = Array.from({ length: serverCount }, () => forkChild(SERVER, env));
  forked.push(...servers);
  const started = await Promise.all(
    servers.map((s) => s.request<ServerStarted>({ type: 'start' })),
  );
  const perProcess = shares(setup.clients, setup.processes);
  // Sessions live in each server's own database; a client signs in where it connects.
  const tokensOf = await Promise.all(
    servers.map(async (server, s) => {
      const wanted = perProcess.filter((_, p) => p % serverCount === s).reduce((a, b) => a + b, 0);
      if (setup.kind === 'raw') return Array.from({ length: wanted }, () => '');
      const { tokens } = await server.request<Sessions>({
        type: 'sessions',
        users: Math.min(setup.users, wanted),
        sessions: wanted,
        roles: ['supervisor'],
        modules: [],
      });
      return tokens;
    }),
  );
  const before = setup.kind === 'raw' ? undefined : await memoryOf(servers);
  const clientProcs = perProcess.map(() => forkChild(CLIENTS, {}));
  forked.push(...clientProcs);
  const kind: ClientKind = setup.kind === 'raw' ? 'raw-ws' : 'pusher-js';
  const opened = await Promise.all(
    clientProcs.map((proc, p) => {
      const s = p % serverCount;
      const tokens = tokensOf[s]?.splice(0, perProcess[p] ?? 0) ?? [];
      const where = started[s];
      if (!where) throw new Error('a server did not start');
      return proc.request<Opened>(
        { type: 'open', kind, url: where.url, key: where.key, tokens },
        openTimeoutMs(tokens.length),
      );
    }),
  );
  let memoryPerSocket: SocketMemory | undefined;
  if (before) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const after = await memoryOf(servers);
    memoryPerSocket = {
      rss: (after.rss - before.rss) / setup.clients,
      heapAndExternal:
        (after.heapUsed + after.external - before.heapUsed - before.external) / setup.clients,
    };
  }
  return {
    label: label(setup.kind, serverCount),
    kind: setup.kind,
    servers,
    clientProcs,
    openMs: Math.max(...opened.map((o) => o.ms)),
    ...(memoryPerSocket ? { memoryPerSocket } : {}),
  };
}

export async function counts(target: Target): Promise<{ delivered: number; lastAt: number }> {
  const all = await Promise.all(target.clientProcs.map((c) => c.request<Count>({ type: 'count' })));
  return {
    delivered: all.reduce((sum, c) => sum + c.delivered, 0),
    lastAt: Math.max(0, ...all.map((c) => c.lastAt)),
  };
}

export async function reports(target: Target): Promise<Report[]> {
  return Promise.all(target.clientProcs.map((c) => c.request<Report>({ type: 'report' })));
}

export async function reset(target: Target): Promise<void> {
  await Promise.all(target.clientProcs.map((c) => c.request({ type: 'reset' })));
}

/** Publishes from the first server; in a cluster the other server's clients hear it via Redis. */
export function publish(target: Target, perSecond: number, seconds: number, firstSeq: number) {
  const first = target.servers[0];
  if (!first) throw new Error('no server');
  return first.request<Published>(
    { type: 'publish', perSecond, seconds, firstSeq },
    (seconds + 60) * 1000,
  );
}

/** Clients leave first, so no server tells them (4200) to reconnect. */
export async function closeTarget(target: Target): Promise<void> {
  await Promise.all(
    target.clientProcs.map((c) => c.request({ type: 'close' }).catch(() => undefined)),
  );
  await Promise.all(target.servers.map((s) => s.request({ type: 'close' }).catch(() => undefined)));
  await Promise.all([...target.clientProcs, ...target.servers].map((c) => c.exited));
}
