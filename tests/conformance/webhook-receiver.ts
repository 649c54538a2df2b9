import { type Server, createServer } from 'node:http';
import { withTimeout } from './conformance-clients.ts';

// A real HTTP endpoint standing where the app's webhook receiver would: it records every
// POST the realtime server makes, headers and exact body, and answers 200.

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: { time_ms: number; events: Array<Record<string, unknown>> };
}

/** An HTTP endpoint that records every POST; `next` waits for a matching webhook event. */
export class Receiver {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly posts: Received[],
    private readonly waiters: Array<() => void>,
  ) {}

  static async start(): Promise<Receiver> {
    const posts: Received[] = [];
    const waiters: Array<() => void> = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        posts.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] });
        for (const wake of waiters.splice(0)) wake();
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    return new Receiver(server, `http://127.0.0.1:${port}/pusher/webhooks`, posts, waiters);
  }

  events(): Array<Record<string, unknown>> {
    return this.posts.flatMap((p) => p.body.events);
  }

  async next(
    match: (e: Record<string, unknown>) => boolean,
    what: string,
  ): Promise<Record<string, unknown>> {
    return withTimeout(
      (async () => {
        for (;;) {
          const hit = this.events().find(match);
          if (hit) return hit;
          await new Promise<void>((resolve) => this.waiters.push(resolve));
        }
      })(),
      `webhook ${what}`,
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Matches a webhook event by name and channel. */
export const named = (name: string, channel: string) => (e: Record<string, unknown>) =>
  e.name === name && e.channel === channel;
