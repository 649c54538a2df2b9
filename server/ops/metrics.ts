import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import type { Realtime } from '../realtime/realtime.factory.ts';

// Prometheus metrics of one server; the README's "Health, readiness, metrics and shutdown"
// lists them. The process's own (event-loop lag, memory, CPU, handles) are registered once
// per process, at the first scrape, so servers never scraped (the suites start hundreds) pay
// nothing for them.

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type ServerMetrics = { scrape(): Promise<{ contentType: string; body: string }> };

export function registerMetrics(
  app: FastifyInstance,
  deps: { database: Database; realtime: Realtime },
): ServerMetrics {
  const registry = new Registry();

  const latency = new Histogram({
    name: 'plantline_http_request_duration_seconds',
    help: 'Time from a request arriving to its reply being sent, by route template',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The template (/api/sales/orders/:id), never the path: one series per route, not per row.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'plantline_websocket_connections',
    help: 'Websocket connections open on this node',
    registers: [registry],
    collect() {
      this.set(deps.realtime.stats().connections);
    },
  });
  new Gauge({
    name: 'plantline_websocket_channels',
    help: 'Channels at least one socket on this node is subscribed to',
    registers: [registry],
    collect() {
      this.set(deps.realtime.stats().channels);
    },
  });
  let counted = 0;
  new Counter({
    name: 'plantline_broadcasts_total',
    help: 'Server events published through this node (rate() gives broadcasts per second)',
    registers: [registry],
    collect() {
      const now = deps.realtime.stats().broadcasts;
      this.inc(now - counted);
      counted = now;
    },
  });

  const poolStats = deps.database.poolStats?.bind(deps.database);
  if (poolStats) {
    new Gauge({
      name: 'plantline_db_pool_connections',
      help: 'PostgreSQL pool connections by state (waiting: queries queued for a connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = poolStats();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  new Gauge({
    name: 'plantline_import_jobs',
    help: 'Import jobs by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; n: number }>(
        deps.database.db,
        sql`select status, count(*)::int as n from import_jobs group by status`,
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });

  return {
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
