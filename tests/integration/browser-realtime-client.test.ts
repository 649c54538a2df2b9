import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/api/auth.types.ts';
import { connectRealtime, type RealtimeConnection } from '../../src/api/echo-client.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { waitFor } from '../support/echo-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The browser's own realtime client (src/api/echo-client.ts), configured from /api/config
// exactly as the shell configures it, against a real server: connection state and a user's
// own private channel, which the shell listens to for changes made to the account elsewhere.

type UserBroadcast = { id: number; version: number; data: { name: string; active: boolean } };

describe('browser realtime client', () => {
  let t: TestServer;
  let settings: AppConfig['echo'];
  const open: RealtimeConnection[] = [];

  const connect = (token: string) => {
    const url = new URL(t.url);
    const connection = connectRealtime(settings, `Bearer ${token}`, {
      hostname: url.hostname,
      port: url.port,
      protocol: url.protocol,
    });
    open.push(connection);
    return connection;
  };

  const connected = (connection: RealtimeConnection) =>
    waitFor(
      new Promise<void>((resolve) => {
        if (connection.status() === 'connected') resolve();
        connection.onStatus((status) => status === 'connected' && resolve());
      }),
      'the connection',
    );

  beforeAll(async () => {
    t = await startTestServer();
    const echo = (await call<AppConfig>(t.url, 'GET', '/api/config')).data.echo;
    // A page resolves the relative auth endpoint against itself; Node needs it absolute.
    settings = { ...echo, authEndpoint: new URL(echo.authEndpoint, t.url).toString() };
  });
  afterEach(() => open.splice(0).forEach((c) => c.disconnect()));
  afterAll(async () => t.close());

  it('connects with the page-relative settings and reports its state', async () => {
    const connection = connect(await tokenFor(t.url, 'batcher'));
    await connected(connection);
    expect(connection.socketId()).toMatch(/^\d+\.\d+$/);
    connection.disconnect();
    expect(connection.status()).not.toBe('connected');
  });

  /** Listens on users.{id} and resolves once the channel is live. */
  const listening = <T>(connection: RealtimeConnection, id: number, handler: (e: T) => void) =>
    waitFor(
      new Promise<() => void>((resolve) => {
        const stop = connection.listen<T>(`users.${id}`, 'user.updated', handler, () =>
          resolve(stop),
        );
      }),
      `users.${id} to subscribe`,
    );

  async function rename(id: number, name: string) {
    const admin = await tokenFor(t.url, 'admin');
    const row = await call<{ version: number }>(t.url, 'GET', `/api/general/users/${id}`, {
      token: admin,
    });
    const reply = await call(t.url, 'PUT', `/api/general/users/${id}`, {
      token: admin,
      body: { version: row.data.version, name },
    });
    expect(reply.status).toBe(true);
  }

  it("hears an administrator's change to the signed-in user on users.{id}", async () => {
    const token = await tokenFor(t.url, 'planning');
    const me = await call<{ id: number }>(t.url, 'GET', '/api/me', { token });
    const connection = connect(token);
    await connected(connection);
    let heard: (e: UserBroadcast) => void = () => undefined;
    const event = new Promise<UserBroadcast>((resolve) => (heard = resolve));
    await listening<UserBroadcast>(connection, me.data.id, (e) => heard(e));
    await rename(me.data.id, 'Renamed Planner');
    expect(await waitFor(event, 'user.updated')).toMatchObject({
      id: me.data.id,
      data: { name: 'Renamed Planner' },
    });
  });

  it('stops calling a listener once it is removed', async () => {
    const token = await tokenFor(t.url, 'sealer');
    const me = await call<{ id: number }>(t.url, 'GET', '/api/me', { token });
    const connection = connect(token);
    await connected(connection);
    const live: UserBroadcast[] = [];
    await listening<UserBroadcast>(connection, me.data.id, (e) => live.push(e));
    const removed: unknown[] = [];
    const stop = await listening(connection, me.data.id, (e) => removed.push(e));
    stop();
    await rename(me.data.id, 'Renamed Sealer');
    // The live listener proves the event arrived; the removed one stayed silent.
    await expect.poll(() => live.length).toBe(1);
    expect(removed).toEqual([]);
  });
});
