import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type Reply } from '../support/api-client.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { lacks } from '../support/services.ts';
import {
  createPostgresDatabase,
  demoPostgresDatabase,
  type PostgresDatabase,
} from '../support/test-server.ts';

// Each process caches sessions; a write on one process must reach the
// others' caches within a second (Redis pub/sub): a token signed out, a user deactivated or
// given new roles on A is refused, or seen with its new roles, by B.

const { REDIS_URL } = process.env;
const WITHIN_A_SECOND = 1_000;

type Me = { roles: string[]; modules: string[] };
type User = { id: number; version: number };

/** Asks B again until `done` holds; fails when a second passes first. */
async function within<T>(ask: () => Promise<Reply<T>>, done: (reply: Reply<T>) => boolean) {
  const deadline = Date.now() + WITHIN_A_SECOND;
  let reply = await ask();
  while (!done(reply) && Date.now() < deadline) reply = await ask();
  return reply;
}

describe.skipIf(lacks('DATABASE_URL', 'REDIS_URL'))('sessions cached by two processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: string;
  let serial = 0;
  let database: PostgresDatabase | undefined;

  beforeAll(async () => {
    // The run's demo database when it has one; else the processes seed an empty one.
    database = (await demoPostgresDatabase()) ?? (await createPostgresDatabase());
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL ?? '',
      PUSHER_APP_ID: `sessions-${randomBytes(4).toString('hex')}`,
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    admin = await tokenFor(a.url, 'admin');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  /** A user signed in on B whose session B has read (and cached) once. */
  async function cachedOnB(roles: string[], modules: string[]) {
    serial += 1;
    const username = `cluster.cached.${serial}`;
    const created = await call<User>(a.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username, password: 'password-1', name: `Cluster ${serial}`, roles, modules },
    });
    const token = await tokenFor(b.url, username, 'password-1');
    expect((await call(b.url, 'GET', '/api/me', { token })).httpStatus).toBe(200);
    return { ...created.data, token };
  }

  it('refuses on B a token signed out on A', async () => {
    const { token } = await cachedOnB(['planning'], ['production']);
    expect((await call(a.url, 'POST', '/api/logout', { token })).httpStatus).toBe(200);
    const me = await within(
      () => call(b.url, 'GET', '/api/me', { token }),
      (r) => r.httpStatus === 401,
    );
    expect(me.httpStatus).toBe(401);
  });

  it('refuses on B a user deactivated on A', async () => {
    const user = await cachedOnB(['planning'], ['production']);
    await call(a.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, active: 0 },
    });
    const me = await within(
      () => call(b.url, 'GET', '/api/me', { token: user.token }),
      (r) => r.httpStatus === 401,
    );
    expect(me.httpStatus).toBe(401);
  });

  it('shows on B the roles and modules given on A, and its routes follow', async () => {
    const user = await cachedOnB(['inventory'], ['inventory']);
    expect(
      (await call(b.url, 'GET', '/api/inventory/brands', { token: user.token })).httpStatus,
    ).toBe(200);
    await call(a.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, roles: ['planning'], modules: ['production'] },
    });
    const me = await within(
      () => call<Me>(b.url, 'GET', '/api/me', { token: user.token }),
      (r) => r.data.roles.includes('planning'),
    );
    expect(me.data).toMatchObject({ roles: ['planning'], modules: ['production'] });
    const brands = await call(b.url, 'GET', '/api/inventory/brands', { token: user.token });
    expect(brands.httpStatus).toBe(403);
  });
});
