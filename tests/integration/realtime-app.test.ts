import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/api/auth.types.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type UserEvent = { id: number; seq: number; version: number; data: { name: string } };

describe('realtime through the Plantline app', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  it('answers a plain GET of the websocket path itself, built web app or not (reconnect probe)', async () => {
    const config = (await (await fetch(`${t.url}/api/config`)).json()) as {
      data: { echo: { key: string } };
    };
    const res = await fetch(`${t.url}/app/${config.data.echo.key}`, { cache: 'no-store' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    const head = await fetch(`${t.url}/app/${config.data.echo.key}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it("offers only the ws transport for its own websockets (the page's scheme decides TLS)", async () => {
    const config = await call<AppConfig>(t.url, 'GET', '/api/config');
    // A `wss` fallback to the port that served a plain-HTTP page can only fail.
    expect(config.data.echo).toMatchObject({
      enabledTransports: ['ws'],
      wsHost: null,
      forceTLS: 0,
    });
  });

  it('authorises a private channel for a role the access table allows', async () => {
    const echo = await connectEcho(t.url, admin);
    await subscribed(echo.private('general.users'));
  });

  it('refuses a private channel to a role that may not see it', async () => {
    const batcher = await tokenFor(t.url, 'batcher');
    const echo = await connectEcho(t.url, batcher);
    await expect(subscribed(echo.private('general.users'))).rejects.toThrow(/subscription refused/);
    const direct = await fetch(`${t.url}/api/broadcasting/auth`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${batcher}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `socket_id=${echo.socketId()}&channel_name=private-general.users`,
    });
    expect(direct.status).toBe(403);
  });

  it('refuses channel auth without a token and for malformed names', async () => {
    const anonymous = await fetch(`${t.url}/api/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'socket_id=1.1&channel_name=private-general.users',
    });
    expect(anonymous.status).toBe(401);
    const reply = await call(t.url, 'POST', '/api/broadcasting/auth', {
      token: admin,
      body: { socket_id: '1.1', channel_name: 'private-bad name!' },
    });
    expect(reply.httpStatus).toBe(422);
  });

  it('shows who is on a presence channel with name and username', async () => {
    const planner = await tokenFor(t.url, 'planning');
    const first = await connectEcho(t.url, admin);
    await subscribed(first.join('dashboard.home'));
    const second = await connectEcho(t.url, planner);
    const members = await waitFor(
      new Promise<Array<{ name: string; username: string }>>((resolve) =>
        second.join('dashboard.home').here(resolve),
      ),
      'presence members',
    );
    expect(members.map((m) => m.username).sort()).toEqual(['admin', 'planning']);
  });

  it('broadcasts a user change to others, not to the connection that made it (X-Socket-Id)', async () => {
    const author = await connectEcho(t.url, admin);
    const watcher = await connectEcho(t.url, admin);
    const authorChannel = author.private('general.users');
    const watcherChannel = watcher.private('general.users');
    await Promise.all([subscribed(authorChannel), subscribed(watcherChannel)]);
    const authorSaw: UserEvent[] = [];
    authorChannel.listen('.user.updated', (e: UserEvent) => authorSaw.push(e));
    const received = waitFor(
      new Promise<UserEvent>((resolve) => watcherChannel.listen('.user.updated', resolve)),
      'user.updated on the watcher',
    );

    const list = await call<{ rows: { id: number; version: number }[] }>(
      t.url,
      'GET',
      '/api/general/users?search=sealer',
      { token: admin },
    );
    const sealer = list.data.rows[0];
    if (!sealer) throw new Error('demo sealer missing');
    await call(t.url, 'PUT', `/api/general/users/${sealer.id}`, {
      token: admin,
      headers: { 'x-socket-id': author.socketId() ?? '' },
      body: { version: sealer.version, name: 'Liam Murphy-Ross' },
    });

    const event = await received;
    expect(event).toMatchObject({
      id: sealer.id,
      version: sealer.version + 1,
      data: { name: 'Liam Murphy-Ross' },
    });
    expect(event.seq).toBeGreaterThan(0);
    // The author's own broadcast would have arrived alongside the watcher's; a later event to
    // both proves the author's connection is live, so its silence above is the exclusion.
    const marker = waitFor(
      new Promise((resolve) => authorChannel.listen('.user.created', resolve)),
      'marker on author',
    );
    await call(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username: 'marker.user', password: 'password-1', name: 'Marker', roles: ['sealer'] },
    });
    await marker;
    expect(authorSaw).toEqual([]);
  });

  it('refuses a public channel: the app publishes on none and its sockets never sign in', async () => {
    const echo = await connectEcho(t.url, admin);
    const refusal = waitFor(
      new Promise<unknown>((resolve) => echo.channel('news').error(resolve)),
      'the public subscription to be refused',
    );
    expect(await refusal).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('answers a whisper with pusher:error 4301 and relays nothing (client events are off)', async () => {
    const sender = await connectEcho(t.url, admin);
    const listener = await connectEcho(t.url, admin);
    const senderChannel = sender.private('general.users');
    const listenerChannel = listener.private('general.users');
    await Promise.all([subscribed(senderChannel), subscribed(listenerChannel)]);
    const whispers: unknown[] = [];
    listenerChannel.listenForWhisper('typing', (e: unknown) => whispers.push(e));
    const refused = waitFor(
      new Promise<unknown>((resolve) => sender.connector.pusher.connection.bind('error', resolve)),
      'pusher:error on the sender',
    );
    senderChannel.whisper('typing', { on: true });
    expect(await refused).toMatchObject({ type: 'PusherError', data: { code: 4301 } });
    // A server event after the whisper, heard by the listener, proves nothing was relayed.
    const marker = waitFor(
      new Promise((resolve) => listenerChannel.listen('.user.created', resolve)),
      'marker on the listener',
    );
    await call(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: {
        username: 'whisper.marker',
        password: 'password-1',
        name: 'Marker',
        roles: ['sealer'],
      },
    });
    await marker;
    expect(whispers).toEqual([]);
  });
});
