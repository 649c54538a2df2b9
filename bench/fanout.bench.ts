import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Pusher from 'pusher-js';
import WebSocket, { WebSocketServer } from 'ws';
import { loadConfig } from '../server/config.ts';
import { type RunningServer, startServer } from '../server/main.ts';
import { rawText } from './ws-text.ts';
import { type LatencySummary, envInt, ratio, summarize } from './sample-stats.ts';

// Broadcast fan-out: one public channel, N subscribers, M server events. The same driver runs
// three times in one process with the same N, M and payload:
//   raw         a bare `ws` WebSocketServer looping `send` over N raw `ws` clients (baseline)
//   plantline   the real server (startServer, embedded realtime) and N pusher-js clients
//   plantline+raw-clients  the real server and N raw `ws` clients speaking Pusher protocol 7
// Clients and server share one event loop, so every figure is server cost plus client cost;
// the third run keeps the client side of the baseline and so isolates the server's overhead.
//
// Events go out in bursts; the next burst waits until every client has every event of the last
// one (or a timeout), so queues never grow without bound and the run ends within its budget.

// Both Plantline targets share a server, so each has its own channel to reach only its own N
// clients; the names have the same length so every target sends frames of the same size.
const CHANNEL = 'bench-fanout-1';
const RAW_CLIENTS_CHANNEL = 'bench-fanout-2';
const EVENT = 'bench.tick';
/**
 * The server lets only a signed-in socket (pusher:signin) onto a public channel, so every
 * Plantline client signs in as this user first, outside the measured part of the run.
 */
const BENCH_USER = { id: 'bench-fanout' };
const CONNECT_BATCH = 50;
const BURST_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface FanoutOptions {
  clients: number;
  events: number;
  /** Events published back to back before waiting for delivery. */
  burst: number;
  /** Events sent and drained before measuring, so the JIT has seen the hot path. */
  warmupEvents: number;
  /** The events are split into this many rounds; each round visits every target in turn. */
  rounds: number;
  /** A target stops publishing after this many measured seconds, sent or not. */
  budgetSeconds: number;
}

export interface FanoutRun {
  label: string;
  eventsSent: number;
  expectedDeliveries: number;
  delivered: number;
  lost: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** Bytes of one event frame as the client received it. */
  frameBytes: number;
  latency: LatencySummary;
}

export interface FanoutResult {
  options: FanoutOptions;
  runs: { raw: FanoutRun; plantline: FanoutRun; plantlineRawClients: FanoutRun };
  ratios: {
    /** Plantline with pusher-js deliveries/s ÷ raw deliveries/s. */
    deliveriesPerSecond: number;
    latencyP50: number;
    latencyP99: number;
    /** Same three, Plantline server with raw clients: the server's own share. */
    rawClientsDeliveriesPerSecond: number;
    rawClientsLatencyP50: number;
    rawClientsLatencyP99: number;
  };
}

export function fanoutOptionsFromEnv(): FanoutOptions {
  return {
    clients: envInt('BENCH_CLIENTS', 200, 10),
    events: envInt('BENCH_EVENTS', 2000, 40),
    burst: envInt('BENCH_BURST', 20, 10),
    warmupEvents: envInt('BENCH_WARMUP_EVENTS', 100, 10),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    budgetSeconds: envInt('BENCH_FANOUT_BUDGET_SECONDS', 12, 3),
  };
}

/** A realistic small domain event (an order changed); `sentAt` is performance.now(). */
interface BenchPayload {
  seq: number;
  sentAt: number;
  order: { id: string; status: string; version: number; note: string };
}

function payload(seq: number): BenchPayload {
  return {
    seq,
    sentAt: performance.now(),
    order: {
      id: `po_${String(seq).padStart(8, '0')}`,
      status: 'bottling',
      version: seq,
      note: 'x'.repeat(120),
    },
  };
}

/** Counts deliveries and keeps one latency sample per delivery. */
class Collector {
  private samples: Float64Array;
  private count = 0;
  private waiting: { target: number; resolve: () => void } | undefined;
  lastAt = 0;
  frameBytes = 0;

  constructor(capacity: number) {
    this.samples = new Float64Array(capacity);
  }

  get delivered(): number {
    return this.count;
  }

  record(sentAt: number): void {
    const now = performance.now();
    if (this.count < this.samples.length) this.samples[this.count] = now - sentAt;
    this.count += 1;
    this.lastAt = now;
    if (this.waiting && this.count >= this.waiting.target) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve();
    }
  }

  reset(capacity: number): void {
    this.samples = new Float64Array(capacity);
    this.count = 0;
    this.waiting = undefined;
  }

  /** Resolves true when `target` deliveries have arrived, false on timeout. */
  waitFor(target: number, timeoutMs: number): Promise<boolean> {
    if (this.count >= target) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(false);
      }, timeoutMs);
      this.waiting = {
        target,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
  }

  latencies(): number[] {
    return Array.from(this.samples.subarray(0, Math.min(this.count, this.samples.length)));
  }
}

interface Target {
  label: string;
  collector: Collector;
  publish(data: BenchPayload): Promise<void> | void;
  close(): Promise<void>;
}

/** What one target has done so far in the measured part of the run. */
interface Tally {
  target: Target;
  eventsSent: number;
  seconds: number;
}

/** Publishes `events` in bursts, each drained before the next; returns how many went out. */
async function sendBursts(
  target: Target,
  options: FanoutOptions,
  events: number,
  deadline: number,
): Promise<number> {
  const { collector } = target;
  let sent = 0;
  let expected = collector.delivered;
  while (sent < events && performance.now() < deadline) {
    const size = Math.min(options.burst, events - sent);
    for (let i = 0; i < size; i += 1) await target.publish(payload(sent + i));
    sent += size;
    expected += size * options.clients;
    await collector.waitFor(expected, BURST_TIMEOUT_MS);
  }
  return sent;
}

/** One measured segment: the clock runs from the first publish to the last delivery. */
async function measureSegment(tally: Tally, options: FanoutOptions, events: number): Promise<void> {
  const { collector } = tally.target;
  const before = collector.delivered;
  const started = performance.now();
  const deadline = started + (options.budgetSeconds - tally.seconds) * 1000;
  tally.eventsSent += await sendBursts(tally.target, options, events, deadline);
  const ended = collector.delivered > before ? collector.lastAt : performance.now();
  tally.seconds += (ended - started) / 1000;
}

/**
 * The machine's load drifts over a run, so targets take turns: the events are split into
 * rounds and each round visits every target, starting with a different one each time.
 */
async function measureInterleaved(targets: Target[], options: FanoutOptions): Promise<FanoutRun[]> {
  for (const target of targets)
    await sendBursts(target, options, options.warmupEvents, Number.POSITIVE_INFINITY);
  for (const target of targets) target.collector.reset(options.clients * options.events);
  const tallies: Tally[] = targets.map((target) => ({ target, eventsSent: 0, seconds: 0 }));
  const perRound = Math.ceil(options.events / options.rounds);
  for (let round = 0; round < options.rounds; round += 1) {
    const events = Math.min(perRound, options.events - round * perRound);
    if (events <= 0) break;
    for (let k = 0; k < tallies.length; k += 1) {
      const tally = tallies[(round + k) % tallies.length];
      if (tally) await measureSegment(tally, options, events);
    }
  }
  return tallies.map(({ target, eventsSent, seconds }) => {
    const expectedDeliveries = eventsSent * options.clients;
    const { delivered } = target.collector;
    return {
      label: target.label,
      eventsSent,
      expectedDeliveries,
      delivered,
      lost: Math.max(0, expectedDeliveries - delivered),
      seconds,
      deliveriesPerSecond: delivered / seconds,
      frameBytes: target.collector.frameBytes,
      latency: summarize(target.collector.latencies()),
    };
  });
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = CONNECT_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function inBatches<T>(count: number, open: (index: number) => Promise<T>): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const size = Math.min(CONNECT_BATCH, count - i);
    all.push(...(await Promise.all(Array.from({ length: size }, (_, k) => open(i + k)))));
  }
  return all;
}

type WireFrame = { event?: string; channel?: string; data?: unknown };

/** What a minimal client does with an event frame: parse it, then parse its data. */
function onRawEvent(collector: Collector, text: string): void {
  const frame = JSON.parse(text) as WireFrame;
  if (frame.event !== EVENT || typeof frame.data !== 'string') return;
  collector.frameBytes ||= Buffer.byteLength(text);
  collector.record((JSON.parse(frame.data) as BenchPayload).sentAt);
}

async function openRaw(options: FanoutOptions): Promise<Target> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  const collector = new Collector(options.clients * options.events);
  const clients: WebSocket[] = [];
  try {
    await inBatches(options.clients, () =>
      withTimeout(
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
          clients.push(ws);
          ws.on('message', (raw: WebSocket.RawData) => onRawEvent(collector, rawText(raw)));
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
        'a raw ws client to connect',
      ),
    );
    // The server registers a socket a little after the client sees it open.
    await withTimeout(
      (async () => {
        while (wss.clients.size < options.clients) await new Promise((r) => setImmediate(r));
      })(),
      'the raw server to see every client',
    );
  } catch (error) {
    // Sockets left open would keep the process alive after the error.
    for (const ws of clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    throw error;
  }
  return {
    label: 'raw ws broadcast (baseline)',
    collector,
    publish(data) {
      // Built once per event, exactly as Plantline frames it: data is a JSON string.
      const frame = JSON.stringify({ event: EVENT, channel: CHANNEL, data: JSON.stringify(data) });
      for (const ws of wss.clients) ws.send(frame);
    },
    async close() {
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

async function startPlantline(): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    PLANTLINE_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
  });
  return startServer(config, { logger: false });
}

function portOf(server: RunningServer): number {
  return Number(new URL(server.url).port);
}

/** Signs `pusher` in, then subscribes it; resolves once the subscription has succeeded. */
async function subscribeSignedIn(pusher: Pusher, collector: Collector): Promise<Pusher> {
  pusher.signin();
  // Settles whether the sign-in worked or not; a refused one shows as a subscription error.
  await pusher.user.signinDonePromise;
  const channel = pusher.subscribe(CHANNEL);
  channel.bind(EVENT, (data: BenchPayload) => collector.record(data.sentAt));
  return new Promise<Pusher>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(pusher));
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`pusher-js subscription refused: ${JSON.stringify(error)}`)),
    );
  });
}

async function openPlantlinePusherJs(
  server: RunningServer,
  options: FanoutOptions,
): Promise<Target> {
  const collector = new Collector(options.clients * options.events);
  const port = portOf(server);
  const clients: Pusher[] = [];
  try {
    await inBatches(options.clients, () => {
      const pusher = new Pusher(server.realtime.credentials.key, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        userAuthentication: {
          customHandler: ({ socketId }, callback) =>
            callback(null, server.realtime.authenticateUser(socketId, BENCH_USER)),
        },
      });
      clients.push(pusher);
      return withTimeout(subscribeSignedIn(pusher, collector), 'a pusher-js subscription');
    });
  } catch (error) {
    // Clients left connecting would keep the process alive after the error.
    for (const pusher of clients) pusher.disconnect();
    throw error;
  }
  return {
    label: 'Plantline + pusher-js',
    collector,
    publish: (data) =>
      server.realtime.publisher.publish({ channels: [CHANNEL], event: EVENT, data }),
    close() {
      for (const pusher of clients) pusher.disconnect();
      return Promise.resolve();
    },
  };
}

/** pusher:signin as BENCH_USER, for the socket `connection_established` (its data) names. */
function signinFrame(server: RunningServer, established: unknown) {
  const { socket_id: socketId } = JSON.parse(String(established)) as { socket_id: string };
  return {
    event: 'pusher:signin',
    data: server.realtime.authenticateUser(socketId, BENCH_USER),
  };
}

async function openPlantlineRawClients(
  server: RunningServer,
  options: FanoutOptions,
): Promise<Target> {
  const collector = new Collector(options.clients * options.events);
  const url = `ws://127.0.0.1:${portOf(server)}/app/${server.realtime.credentials.key}?protocol=7&client=bench&version=1`;
  const clients: WebSocket[] = [];
  try {
    await inBatches(options.clients, () =>
      withTimeout(
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          clients.push(ws);
          ws.on('message', (raw: WebSocket.RawData) => {
            const text = rawText(raw);
            const frame = JSON.parse(text) as WireFrame;
            switch (frame.event) {
              case 'pusher:connection_established':
                ws.send(JSON.stringify(signinFrame(server, frame.data)));
                break;
              case 'pusher:signin_success':
                ws.send(
                  JSON.stringify({
                    event: 'pusher:subscribe',
                    data: { channel: RAW_CLIENTS_CHANNEL },
                  }),
                );
                break;
              case 'pusher_internal:subscription_succeeded':
                resolve(ws);
                break;
              case 'pusher:subscription_error':
                reject(new Error(`raw subscription refused: ${text}`));
                break;
              case 'pusher:ping':
                ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
                break;
              default:
                onRawEvent(collector, text);
            }
          });
          ws.once('error', reject);
        }),
        'a raw Pusher-protocol subscription',
      ),
    );
  } catch (error) {
    for (const ws of clients) ws.terminate();
    throw error;
  }
  return {
    label: 'Plantline + raw ws clients',
    collector,
    publish: (data) =>
      server.realtime.publisher.publish({ channels: [RAW_CLIENTS_CHANNEL], event: EVENT, data }),
    close() {
      for (const ws of clients) ws.terminate();
      return Promise.resolve();
    },
  };
}

export async function runFanoutBench(options: FanoutOptions): Promise<FanoutResult> {
  const server = await startPlantline();
  const targets: Target[] = [];
  try {
    targets.push(await openRaw(options));
    targets.push(await openPlantlinePusherJs(server, options));
    targets.push(await openPlantlineRawClients(server, options));
    const [raw, plantline, plantlineRawClients] = await measureInterleaved(targets, options);
    if (!raw || !plantline || !plantlineRawClients)
      throw new Error('a fan-out target produced no result');
    // pusher-js hides its frames; the raw clients saw the same server frame.
    plantline.frameBytes ||= plantlineRawClients.frameBytes;
    return {
      options,
      runs: { raw, plantline, plantlineRawClients },
      ratios: {
        deliveriesPerSecond: ratio(plantline.deliveriesPerSecond, raw.deliveriesPerSecond),
        latencyP50: ratio(plantline.latency.p50Ms, raw.latency.p50Ms),
        latencyP99: ratio(plantline.latency.p99Ms, raw.latency.p99Ms),
        rawClientsDeliveriesPerSecond: ratio(
          plantlineRawClients.deliveriesPerSecond,
          raw.deliveriesPerSecond,
        ),
        rawClientsLatencyP50: ratio(plantlineRawClients.latency.p50Ms, raw.latency.p50Ms),
        rawClientsLatencyP99: ratio(plantlineRawClients.latency.p99Ms, raw.latency.p99Ms),
      },
    };
  } finally {
    // Clients leave before the server closes, so none is told (4200) to reconnect.
    for (const target of targets) await target.close();
    await server.close();
  }
}
