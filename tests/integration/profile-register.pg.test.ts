import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountApi, type AccountApi } from '../../src/api/account.api.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { createRequest } from '../../src/api/request.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, login, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The browser's account client against the real HTTP stack: the same request() the pages use,
// with Node's fetch and the server's base URL.

function accountClient(baseUrl: string, token: string | null = null): AccountApi {
  const request = createRequest({
    fetch: (input, init) => fetch(input, init),
    getToken: () => (token ? `Bearer ${token}` : null),
    baseUrl: `${baseUrl}/api`,
    timeoutMs: 10_000,
  });
  return createAccountApi(request);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(backends())('account client on %s', (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(async () => t.close());

  it('registers an account that cannot log in until it has a role', async () => {
    const api = accountClient(t.url);
    const created = await api.register({
      username: '  new.hire ',
      name: ' New Hire ',
      email: '',
      password: 'long-enough',
    });
    expect(created).toEqual({ username: 'new.hire' });
    const refused = await login(t.url, 'new.hire', 'long-enough');
    expect(refused.status).toBe(false);
  });

  it('answers a taken username or e-mail exactly as a free one, and creates nothing', async () => {
    const register = (body: Record<string, string>) =>
      call(t.url, 'POST', '/api/register', { body });
    const free = await register({ username: 'fresh.face', name: 'Fresh', password: 'long-enough' });
    const taken = await register({ username: 'ADMIN', name: 'Again', password: 'long-enough' });
    const takenMail = await register({
      username: 'mail.clash',
      name: 'Clash',
      email: 'FRESH@example.com',
      password: 'long-enough',
    });
    await register({
      username: 'mail.owner',
      name: 'O',
      email: 'fresh@example.com',
      password: 'long-enough',
    });
    for (const [reply, username] of [
      [free, 'fresh.face'],
      [taken, 'ADMIN'],
    ] as const) {
      expect(reply.httpStatus).toBe(201);
      expect(reply.message).toBe('registered');
      expect(reply.data).toEqual({ username });
    }
    expect(takenMail.httpStatus).toBe(201);
    const { db } = t.server.database;
    const rows = await queryRows<{ username: string }>(
      db,
      sql`select username from users where lower(username) in ('admin', 'mail.clash', 'mail.owner')`,
    );
    // The second claim of fresh@example.com was answered alike and created nothing.
    expect(rows.map((r) => r.username).sort()).toEqual(['admin', 'mail.clash']);
  });

  it('refuses a common password, or one equal to the username', async () => {
    const api = accountClient(t.url);
    const common = await rejection(
      api.register({ username: 'weak.one', name: 'Weak', password: '12345678' }),
    );
    expect(common.data).toEqual({ password: 'This password is too common; choose another' });
    const same = await rejection(
      api.register({ username: 'Same.Name99', name: 'Same', password: 'same.name99' }),
    );
    expect(same.data).toEqual({ password: 'The password must not be the username' });
  });

  it('throttles registrations from one address, also when sent at once', async () => {
    const fresh = await startTestServer({ backend });
    try {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(fresh.url, 'POST', '/api/register', {
            body: { username: `burst.${i}`, name: `Burst ${i}`, password: 'burst-password-1' },
          }),
        ),
      );
      const created = replies.filter((r) => r.httpStatus === 201).length;
      expect(created).toBeGreaterThanOrEqual(10);
      expect(created).toBeLessThanOrEqual(11);
      expect(replies.filter((r) => r.httpStatus === 429).length).toBe(40 - created);
      const rows = await queryRows<{ n: number }>(
        fresh.server.database.db,
        sql`select count(*)::int as n from users where username like 'burst.%'`,
      );
      expect(rows[0]?.n).toBe(created);
    } finally {
      await fresh.close();
    }
  }, 90_000);

  it('reads and saves the own profile with its version, and refuses a stale one', async () => {
    const api = accountClient(t.url, await tokenFor(t.url, 'labeler'));
    const profile = await api.profile();
    const zones = await api.timezones();
    expect(zones.map((z) => z.value)).toContain(profile.timezone);
    const saved = await api.updateProfile({
      version: profile.version,
      name: 'Renamed Labeler',
      email: null,
      timezone: 'Europe/Paris',
    });
    expect(saved).toMatchObject({ name: 'Renamed Labeler', timezone: 'Europe/Paris' });
    expect(saved.version).toBe(profile.version + 1);
    const stale = await rejection(api.updateProfile({ version: profile.version, name: 'Lost' }));
    expect(stale).toMatchObject({ code: 'stale_version', status: 409 });
    expect((await api.profile()).name).toBe('Renamed Labeler');
  });

  it('changes the password only with the current one', async () => {
    const api = accountClient(t.url, await tokenFor(t.url, 'shipping'));
    const { version } = await api.profile();
    const wrong = await rejection(
      api.updateProfile({ version, current_password: 'nope', password: 'brand-new-pw' }),
    );
    expect(wrong.data).toEqual({ current_password: 'The current password is not correct' });
    await api.updateProfile({ version, current_password: 'plantline', password: 'brand-new-pw' });
    expect((await login(t.url, 'shipping', 'brand-new-pw')).status).toBe(true);
  });

  it('ends the other sessions when the own password changes, and keeps this one', async () => {
    const [mine, other] = [
      await tokenFor(t.url, 'qa_manager'),
      await tokenFor(t.url, 'qa_manager'),
    ];
    const api = accountClient(t.url, mine);
    const { version } = await api.profile();
    const sameName = await rejection(
      api.updateProfile({ version, current_password: 'plantline', password: 'QA_Manager' }),
    );
    expect(sameName.data).toEqual({ password: 'The password must not be the username' });
    await api.updateProfile({
      version,
      current_password: 'plantline',
      password: 'fresh-manager-pw',
    });
    expect((await call(t.url, 'GET', '/api/me', { token: mine })).httpStatus).toBe(200);
    expect((await call(t.url, 'GET', '/api/me', { token: other })).httpStatus).toBe(401);
  });

  it('keeps the other sessions when only the name changes', async () => {
    const [mine, other] = [await tokenFor(t.url, 'sealer'), await tokenFor(t.url, 'sealer')];
    const api = accountClient(t.url, mine);
    const { version } = await api.profile();
    await api.updateProfile({ version, name: 'Renamed Sealer' });
    expect((await call(t.url, 'GET', '/api/me', { token: other })).httpStatus).toBe(200);
  });
});
