import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { lacks } from '../support/services.ts';

// Two Plantline processes on different ports sharing one PostgreSQL database and one Redis:
// a write on A reaches a client connected to B, and presence agrees on both.

const { DATABASE_URL, REDIS_URL } = process.env;

describe.skipIf(lacks('DATABASE_URL', 'REDIS_URL'))('two server processes on PostgreSQL and Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const database = `plantline_cluster_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL ?? '',
      PUSHER_APP_ID: `cluster-${randomBytes(4).toString('hex')}`,
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
    };
    // Both start together: migrations and demo seeding must not race.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterEach(() => disconnectEchoes());

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('seeds the demo once although both processes started together', async () => {
    const token = await tokenFor(a.url, 'admin');
    const list = await call<{ total: number }>(b.url, 'GET', '/api/general/users?role=admin', { token });
    expect(list.data.total).toBe(1);
  });

  it('delivers to a client on B what a write on A published', async () => {
    const token = await tokenFor(a.url, 'admin');
    const onB = await connectEcho(b.url, token);
    const channel = onB.private('general.users');
    await subscribed(channel);
    const received = waitFor(
      new Promise<{ data: { username: string } }>((resolve) => channel.listen('.user.created', resolve)),
      'user.created on B',
    );
    await call(a.url, 'POST', '/api/general/users', {
      token,
      body: { username: 'cross.node', password: 'password-1', name: 'Cross Node', roles: ['sealer'] },
    });
    expect((await received).data.username).toBe('cross.node');
  });

  it('agrees on presence members across both processes', async () => {
    const admin = await tokenFor(a.url, 'admin');
    const planner = await tokenFor(b.url, 'planning');
    const onA = await connectEcho(a.url, admin);
    const presenceOnA = onA.join('dashboard.home');
    await subscribed(presenceOnA);
    const joinedOnA = waitFor(
      new Promise<{ username: string }>((resolve) => presenceOnA.joining(resolve)),
      'member_added on A',
    );
    const onB = await connectEcho(b.url, planner);
    const hereOnB = await waitFor(
      new Promise<Array<{ username: string }>>((resolve) => onB.join('dashboard.home').here(resolve)),
      'members on B',
    );
    expect(hereOnB.map((m) => m.username).sort()).toEqual(['admin', 'planning']);
    expect((await joinedOnA).username).toBe('planning');
  });

  it('keeps serving after PostgreSQL ends its connections (a restart, a failover)', async () => {
    const token = await tokenFor(a.url, 'admin');
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [database],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // An idle pooled connection ended under a process used to stop it; now the pool drops it and
    // reconnects. A request sent before the process has heard of the ending may still fail (as
    // during any failover), so the next ones are what must succeed, from the same process.
    for (const server of [a, b]) {
      await expect
        .poll(
          async () =>
            (await call<{ total: number }>(server.url, 'GET', '/api/general/users', { token }))
              .httpStatus,
          { timeout: 5_000 },
        )
        .toBe(200);
      expect(server.child.exitCode).toBeNull();
    }
  });

  it('ends a revoked session’s sockets on the other process within a second', async () => {
    const admin = await tokenFor(a.url, 'admin');
    const created = await call<{ id: number; version: number }>(a.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username: 'cross.revoke', password: 'password-1', name: 'Cross Revoke', roles: ['planning'], modules: ['production'] },
    });
    const token = await tokenFor(b.url, 'cross.revoke', 'password-1');
    const onB = await connectEcho(b.url, token);
    // Authorised on A, subscribed on B: the node holding the socket still learns the session.
    const orders = onB.private('production.orders');
    await subscribed(orders);
    const ended = waitFor(
      new Promise<number | undefined>((resolve) =>
        onB.connector.pusher.connection.bind('error', (error: { data?: { code?: number } }) => resolve(error.data?.code)),
      ),
      'the socket on B to be closed',
      1_000,
    );
    await call(a.url, 'PUT', `/api/general/users/${created.data.id}`, {
      token: admin,
      body: { version: created.data.version, active: 0 },
    });
    expect(await ended).toBe(4009);
  });
});
