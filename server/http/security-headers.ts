import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

// The browser's defences, set on every answer. The SPA is all files of its own origin (no
// inline script, no eval), so scripts come from 'self' only. Mantine and ag-grid write <style>
// tags at run time, which is why style-src alone keeps 'unsafe-inline'. Nothing may frame the
// console (a clickjacked "approve" is still an approval).
//
// Helmet's middleware is built once. @fastify/helmet built it again for every request
// (parsing the policy each time): a few percent of a busy server's time.

const YEAR_SECONDS = 31_536_000;
const API_PATH = /^\/(api|apps)(\/|\?|$)/;

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // QR labels are drawn as data: SVGs; exports download through blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin websocket (ws: and wss: of this host) in CSP 3.
        connectSrc: ["'self'", ...externalPusherOrigins(config)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent only over TLS (below): on plain http a browser ignores it, and saying it there would
    // only mislead whoever reads the headers.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY trusts.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${YEAR_SECONDS}; includeSubDomains`);
    }
    // API answers carry one person's data; no shared or browser cache may keep them.
    if (API_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

function externalPusherOrigins(config: Config): string[] {
  if (!config.PUSHER_HOST) return [];
  const port = config.PUSHER_PORT ? `:${config.PUSHER_PORT}` : '';
  const secure = config.PUSHER_SCHEME === 'https';
  return [
    `${secure ? 'wss' : 'ws'}://${config.PUSHER_HOST}${port}`,
    `${secure ? 'https' : 'http'}://${config.PUSHER_HOST}${port}`,
  ];
}
