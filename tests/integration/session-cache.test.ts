import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../server/auth/session-cache.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { statementsOf } from '../support/watch-statements.ts';

// The session each request carries comes from a per-process cache. What a
// write changes must show on the very next request of this process: the write forgets the
// sessions it touched before it answers. Across processes: session-cache-cluster.pg.test.ts.

type Me = { id: number; name: string; roles: string[]; modules: string[]; version: number };
type User = { id: number; version: number };

describe('the session cache of one process', () => {
  let t: TestServer;
  let admin: string;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 120_000);
  afterAll(async () => t.close());

  async function signedInUser(roles: string[], modules: string[]) {
    serial += 1;
    const username = `cached.${serial}`;
    const created = await call<User>(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username, password: 'password-1', name: `Cached ${serial}`, roles, modules },
    });
    expect(created.httpStatus).toBe(201);
    const token = await tokenFor(t.url, username, 'password-1');
    // Read once, so the session is in the cache before the change.
    expect((await call(t.url, 'GET', '/api/me', { token })).httpStatus).toBe(200);
    return { ...created.data, token };
  }

  it('refuses a token on the next request after its sign-out', async () => {
    const { token } = await signedInUser(['planning'], ['production']);
    expect((await call(t.url, 'POST', '/api/logout', { token })).httpStatus).toBe(200);
    const after = await call(t.url, 'GET', '/api/me', { token });
    expect(after.httpStatus).toBe(401);
    expect(after.message).toBe('not_authorized');
  });

  it('refuses every token of a user on the next request after deactivation', async () => {
    const user = await signedInUser(['planning'], ['production']);
    const saved = await call(t.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, active: 0 },
    });
    expect(saved.httpStatus).toBe(200);
    expect((await call(t.url, 'GET', '/api/me', { token: user.token })).httpStatus).toBe(401);
  });

  it('refuses the old sessions after an administrator sets a new password', async () => {
    const user = await signedInUser(['planning'], ['production']);
    await call(t.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, password: 'password-2' },
    });
    expect((await call(t.url, 'GET', '/api/me', { token: user.token })).httpStatus).toBe(401);
  });

  it('shows new roles and modules on the next request, and their routes follow', async () => {
    const user = await signedInUser(['inventory'], ['inventory']);
    const brands = () => call(t.url, 'GET', '/api/inventory/brands', { token: user.token });
    expect((await brands()).httpStatus).toBe(200);
    await call(t.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, roles: ['planning'], modules: ['production'] },
    });
    const me = await call<Me>(t.url, 'GET', '/api/me', { token: user.token });
    expect(me.data.roles).toEqual(['planning']);
    expect(me.data.modules).toEqual(['production']);
    expect((await brands()).httpStatus).toBe(403);
  });

  it('shows an own profile edit and its new version on the next request', async () => {
    const user = await signedInUser(['planning'], ['production']);
    const before = await call<Me>(t.url, 'GET', '/api/me', { token: user.token });
    const saved = await call(t.url, 'POST', '/api/profile', {
      token: user.token,
      body: { version: before.data.version, name: 'Renamed Planner' },
    });
    expect(saved.httpStatus).toBe(200);
    const me = await call<Me>(t.url, 'GET', '/api/me', { token: user.token });
    expect(me.data.name).toBe('Renamed Planner');
    expect(me.data.version).toBe(before.data.version + 1);
  });

  it('keeps at most its bound, dropping the least recently used session first', async () => {
    const cache = new SessionCache(t.server.database.db, { maxEntries: 2 });
    const tokens = await Promise.all(
      ['admin', 'planning', 'inventory'].map((u) => tokenFor(t.url, u)),
    );
    const [first, second, third] = tokens as [string, string, string];
    const firstUser = await cache.find(first);
    await cache.find(second);
    // Used again, so `second` is now the least recently used.
    expect(await cache.find(first)).toBe(firstUser);
    await cache.find(third);
    expect(cache.size).toBe(2);
    // Still held: the very same object comes back without a new read.
    expect(await cache.find(first)).toBe(firstUser);
    expect(await cache.find(third)).toBe(await cache.find(third));
    await cache.close();
  });

  it('reads the sessions of tokens asked for at once in one query, each its own', async () => {
    // A thousand pages back after a restart each ask for their session: one query for all.
    const users = ['admin', 'planning', 'inventory', 'admin', 'planning'];
    const tokens = await Promise.all(users.map((u) => tokenFor(t.url, u)));
    const cache = new SessionCache(t.server.database.db);
    let found: Awaited<ReturnType<SessionCache['find']>>[] = [];
    const statements = await statementsOf(t.server.database.db, async () => {
      found = await Promise.all(tokens.map((token) => cache.find(token)));
    });
    expect(found.map((user) => user?.username)).toEqual(users);
    expect(new Set(found.map((user) => user?.tokenId)).size).toBe(tokens.length);
    const sessionReads = statements.filter((s) => s.sql.includes('from access_tokens t')).length;
    expect(sessionReads).toBe(1);
    expect(cache.size).toBe(tokens.length);
    await cache.close();
  });

  it('does not keep what a read saw when a change was announced while it ran', async () => {
    const cache = new SessionCache(t.server.database.db);
    const token = await tokenFor(t.url, 'planning');
    const reading = cache.find(token);
    cache.forget({ userId: 0 });
    const user = await reading;
    expect(user?.username).toBe('planning');
    expect(cache.size).toBe(0);
    await cache.close();
  });
});
