import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { loadConfig } from '../../server/config.ts';
import { type RunningServer, startServer } from '../../server/main.ts';
import { epochNow } from '../epoch-now.ts';
import { createBenchSessions } from './bench-sessions.ts';
import { serveParent } from './ipc.ts';
import {
  CHANNELS,
  EVENT,
  type Memory,
  type Published,
  type ServerRequest,
  type ServerStarted,
  type TickPayload,
} from './wire.ts';

// One server of the fan-out-at-scale bench, in a process of its own (forked by the parent):
//   BENCH_SERVER_KIND=plantline  the real server (startServer), configured by the environment
//                                the parent passes (PORT, DATA_DIR, REDIS_URL, …)
//   BENCH_SERVER_KIND=raw        a bare `ws` WebSocketServer: per event one JSON.stringify of a
//                                Pusher-shaped frame, then `send` to every socket (baseline)
// It publishes here, in the server's process, and stamps each event as it goes out, so the
// latency a client measures is publish → its callback and nothing of the parent's IPC.

type Server = {
  started: ServerStarted;
  publish(channel: string, data: TickPayload): Promise<void> | void;
  db?: RunningServer['database']['db'];
  close(): Promise<void>;
};

function payload(seq: number): TickPayload {
  return {
    seq,
    sentAt: epochNow(),
    order: {
      id: `po_${String(seq).padStart(8, '0')}`,
      status: 'bottling',
      version: seq,
      note: 'x'.repeat(120),
    },
  };
}

async function startPlantline(): Promise<Server> {
  const server = await startServer(loadConfig(process.env), { logger: false });
  return {
    started: { url: server.url, key: server.realtime.credentials.key, at: epochNow() },
    publish: (channel, data) =>
      server.realtime.publisher.publish({ channels: [channel], event: EVENT, data }),
    db: server.database.db,
    close: () => server.close(),
  };
}

async function startRaw(): Promise<Server> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  return {
    started: { url: `http://127.0.0.1:${port}`, key: 'raw', at: epochNow() },
    publish(channel, data) {
      // Built once per event, exactly as Plantline frames it: data is a JSON string.
      const frame = JSON.stringify({ event: EVENT, channel, data: JSON.stringify(data) });
      for (const ws of wss.clients) ws.send(frame);
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - epochNow())));

/** `perSecond` events on each channel for `seconds`, on a fixed schedule (no catch-up bursts). */
async function publishRun(server: Server, request: Extract<ServerRequest, { type: 'publish' }>) {
  const period = 1000 / request.perSecond;
  const count = Math.round(request.perSecond * request.seconds);
  const start = epochNow();
  for (let i = 0; i < count; i += 1) {
    await sleepUntil(start + i * period);
    for (const channel of CHANNELS) await server.publish(channel, payload(request.firstSeq + i));
  }
  return { events: count, firstSeq: request.firstSeq } satisfies Published;
}

let server: Server | undefined;

serveParent(async (request: ServerRequest) => {
  switch (request.type) {
    case 'start':
      server = process.env.BENCH_SERVER_KIND === 'raw' ? await startRaw() : await startPlantline();
      return server.started;
    case 'sessions': {
      if (!server?.db) throw new Error('sessions need a Plantline server');
      const tokens = await createBenchSessions(server.db, {
        users: request.users,
        sessions: request.sessions,
        roles: request.roles,
        modules: request.modules,
        prefix: `bench${process.pid}-`,
      });
      return { tokens };
    }
    case 'publish':
      if (!server) throw new Error('not started');
      return publishRun(server, request);
    case 'memory': {
      globalThis.gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      return { rss, heapUsed, external } satisfies Memory;
    }
    case 'close':
      await server?.close();
      server = undefined;
      setImmediate(() => process.exit(0));
      return {};
  }
});
