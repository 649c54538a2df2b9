import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, waitFor } from '../support/echo-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Each live list's last known state rides on the cache twin of its channel, so a screen that
// opens hears the latest change seq right after subscribing, without waiting for the next one.

type ListState = { seq: number; id: number; version: number; verb: string };

describe('the live lists on cache channels', () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  it('hands a new subscriber the last change of the list at once', async () => {
    const created = await call<{ id: number; seq: number }>(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: {
        username: 'cache.reader',
        password: 'password-1',
        name: 'Cache Reader',
        roles: ['sealer'],
      },
    });
    expect(created.httpStatus).toBe(201);
    const list = await call<{ seq: number }>(t.url, 'GET', '/api/general/users', { token: admin });

    // Opened after the change: nothing new is published, yet the state arrives.
    const echo = await connectEcho(t.url, admin);
    const state = await waitFor(
      new Promise<ListState>((resolve) =>
        echo.private('cache-general.users').listen('.list.state', resolve),
      ),
      'the cached list state',
    );
    expect(state).toMatchObject({ id: created.data.id, verb: 'created', version: 1 });
    expect(state.seq).toBe(Number(created.data.seq));
    expect(state.seq).toBeLessThanOrEqual(list.data.seq);
  });

  it('authorises the cache twin like the list itself', async () => {
    const sealer = await tokenFor(t.url, 'sealer');
    const refused = await call(t.url, 'POST', '/api/broadcasting/auth', {
      token: sealer,
      body: { socket_id: '1.2', channel_name: 'private-cache-general.users' },
    });
    expect(refused.httpStatus).toBe(403);
  });
});
