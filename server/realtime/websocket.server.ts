import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ClosingWebSocket } from './closing-websocket.ts';
import { Connection, type ConnectionOptions } from './connection.ts';
import type { AppCredentials } from './credentials.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import type { RealtimeLogger } from './realtime-logger.ts';
import { ErrorCode, Limits, errorFrame } from './protocol.ts';
import { DEFAULT_LIMITS, maxClientFrameBytes } from './realtime-limits.ts';

// Takes over HTTP upgrades on `/app/{key}` and turns each into a Connection. The app serves
// nothing else over websockets, so any other upgrade path gets a plain HTTP 404 unless the
// caller (e.g. a dev server sharing the port with Vite HMR) asks us to leave it alone.

export interface AttachOptions extends ConnectionOptions {
  app: AppCredentials;
  hub: RealtimeHub;
  logger: RealtimeLogger;
  /** Default true: answer 404 to upgrades on other paths. False leaves them to other listeners. */
  rejectOtherPaths?: boolean;
  /** Decides each upgrade first (Origin, connections per address): null admits it, else the status line. */
  admit?: (request: IncomingMessage, socket: Duplex) => string | null;
}

export interface AttachedRealtime {
  /** Sends 4200 to every client (they reconnect at once, elsewhere) and stops accepting upgrades. */
  close(): Promise<void>;
}

const APP_PATH = /^\/app\/([^/]+)\/?$/;

export function attachRealtime(httpServer: Server, options: AttachOptions): AttachedRealtime {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const maxPayload = Math.max(Limits.maxWsPayloadBytes, maxClientFrameBytes(limits));
  const wss = new WebSocketServer({ noServer: true, maxPayload, clientTracking: false, WebSocket: ClosingWebSocket });
  const live = new Set<Connection>();
  let closing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const match = APP_PATH.exec(path);
    if (!match) {
      if (options.rejectOtherPaths !== false) refuse(socket, '404 Not Found');
      return;
    }
    if (closing) return refuse(socket, '503 Service Unavailable');
    const refusal = options.admit?.(request, socket) ?? null;
    if (refusal !== null) return refuse(socket, refusal);
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (decodeURIComponent(match[1] ?? '') !== options.app.key) {
        // pusher-js reads 4001 as "never retry": a wrong key will not fix itself.
        ws.send(errorFrame(ErrorCode.appNotFound, 'App key not found'));
        ws.close(ErrorCode.appNotFound, 'App key not found');
        return;
      }
      if (limits.maxConnections !== undefined && live.size >= limits.maxConnections) {
        // 4004 is Pusher's "over connection quota": pusher-js gives up instead of retrying.
        ws.send(errorFrame(ErrorCode.overConnectionQuota, 'Over connection quota'));
        ws.close(ErrorCode.overConnectionQuota, 'Over connection quota');
        return;
      }
      const connection = new Connection(ws, { app: options.app, hub: options.hub, logger: options.logger, options });
      live.add(connection);
      ws.on('close', () => {
        void connection.settled().then(() => live.delete(connection));
      });
      connection.start();
    });
  };

  httpServer.on('upgrade', onUpgrade);

  return {
    async close() {
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      const all = [...live];
      options.hub.closeAll();
      await Promise.all(all.map((c) => c.settled()));
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
