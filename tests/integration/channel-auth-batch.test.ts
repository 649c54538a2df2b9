import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthLimiter } from '../../src/api/auth-limiter.ts';
import type { AppConfig } from '../../src/api/auth.types.ts';
import { channelAuthorizer } from '../../src/api/channel-authorizer.ts';
import { echoOptions } from '../../src/api/echo-client.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { subscribed, waitFor } from '../support/echo-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// A page's channels authorised in one request: pusher-js asks for each channel alone, but the
// page's authorizer sends those asked in the same turn together (src/api/channel-authorizer.ts).
// Real pusher-js and laravel-echo against the real server; the page's fetch is counted, not
// replaced.

describe('channel authorisation in batches', () => {
  let t: TestServer;
  let settings: AppConfig['echo'];
  const opened: Echo<'pusher'>[] = [];
  beforeAll(async () => {
    t = await startTestServer();
    settings = (await call<AppConfig>(t.url, 'GET', '/api/config')).data.echo;
  }, 120_000);
  afterEach(() => {
    for (const echo of opened.splice(0)) echo.disconnect();
  });
  afterAll(async () => t.close());

  /** An Echo configured as the app's page is, whose authorisation requests are counted. */
  async function page(username: string) {
    const token = `Bearer ${await tokenFor(t.url, username)}`;
    const url = new URL(t.url);
    const requests: string[] = [];
    const customHandler = channelAuthorizer({
      endpoint: `${t.url}${settings.authEndpoint}/batch`,
      authorization: token,
      limiter: createAuthLimiter({ jitterMs: 0 }),
      fetch: (input, init) => {
        requests.push(typeof init?.body === 'string' ? init.body : '');
        return fetch(input, init);
      },
    });
    const location = { protocol: url.protocol, hostname: url.hostname, port: url.port };
    const echo = new Echo({
      ...echoOptions(settings, token, location),
      channelAuthorization: { customHandler },
      Pusher,
      disableStats: true,
    });
    opened.push(echo);
    const pusher = echo.connector.pusher;
    await waitFor(
      new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve())),
      'the page to connect',
    );
    return { echo, pusher, requests };
  }

  it('authorises a private and a presence channel asked together in one request', async () => {
    const { echo, requests } = await page('admin');
    const users = echo.private('general.users');
    const home = echo.join('dashboard.home');
    await Promise.all([subscribed(users), subscribed(home)]);
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!)).toMatchObject({
      channel_names: ['private-general.users', 'presence-dashboard.home'],
    });
  });

  it('resubscribes both after a reconnect with one more request', async () => {
    const { echo, pusher, requests } = await page('admin');
    const channels = [echo.private('general.users'), echo.join('dashboard.home')];
    await Promise.all(channels.map(subscribed));
    const before = requests.length;
    // Echo's `subscribed` callbacks stay bound: each channel calls its own again when it is back.
    const back = Promise.all(
      channels.map((channel) => new Promise<void>((resolve) => channel.subscribed(resolve))),
    );
    pusher.disconnect();
    pusher.connect();
    await waitFor(back, 'both channels back');
    expect(requests.length - before).toBe(1);
  });

  it('fails only the channel the user may not see', async () => {
    const { echo, requests } = await page('batcher');
    const [allowed, forbidden] = await Promise.allSettled([
      subscribed(echo.join('dashboard.home')),
      subscribed(echo.private('general.users')),
    ]);
    expect(allowed.status).toBe('fulfilled');
    expect(forbidden).toMatchObject({
      status: 'rejected',
      reason: { message: /subscription refused/ },
    });
    expect(requests).toHaveLength(1);
  });

  it('refuses a batch without a token, with repeated channels or with too many', async () => {
    const anonymous = await fetch(`${t.url}/api/broadcasting/auth/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ socket_id: '1.1', channel_names: ['private-general.users'] }),
    });
    expect(anonymous.status).toBe(401);
    const admin = await tokenFor(t.url, 'admin');
    const twice = await call(t.url, 'POST', '/api/broadcasting/auth/batch', {
      token: admin,
      body: { socket_id: '1.1', channel_names: ['private-general.users', 'private-general.users'] },
    });
    expect(twice.httpStatus).toBe(422);
    expect(twice.data).toEqual({ channel_names: 'unique' });
    const many = await call(t.url, 'POST', '/api/broadcasting/auth/batch', {
      token: admin,
      body: {
        socket_id: '1.1',
        channel_names: Array.from({ length: 11 }, (_, i) => `private-c${i}`),
      },
    });
    expect(many.httpStatus).toBe(422);
    expect(many.data).toEqual({ channel_names: 'size' });
  });
});
