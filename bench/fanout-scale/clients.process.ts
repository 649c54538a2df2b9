import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { createAuthLimiter } from '../../src/api/auth-limiter.ts';
import type { AppConfig } from '../../src/api/auth.types.ts';
import {
  limitedEchoOptions,
  nudgeReconnects,
  spreadResubscriptions,
  websocketProbeUrl,
} from '../../src/api/echo-client.ts';
import { epochNow } from '../epoch-now.ts';
import { rawText } from '../ws-text.ts';
import { serveParent } from './ipc.ts';
import {
  CHANNELS,
  type ClientRequest,
  EVENT,
  type Count,
  type Opened,
  type Report,
  type TickPayload,
} from './wire.ts';

// A share of the fan-out bench's clients, in a process of its own so that a thousand clients
// use every core the machine has instead of the server's event loop:
//   pusher-js  the browser's own client: pusher-js with the options and limited channel
//              authorisation of src/api/echo-client.ts, through the server's real
//              /api/broadcasting/auth with a real session; a private and a presence channel
//   raw-ws     bare `ws` clients that parse each frame and then its data (the baseline's)
// Each delivery is one latency sample: epochNow() at the callback − the event's sentAt.

const OPEN_BATCH = 50;
const SUBSCRIBE_TIMEOUT_MS = 60_000;

let latencies: number[] = [];
let delivered = 0;
let lastAt = 0;
const closers: (() => void)[] = [];

function record(data: TickPayload): void {
  const now = epochNow();
  latencies.push(now - data.sentAt);
  delivered += 1;
  lastAt = now;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${what}`)),
      SUBSCRIBE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function echoSettings(url: string): Promise<AppConfig['echo']> {
  const response = await fetch(`${url}/api/config`);
  const body = (await response.json()) as { data: AppConfig };
  return body.data.echo;
}

async function openPusher(url: string, tokens: string[]): Promise<void> {
  const settings = await echoSettings(url);
  const where = new URL(url);
  const page = { hostname: where.hostname, port: where.port, protocol: where.protocol };
  const open = async (token: string) => {
    const limiter = createAuthLimiter();
    const options = limitedEchoOptions(settings, `Bearer ${token}`, page, limiter);
    const pusher = new Pusher(settings.key, { ...options, disableStats: true });
    spreadResubscriptions(pusher, limiter);
    nudgeReconnects(pusher, websocketProbeUrl(options));
    closers.push(() => pusher.disconnect());
    await withTimeout(
      Promise.all(
        CHANNELS.map(
          (name) =>
            new Promise<void>((resolve, reject) => {
              const channel = pusher.subscribe(name);
              channel.bind(EVENT, record);
              channel.bind('pusher:subscription_succeeded', () => resolve());
              channel.bind('pusher:subscription_error', (error: unknown) =>
                reject(new Error(`${name}: ${JSON.stringify(error)}`)),
              );
            }),
        ),
      ),
      'a pusher-js subscription',
    );
  };
  for (let i = 0; i < tokens.length; i += OPEN_BATCH)
    await Promise.all(tokens.slice(i, i + OPEN_BATCH).map(open));
}

async function openRaw(url: string, count: number): Promise<void> {
  const wsUrl = url.replace(/^http/, 'ws');
  const open = () =>
    withTimeout(
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${wsUrl}/`);
        ws.on('message', (raw: WebSocket.RawData) => {
          const frame = JSON.parse(rawText(raw)) as { event?: string; data?: unknown };
          if (frame.event === EVENT && typeof frame.data === 'string')
            record(JSON.parse(frame.data) as TickPayload);
        });
        ws.once('open', () => resolve());
        ws.once('error', reject);
        closers.push(() => ws.terminate());
      }),
      'a raw ws client to connect',
    );
  for (let i = 0; i < count; i += OPEN_BATCH)
    await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, count - i) }, open));
}

serveParent(async (request: ClientRequest) => {
  switch (request.type) {
    case 'open': {
      const t0 = performance.now();
      if (request.kind === 'raw-ws') await openRaw(request.url, request.tokens.length);
      else await openPusher(request.url, request.tokens);
      return { clients: request.tokens.length, ms: performance.now() - t0 } satisfies Opened;
    }
    case 'reset':
      latencies = [];
      delivered = 0;
      lastAt = 0;
      return {};
    case 'count':
      return { delivered, lastAt } satisfies Count;
    case 'report':
      return { delivered, latencies, lastAt } satisfies Report;
    case 'close':
      for (const close of closers.splice(0)) close();
      setImmediate(() => process.exit(0));
      return {};
  }
});
