import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WEB_CLIENT } from '../../src/domain/auth-client.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, login, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

describe.each(backends())('authentication on %s', (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(async () => t.close());

  it('signs in with a trimmed username and answers a bearer token', async () => {
    const reply = await login(t.url, '  planning  ');
    expect(reply.httpStatus).toBe(200);
    expect(reply.status).toBe(true);
    expect(reply.data.token_type).toBe('Bearer');
    expect(reply.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('stores only a hash of the token', async () => {
    const token = await tokenFor(t.url, 'bottler');
    const rows = await t.server.database.db.execute(sql`select token_hash from access_tokens`);
    const hashes = (rows as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('answers /api/me with roles, modules, config, company and name', async () => {
    const token = await tokenFor(t.url, 'batcher');
    const me = await call<Record<string, unknown>>(t.url, 'GET', '/api/me', { token });
    expect(me.status).toBe(true);
    expect(me.data).toMatchObject({
      username: 'batcher',
      name: 'Jasmine Singh',
      company: 'Northern Vapour Labs Inc.',
      roles: ['batcher'],
      config: {},
      is_demo: 1,
    });
    expect(me.data.modules).toContain('production');
  });

  it('accepts the token as a query parameter on GET (docs/product.md §7)', async () => {
    const token = await tokenFor(t.url, 'labeler');
    const me = await call(t.url, 'GET', `/api/me?token=${encodeURIComponent(token)}`);
    expect(me.httpStatus).toBe(200);
  });

  it('refuses a wrong password with a message to show', async () => {
    const reply = await login(t.url, 'sealer', 'wrong-password');
    expect(reply.httpStatus).toBe(401);
    expect(reply.status).toBe(false);
    expect(reply.message).toBe('Invalid username or password');
  });

  it('refuses an unknown client or grant type', async () => {
    const reply = await call(t.url, 'POST', '/api/login', {
      body: {
        username: 'admin',
        password: 'plantline',
        grant_type: 'password',
        client_id: 'other',
        client_secret: 'x',
      },
    });
    expect(reply.httpStatus).toBe(401);
    expect(reply.message).toMatch(/invalid_client/);
  });

  it('refuses a user with no roles, and registration creates exactly such a user', async () => {
    const registered = await call<{ id: number }>(t.url, 'POST', '/api/register', {
      body: { username: 'new.hire', password: 'long-enough-1', name: 'New Hire' },
    });
    expect(registered.httpStatus).toBe(201);
    const reply = await login(t.url, 'new.hire', 'long-enough-1');
    expect(reply.httpStatus).toBe(403);
    expect(reply.message).toMatch(/no roles/);
    expect(reply.data).toBeNull();
  });

  it('answers a registration that reuses a username in another case as any other, creating nothing', async () => {
    // The answer must not tell who exists.
    const reply = await call(t.url, 'POST', '/api/register', {
      body: { username: 'ADMIN', password: 'long-enough-1', name: 'Impostor' },
    });
    expect(reply.httpStatus).toBe(201);
    const named = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from users where lower(username) = 'admin'`,
    );
    expect(named[0]?.n).toBe(1);
    expect((await login(t.url, 'ADMIN', 'long-enough-1')).httpStatus).not.toBe(200);
  });

  it('revokes the token on logout', async () => {
    const token = await tokenFor(t.url, 'transfer');
    expect((await call(t.url, 'POST', '/api/logout', { token })).httpStatus).toBe(200);
    const me = await call(t.url, 'GET', '/api/me', { token });
    expect(me.httpStatus).toBe(401);
    expect(me.message).toBe('not_authorized');
  });

  it('refuses an expired token', async () => {
    const token = await tokenFor(t.url, 'shipping');
    await t.server.database.db.execute(
      sql`update access_tokens set expires_at = now() - interval '1 minute'`,
    );
    expect((await call(t.url, 'GET', '/api/me', { token })).httpStatus).toBe(401);
  });

  it('keeps a token in use alive past its first lifetime (a wall display stays signed in)', async () => {
    const token = await tokenFor(t.url, 'supervisor');
    const db = t.server.database.db;
    const window = sql`extract(epoch from expires_at - coalesce(last_used_at, created_at))`;
    // Eleven hours into a twelve-hour token, last used an hour ago.
    await db.execute(sql`update access_tokens
       set created_at = now() - interval '11 hours', last_used_at = now() - interval '1 hour',
           expires_at = now() + interval '1 hour'
     where user_id = (select id from users where username = 'supervisor')`);
    expect((await call(t.url, 'GET', '/api/me', { token })).httpStatus).toBe(200);
    const [row] = await queryRows<{ left_h: number; window_h: number }>(
      db,
      sql`select (extract(epoch from expires_at - now()) / 3600)::float8 as left_h,
                 (${window} / 3600)::float8 as window_h
            from access_tokens where user_id = (select id from users where username = 'supervisor')`,
    );
    // It now expires two hours after this use, the window it had at its last use.
    expect(Number(row?.left_h)).toBeGreaterThan(1.9);
    expect(Number(row?.window_h)).toBeCloseTo(2, 1);
  });

  it('refuses malformed and unknown tokens', async () => {
    for (const header of ['Bearer nope', 'Bearer ' + 'x'.repeat(43), 'Basic abc', 'Bearer']) {
      const reply = await call(t.url, 'GET', '/api/me', { headers: { authorization: header } });
      expect(reply.httpStatus, header).toBe(401);
      expect(reply.message).toBe('not_authorized');
    }
  });

  it('slows down repeated failures per username, then answers 429 even for the right password', async () => {
    for (let i = 0; i < 6; i++) await login(t.url, 'cartoner', `wrong-${i}`);
    const blocked = await login(t.url, 'cartoner', 'plantline');
    expect(blocked.httpStatus).toBe(429);
    expect(blocked.message).toMatch(/Too many failed sign-in attempts/);
    expect(
      (blocked.data as unknown as { retry_after_seconds: number }).retry_after_seconds,
    ).toBeGreaterThan(0);
    // Another user from the same address is not yet blocked: the address allows more tries.
    expect((await login(t.url, 'director')).httpStatus).toBe(200);
  });

  it('checks only five of a hundred guesses sent at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t.url, 'packer', `parallel-guess-${i}`)),
    );
    const checked = replies.filter((r) => r.httpStatus === 401).length;
    const refused = replies.filter((r) => r.httpStatus === 429).length;
    // Five free tries; the fifth starts a 1 s wait, which may lapse while the burst is still
    // being answered and let one more through (then 2 s). Counted after the fact, it was 20.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(6);
    expect(checked + refused).toBe(100);
  });

  it('gives a successful sign-in its attempt back, so an address is not used up by them', async () => {
    for (let i = 0; i < 35; i++) expect((await login(t.url, 'admin')).httpStatus).toBe(200);
  }, 60_000);

  it('slows down an address that tries many usernames, whatever X-Forwarded-For it claims', async () => {
    // A server of its own, so the address has no history: its start counts in the timeout.
    const fresh = await startTestServer({ backend });
    try {
      for (let i = 0; i < 31; i++) {
        // Rotating the header would be a fresh address each time if the server believed it.
        await call(fresh.url, 'POST', '/api/login', {
          body: { username: `nobody-${i}`, password: 'guess', ...WEB_CLIENT },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      }
      const blocked = await login(fresh.url, 'admin');
      expect(blocked.httpStatus).toBe(429);
    } finally {
      await fresh.close();
    }
  }, 90_000);

  it('updates the own profile with its version and refuses a stale one', async () => {
    const token = await tokenFor(t.url, 'trainer');
    const me = await call<{ version: number }>(t.url, 'GET', '/api/me', { token });
    const saved = await call<{ name: string; version: number }>(t.url, 'POST', '/api/profile', {
      token,
      body: { version: me.data.version, name: 'Jacob Fraser-Hale' },
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.name).toBe('Jacob Fraser-Hale');
    expect(saved.data.version).toBe(me.data.version + 1);
    const stale = await call(t.url, 'POST', '/api/profile', {
      token,
      body: { version: me.data.version, name: 'Lost update' },
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    const after = await call<{ name: string }>(t.url, 'GET', '/api/me', { token });
    expect(after.data.name).toBe('Jacob Fraser-Hale');
  });

  it('changes the own password only with the current one', async () => {
    const token = await tokenFor(t.url, 'recovery');
    const me = await call<{ version: number }>(t.url, 'GET', '/api/me', { token });
    const refused = await call(t.url, 'POST', '/api/profile', {
      token,
      body: { version: me.data.version, password: 'new-password-1', current_password: 'nope' },
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ current_password: 'The current password is not correct' });
    const changed = await call(t.url, 'POST', '/api/profile', {
      token,
      body: { version: me.data.version, password: 'new-password-1', current_password: 'plantline' },
    });
    expect(changed.httpStatus).toBe(200);
    expect((await login(t.url, 'recovery', 'new-password-1')).httpStatus).toBe(200);
  });

  it('names the first-party client in the public config', async () => {
    const config = await call<{ auth_client: Record<string, string> }>(t.url, 'GET', '/api/config');
    expect(config.data.auth_client).toEqual({
      client_id: WEB_CLIENT.client_id,
      client_secret: WEB_CLIENT.client_secret,
    });
  });
});
