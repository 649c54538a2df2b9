import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { registerMetrics } from './metrics.ts';
import { readinessProbe } from './readiness.ts';

// The endpoints orchestrators and monitoring call, outside /api and without a session:
// /healthz (the process answers), /readyz (it can serve: database, migrations, Redis) and
// /metrics (Prometheus, for loopback or a bearer of METRICS_TOKEN), as the README describes.

export function registerOpsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const readiness = readinessProbe(deps.database, deps.config.REDIS_URL);
  app.addHook('onClose', () => readiness.close());
  const metrics = registerMetrics(app, deps);

  app.get('/healthz', async () => ({ status: 'alive' }));

  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness.probe();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, deps.config.METRICS_TOKEN)) {
      return reply.code(403).send({
        status: false,
        message: 'Metrics are served to loopback, or to a bearer of METRICS_TOKEN',
      });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  // request.ip is the client behind a trusted proxy (TRUST_PROXY), so a proxy on this host
  // does not make every caller look local.
  if (LOOPBACK.test(request.ip)) return true;
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
