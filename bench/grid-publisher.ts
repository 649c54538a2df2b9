import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import Pusher from 'pusher';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { authenticateUser, type UserAuthentication } from '../server/realtime/signatures.ts';
import { startServerProcess } from '../tests/support/server-process.ts';

// Where the grid bench's row updates come from. `process` (the default): the Plantline server
// runs in a process of its own and the bench sends it events through its Pusher HTTP API, in
// batches of 10 as a backend would, so the publisher and the bench do not share an event loop.
// `inline`: the server runs in the bench's process and the bench calls its publisher directly
// (the first runs measured this way; at 3,500/s the shared loop got out only 2,387/s).

export type GridPublisherKind = 'process' | 'inline';

export type GridEvent = { channel: string; event: string; data: unknown };

export interface GridPublisher {
  kind: GridPublisherKind;
  port: number;
  key: string;
  publish(events: readonly GridEvent[]): Promise<void>;
  /**
   * pusher:signin's answer for a socket of the page. The server lets only a signed-in socket
   * onto a public channel, so the page signs in through the bench (which holds the app's
   * secret) as it would through its backend.
   */
  signIn(socketId: string): UserAuthentication;
  close(): Promise<void>;
}

const PAGE_USER = { id: 'grid-bench' };

const BATCH = 10;

export function gridPublisherFromEnv(): GridPublisherKind {
  return process.env.BENCH_GRID_PUBLISHER === 'inline' ? 'inline' : 'process';
}

/**
 * Starts the server the page listens to. `pageOrigin` is where the bench page is served from:
 * another origin than this server's, so it is allowed as a deployment would allow a separate
 * front end (WS_ALLOWED_ORIGINS); otherwise the websocket origin check refuses the page.
 */
export async function startGridPublisher(
  kind: GridPublisherKind,
  pageOrigin: string,
): Promise<GridPublisher> {
  const app = { appId: 'bench', key: 'bench-key', secret: randomBytes(16).toString('hex') };
  const env = {
    DATA_DIR: 'memory://',
    PLANTLINE_DEMO: '0',
    PLANTLINE_SIMULATE: '0',
    LOG_LEVEL: 'silent',
    PUSHER_APP_ID: app.appId,
    PUSHER_APP_KEY: app.key,
    PUSHER_APP_SECRET: app.secret,
    WS_ALLOWED_ORIGINS: pageOrigin,
  };
  const signIn = (socketId: string) =>
    authenticateUser({ id: app.appId, key: app.key, secret: app.secret }, socketId, PAGE_USER);
  if (kind === 'inline') {
    const server = await startServer(loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1' }), {
      logger: false,
    });
    const address = server.app.server.address();
    return {
      kind,
      port: typeof address === 'object' && address ? address.port : 0,
      key: app.key,
      publish: async (events) => {
        await Promise.all(
          events.map((e) =>
            server.realtime.publisher.publish({
              channels: [e.channel],
              event: e.event,
              data: e.data,
            }),
          ),
        );
      },
      signIn,
      close: () => server.close(),
    };
  }
  const server = await startServerProcess(env);
  const url = new URL(server.url);
  // Kept-alive connections, as a backend publishing all day keeps them: without them every
  // batch opened a TCP connection, and above 5,000 updates/s that, not the page, set the rate.
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const pusher = new Pusher({ ...app, host: url.hostname, port: url.port, useTLS: false, agent });
  return {
    kind,
    port: Number(url.port),
    key: app.key,
    publish: async (events) => {
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < events.length; i += BATCH) {
        sends.push(
          pusher.triggerBatch(
            events
              .slice(i, i + BATCH)
              .map((e) => ({ channel: e.channel, name: e.event, data: e.data })),
          ),
        );
      }
      await Promise.all(sends);
    },
    signIn,
    close: async () => {
      agent.destroy();
      await server.stop();
    },
  };
}
