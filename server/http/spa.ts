import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendNotFound } from './error-handler.ts';

// The built SPA from dist/: hashed assets cached for a year, index.html never cached, and any
// other browser path answered with index.html so client-side routes survive a reload.

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(distDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  // `/` itself is the SPA's entry, not a directory listing of dist/.
  if (built) app.get('/', (_request, reply) => sendIndex(reply));

  // `/app/{key}` is the websocket's path: a plain GET there is how a page that lost its
  // connection asks whether the server is back (reconnect-nudge.ts), a thousand pages at once
  // after a restart. Its own route answers 404 without the file system: through the static
  // wildcard each probe cost a stat and a readdir of dist/ (5 % of a restarted server's busy
  // return in the storm's profile), and without dist/ the SPA's 503 read as "still down".
  app.route({
    method: ['GET', 'HEAD'],
    url: '/app/*',
    handler: (_request, reply) => sendNotFound(reply),
  });

  app.setNotFoundHandler((request, reply) => {
    if (/^\/(api|apps?)(\/|$)/.test(request.url) || !['GET', 'HEAD'].includes(request.method)) {
      return sendNotFound(reply);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The Plantline web app is not built yet: run `npm run build` (npm start does it).');
    }
    return sendIndex(reply);
  });
}
