import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/domain/modules.ts';
import { call, tokenFor } from '../support/api-client.ts';
import {
  connectEcho,
  disconnectEchoes,
  subscribed,
  waitFor,
  type TestEcho,
} from '../support/echo-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Access follows the user live: modules gate routes and channels on the server, and
// a socket loses what its session lost within a second: closed when the token is revoked,
// expired or its user deactivated, a channel dropped when roles or modules no longer show it.

type User = { id: number; version: number };

const WITHIN_A_SECOND = 1_000;

/** Resolves with the close code pusher-js saw when the server ended the connection. */
function closed(echo: TestEcho): Promise<number | undefined> {
  const pusher = echo.connector.pusher;
  return waitFor(
    new Promise((resolve) => {
      pusher.connection.bind('error', (error: { data?: { code?: number } }) =>
        resolve(error.data?.code),
      );
    }),
    'the server to end the connection',
    WITHIN_A_SECOND,
  );
}

/** Resolves when the server drops a subscribed channel (Echo's error callback). */
function dropped(channel: { error(cb: (e: unknown) => void): unknown }): Promise<unknown> {
  return waitFor(
    new Promise((resolve) => channel.error(resolve)),
    'the channel to be dropped',
    WITHIN_A_SECOND,
  );
}

describe('access that follows the user live', () => {
  let t: TestServer;
  let admin: string;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  async function createUser(roles: string[], modules: string[]) {
    serial += 1;
    const username = `live.${serial}`;
    const created = await call<User>(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username, password: 'password-1', name: `Live ${serial}`, roles, modules },
    });
    expect(created.httpStatus).toBe(201);
    return { user: created.data, token: await tokenFor(t.url, username, 'password-1') };
  }

  const update = (user: User, body: Record<string, unknown>) =>
    call<User>(t.url, 'PUT', `/api/general/users/${user.id}`, {
      token: admin,
      body: { version: user.version, ...body },
    });

  const authorise = (token: string, channel: string) =>
    call(t.url, 'POST', '/api/broadcasting/auth', {
      token,
      body: { socket_id: '1234.5678', channel_name: channel },
    });

  describe('modules on the server', () => {
    it('refuses the routes and channels of a module the user lacks, admin included', async () => {
      const { token } = await createUser(
        ['admin'],
        MODULES.filter((m) => m !== 'inventory'),
      );
      expect((await call(t.url, 'GET', '/api/inventory/brands', { token })).httpStatus).toBe(403);
      expect((await authorise(token, 'private-inventory.brands')).httpStatus).toBe(403);
      expect((await call(t.url, 'GET', '/api/general/users', { token })).httpStatus).toBe(200);
      expect((await authorise(token, 'private-general.users')).httpStatus).toBe(200);
    });

    it('opens a module with its role, and closes it live when the module is removed', async () => {
      const { user, token } = await createUser(['inventory'], ['inventory']);
      expect((await call(t.url, 'GET', '/api/inventory/brands', { token })).httpStatus).toBe(200);
      const echo = await connectEcho(t.url, token);
      const brands = echo.private('inventory.brands');
      const own = echo.private(`users.${user.id}`);
      await Promise.all([subscribed(brands), subscribed(own)]);
      const ownHeard = waitFor(
        new Promise((resolve) => own.listen('.user.updated', resolve)),
        'user.updated',
      );
      const lost = dropped(brands);

      expect((await update(user, { modules: [] })).httpStatus).toBe(200);

      await ownHeard;
      expect(await lost).toMatchObject({ status: 403 });
      expect(echo.connector.pusher.connection.state).toBe('connected');
      expect((await call(t.url, 'GET', '/api/inventory/brands', { token })).httpStatus).toBe(403);
      expect(
        (await call(t.url, 'POST', '/api/inventory/brands', { token, body: {} })).httpStatus,
      ).toBe(403);
      expect((await authorise(token, 'private-inventory.brands')).httpStatus).toBe(403);
    });
  });

  describe('revoked sessions lose their sockets', () => {
    it('drops the channels a role change hides and keeps the rest', async () => {
      const { user, token } = await createUser(
        ['inventory', 'planning'],
        ['inventory', 'production'],
      );
      const echo = await connectEcho(t.url, token);
      const stock = echo.private('inventory.stock');
      const orders = echo.private('production.orders');
      await Promise.all([subscribed(stock), subscribed(orders)]);
      const lost = dropped(stock);
      let ordersDropped = false;
      orders.error(() => (ordersDropped = true));

      await update(user, { roles: ['planning'] });

      expect(await lost).toMatchObject({ status: 403 });
      expect(ordersDropped).toBe(false);
      expect(echo.connector.pusher.connection.state).toBe('connected');
    });

    it('ends the connection on logout', async () => {
      const { user, token } = await createUser(['planning'], ['production']);
      const echo = await connectEcho(t.url, token);
      await subscribed(echo.private(`users.${user.id}`));
      const end = closed(echo);
      await call(t.url, 'POST', '/api/logout', { token });
      expect(await end).toBe(4009);
    });

    it('ends the connection when the user is deactivated', async () => {
      const { user, token } = await createUser(['planning'], ['production']);
      const echo = await connectEcho(t.url, token);
      await subscribed(echo.private('production.orders'));
      const end = closed(echo);
      await update(user, { active: 0 });
      expect(await end).toBe(4009);
    });

    it('ends the connection when an administrator sets a new password', async () => {
      const { user, token } = await createUser(['planning'], ['production']);
      const echo = await connectEcho(t.url, token);
      await subscribed(echo.join('dashboard.home'));
      const end = closed(echo);
      await update(user, { password: 'a-new-password-2' });
      expect(await end).toBe(4009);
    });

    it('ends the other sessions\' connections when the user changes their own password', async () => {
      const { user, token } = await createUser(['planning'], ['production']);
      const other = await tokenFor(t.url, `live.${serial}`, 'password-1');
      const leaving = await connectEcho(t.url, other);
      await subscribed(leaving.private(`users.${user.id}`));
      const staying = await connectEcho(t.url, token);
      await subscribed(staying.private(`users.${user.id}`));
      const end = closed(leaving);
      const changed = await call(t.url, 'POST', '/api/profile', {
        token,
        body: { version: user.version, current_password: 'password-1', password: 'a-new-password-2' },
      });
      expect(changed.httpStatus).toBe(200);
      expect(await end).toBe(4009);
      expect(staying.connector.pusher.connection.state).toBe('connected');
    });

    it('keeps the sockets of another session of the same user', async () => {
      const { user, token } = await createUser(['planning'], ['production']);
      const other = await tokenFor(t.url, `live.${serial}`, 'password-1');
      const staying = await connectEcho(t.url, other);
      await subscribed(staying.private(`users.${user.id}`));
      const leaving = await connectEcho(t.url, token);
      await subscribed(leaving.private(`users.${user.id}`));
      const end = closed(leaving);
      await call(t.url, 'POST', '/api/logout', { token });
      expect(await end).toBe(4009);
      expect(staying.connector.pusher.connection.state).toBe('connected');
    });
  });
});

describe('expired tokens lose their sockets', () => {
  let t: TestServer;

  beforeAll(async () => {
    // 0.001 h = 3.6 s: long enough to connect and subscribe, short enough to wait for.
    t = await startTestServer({ env: { TOKEN_TTL_HOURS: '0.001' } });
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  it('ends the connection within a second of the expiry', async () => {
    const token = await tokenFor(t.url, 'planning');
    const echo = await connectEcho(t.url, token);
    await subscribed(echo.private('production.orders'));
    const code = await waitFor(
      new Promise<number | undefined>((resolve) => {
        echo.connector.pusher.connection.bind('error', (error: { data?: { code?: number } }) =>
          resolve(error.data?.code),
        );
      }),
      'the expired session to be closed',
      3_600 + WITHIN_A_SECOND,
    );
    expect(code).toBe(4009);
  });
});
