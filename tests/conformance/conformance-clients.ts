import Pusher, { type Options } from 'pusher-js';
import WebSocket from 'ws';
import { waitFor as withTimeout } from '../support/echo-client.ts';
import type { RealtimeNode } from '../support/realtime-harness.ts';
import { TEST_APP } from '../support/realtime-harness.ts';

// Real clients for the conformance suites: pusher-js (its Node build) configured the way the
// browser bundle is, and a raw `ws` client for what pusher-js hides (frames, close codes).
// Waits always end in an event or a timeout error, never in a sleep.

export const WAIT_MS = 5_000;

// The shared wait of tests/support, under the name these suites use.
export { withTimeout };

export function pusherOptions(node: RealtimeNode, user?: string): Options {
  const headers: Record<string, string> = user ? { Authorization: `Bearer ${user}` } : {};
  return {
    cluster: 'local',
    wsHost: node.host,
    wsPort: node.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${node.baseUrl}/broadcasting/auth`,
      transport: 'ajax',
      headers,
    },
    userAuthentication: {
      endpoint: `${node.baseUrl}/broadcasting/user-auth`,
      transport: 'ajax',
      headers,
    },
  };
}

const opened: Pusher[] = [];

/** A connected pusher-js client; `disconnectAll` in afterEach closes it. */
export async function connectPusher(
  node: RealtimeNode,
  user?: string,
  extra: Partial<Options> = {},
): Promise<Pusher> {
  const pusher = new Pusher(TEST_APP.key, { ...pusherOptions(node, user), ...extra });
  opened.push(pusher);
  await withTimeout(
    new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve())),
    'pusher-js to connect',
  );
  return pusher;
}

export function disconnectAll(): void {
  for (const pusher of opened.splice(0)) pusher.disconnect();
}

interface Bindable {
  bind(event: string, callback: (data: unknown, metadata?: unknown) => void): unknown;
  unbind(event: string, callback: (data: unknown, metadata?: unknown) => void): unknown;
}

/** Next occurrence of `event` on a channel or connection, with its metadata. */
export function nextEvent<T = unknown>(
  target: Bindable,
  event: string,
  ms = WAIT_MS,
): Promise<{ data: T; metadata: unknown }> {
  let handler: (data: unknown, metadata?: unknown) => void = () => undefined;
  const wait = new Promise<{ data: T; metadata: unknown }>((resolve) => {
    handler = (data, metadata) => resolve({ data: data as T, metadata });
    target.bind(event, handler);
  });
  return withTimeout(wait, `"${event}"`, ms).finally(() => target.unbind(event, handler));
}

/** Collects every occurrence, for "received exactly these" assertions after a later marker. */
export function recordEvents(target: Bindable, event: string): unknown[] {
  const seen: unknown[] = [];
  target.bind(event, (data: unknown) => seen.push(data));
  return seen;
}

export interface WireFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
  /** `data` exactly as it came over the wire, before any decoding. */
  wire?: unknown;
}

/** A raw websocket speaking the protocol by hand; frames' `data` is decoded like pusher-js does. */
export class RawClient {
  readonly frames: WireFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as WireFrame;
      frame.wire = frame.data;
      if (typeof frame.data === 'string') {
        try {
          frame.data = JSON.parse(frame.data) as unknown;
        } catch {
          // Relayed payloads need not be JSON.
        }
      }
      this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(
    node: RealtimeNode,
    path = `/app/${TEST_APP.key}?protocol=7&client=js&version=8.6.0`,
  ): Promise<RawClient> {
    const ws = new WebSocket(`ws://${node.host}:${node.port}${path}`);
    const client = new RawClient(ws);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
      'websocket open',
    );
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame, at or after `from`, that matches; returns it and its index. */
  async next(
    match: (f: WireFrame) => boolean,
    what: string,
    ms = WAIT_MS,
    from = 0,
  ): Promise<WireFrame> {
    const find = () => this.frames.slice(from).find(match);
    return withTimeout(
      (async () => {
        for (;;) {
          const hit = find();
          if (hit) return hit;
          await new Promise<void>((resolve) => this.waiters.push(resolve));
        }
      })(),
      what,
      ms,
    );
  }

  event(name: string, ms = WAIT_MS): Promise<WireFrame> {
    return this.next((f) => f.event === name, name, ms);
  }

  async socketId(): Promise<string> {
    const frame = await this.event('pusher:connection_established');
    return (frame.data as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.close();
  }
}
