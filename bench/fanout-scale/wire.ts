// What the fan-out-at-scale parent and its children say to each other (ipc.ts carries it).

/** Every client subscribes to `private-` and `presence-` of this; any signed-in user may. */
export const BENCH_CHANNEL = 'dashboard.home';
export const CHANNELS = [`private-${BENCH_CHANNEL}`, `presence-${BENCH_CHANNEL}`] as const;
export const EVENT = 'bench.tick';

/** A realistic small domain event (an order changed); `sentAt` is epoch ms (epochNow). */
export interface TickPayload {
  seq: number;
  sentAt: number;
  order: { id: string; status: string; version: number; note: string };
}

export type ServerRequest =
  | { type: 'start' }
  | { type: 'sessions'; users: number; sessions: number; roles: string[]; modules: string[] }
  | { type: 'publish'; perSecond: number; seconds: number; firstSeq: number }
  | { type: 'memory' }
  | { type: 'close' };

/** `at`: epochNow() once the server listens. */
export type ServerStarted = { url: string; key: string; at: number };
/** Bearer tokens (without "Bearer "), one per session, users taken in turn. */
export type Sessions = { tokens: string[] };
export type Published = { events: number; firstSeq: number };
/** The server process's memory after a full collection (process.memoryUsage, bytes). */
export type Memory = { rss: number; heapUsed: number; external: number };

export type ClientKind = 'pusher-js' | 'raw-ws';

export type ClientRequest =
  | { type: 'open'; kind: ClientKind; url: string; key: string; tokens: string[] }
  | { type: 'reset' }
  | { type: 'count' }
  | { type: 'report' }
  | { type: 'close' };

export type Opened = { clients: number; ms: number };
export type Count = { delivered: number; lastAt: number };
export type Report = { delivered: number; latencies: number[]; lastAt: number };
