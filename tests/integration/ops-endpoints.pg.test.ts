import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { readinessProbe } from '../../server/ops/readiness.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import { runImportFile } from '../support/import-client.ts';
import { csvProductsOf, inventoryCsv } from '../support/inventory-import-csv.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// What load balancers, orchestrators and Prometheus call, against a real server.

let t: TestServer;
beforeAll(async () => {
  // The proxy on loopback is trusted, so X-Forwarded-For stands for a caller elsewhere. The
  // embedded database, the product's default, whatever the run's default is: the PostgreSQL
  // server below is the one with a pool to report.
  t = await startTestServer({
    backend: 'pglite',
    env: { TRUST_PROXY: 'loopback', METRICS_TOKEN: 'scrape-token-0123456789' },
  });
});
afterAll(async () => {
  disconnectEchoes();
  await t.close();
});

const elsewhere = { 'x-forwarded-for': '203.0.113.5' };

/** The value of the first Prometheus sample line matching `pattern`. */
const sample = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe('health and readiness', () => {
  it('answers /healthz without a session', async () => {
    const reply = await fetch(`${t.url}/healthz`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 'alive' });
  });

  it('is ready when the database answers and every migration is applied', async () => {
    const reply = await fetch(`${t.url}/readyz`, { headers: elsewhere });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, detail: 'pglite' },
        migrations: { ok: true, detail: 'all applied' },
      },
    });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const db = t.server.database.db;
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    try {
      const reply = await fetch(`${t.url}/readyz`);
      expect(reply.status).toBe(503);
      expect(await reply.json()).toMatchObject({
        status: 'not ready',
        checks: { database: { ok: true }, migrations: { ok: false, detail: '1 not applied' } },
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });

  it('is not ready when its Redis does not answer', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const probe = readinessProbe(t.server.database, 'redis://127.0.0.1:1');
    try {
      const readiness = await probe.probe();
      expect(readiness.ready).toBe(false);
      expect(readiness.checks.database?.ok).toBe(true);
      expect(readiness.checks.redis).toMatchObject({ ok: false });
      expect(readiness.checks.redis?.detail).toMatch(/ECONNREFUSED|connect|writeable/i);
    } finally {
      await probe.close();
    }
  });
});

describe('Prometheus metrics', () => {
  const scrape = async (headers: Record<string, string> = {}) => {
    const reply = await fetch(`${t.url}/metrics`, { headers });
    return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
  };

  it('is refused to a caller elsewhere without the token, served with it', async () => {
    const refused = await scrape(elsewhere);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('METRICS_TOKEN');
    expect((await scrape({ ...elsewhere, authorization: 'Bearer not-the-token-at-all' })).status).toBe(403);
    const served = await scrape({ ...elsewhere, authorization: 'Bearer scrape-token-0123456789' });
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route template, websockets, broadcasts, the event loop and imports', async () => {
    const admin = await tokenFor(t.url, 'admin');
    for (let i = 0; i < 3; i++) await call(t.url, 'GET', '/api/me', { token: admin });
    const echo = await connectEcho(t.url, admin);
    const channel = echo.private('general.users');
    await subscribed(channel);
    const before = await scrape();
    expect(before.status).toBe(200);

    const created = await call(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username: 'metrics.watch', password: 'password-1', name: 'Metrics Watch', roles: ['sealer'] },
    });
    expect(created.httpStatus).toBe(201);
    const dryRun = await runImportFile(t.url, {
      route: '/api/inventory/inventory-import',
      name: 'opening.csv',
      body: inventoryCsv(await csvProductsOf(t.server.database.db), 3),
      token: admin,
      dryRun: true,
    });
    expect(dryRun.body.data.status).toBe('validated');
    const after = (await scrape()).text;

    const meCount = /^plantline_http_request_duration_seconds_count\{method="GET",route="\/api\/me",status_code="200"\}/;
    expect(sample(after, meCount)).toBeGreaterThanOrEqual(3);
    // Row ids never become labels: the user list is one series however many users there are.
    expect(after).not.toMatch(/route="\/api\/general\/users\/\d+"/);
    expect(sample(after, /^plantline_websocket_connections /)).toBeGreaterThanOrEqual(1);
    expect(sample(after, /^plantline_websocket_channels /)).toBeGreaterThanOrEqual(1);
    const broadcasts = /^plantline_broadcasts_total /;
    expect(sample(after, broadcasts)).toBeGreaterThan(sample(before.text, broadcasts)!);
    expect(sample(after, /^nodejs_eventloop_lag_seconds /)).toBeGreaterThanOrEqual(0);
    expect(sample(after, /^plantline_import_jobs\{status="validated"\}/)).toBe(1);
    // The embedded database is one session: it has no pool to report.
    expect(after).not.toContain('plantline_db_pool_connections');
  });
});

// PostgreSQL has the connection pool PGlite lacks: the same scrape reports it.
for (const backend of backends().filter((b) => b === 'postgres')) {
  describe(`on ${backend}`, () => {
    let pg: TestServer;
    beforeAll(async () => {
      pg = await startTestServer({ backend });
    });
    afterAll(() => pg.close());

    it('is ready and reports its connection pool', async () => {
      const ready = await fetch(`${pg.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: { detail: 'postgres' } } });
      const text = await (await fetch(`${pg.url}/metrics`)).text();
      expect(sample(text, /^plantline_db_pool_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^plantline_db_pool_connections\{state="waiting"\} \d+$/m);
    });
  });
}
