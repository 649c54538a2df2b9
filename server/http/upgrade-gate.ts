import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';
import { trustedProxy } from './trusted-proxy.ts';

// Who may open a websocket, decided before the upgrade. A browser always sends Origin, so a
// page on another site cannot ride a signed-in user's connection (cross-site websocket
// hijacking); clients that are not browsers (the SDKs, the simulator) send none and are let
// through, as they could forge any Origin anyway. Connections are anonymous until a channel
// is authorised, so each address may hold only so many, which keeps one caller from
// exhausting the server's sockets.

/** Answers null to let the upgrade go on, or the HTTP status line to refuse it with. */
export type UpgradeGate = (request: IncomingMessage, socket: Duplex) => string | null;

export function createUpgradeGate(config: Config): UpgradeGate {
  const allowed = new Set(config.WS_ALLOWED_ORIGINS.map((o) => o.toLowerCase()));
  const trust = trustedProxy(config.TRUST_PROXY);
  const open = new Map<string, number>();

  return (request, socket) => {
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      !sameOrigin(origin, request) &&
      !allowed.has(origin.toLowerCase())
    ) {
      return '403 Forbidden';
    }
    const address = proxyAddr(request, trust);
    const count = open.get(address) ?? 0;
    if (count >= config.WS_MAX_CONNECTIONS_PER_ADDRESS) return '429 Too Many Requests';
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    return null;
  };
}

// Same origin: the page's host:port is the one the browser addressed this server by.
function sameOrigin(origin: string, request: IncomingMessage): boolean {
  try {
    return new URL(origin).host.toLowerCase() === (request.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}
