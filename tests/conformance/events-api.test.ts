import Pusher from 'pusher';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signApiRequest } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { connectPusher, disconnectAll, nextEvent, recordEvents } from './conformance-clients.ts';

/** Any error message: the tests below pin the status, not the wording. */
const anyText: unknown = expect.any(String);

// The HTTP events API driven by the official `pusher` SDK, plus hand-signed requests for the
// failures the SDK would never send.

let node: RealtimeNode;
let sdk: Pusher;
beforeAll(async () => {
  node = await startRealtimeNode();
  sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

async function signedFetch(method: string, path: string, body?: string, timestamp?: number, params?: Record<string, string>) {
  const query = signApiRequest(node.realtime.credentials, { method, path, ...(params ? { params } : {}), ...(body === undefined ? {} : { body }) }, timestamp);
  return fetch(`${node.baseUrl}${path}?${new URLSearchParams(query).toString()}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
}

describe('route declarations', () => {
  it('declares access pusher-signed on every events API route', () => {
    const api = node.routes.filter((r) => r.url.startsWith('/apps/'));
    expect(api.length).toBeGreaterThanOrEqual(6);
    for (const route of api) expect(route.access).toBe('pusher-signed');
  });
});

describe('POST /apps/:id/events', () => {
  it('delivers to every listed channel and answers {}', async () => {
    const pusher = await connectPusher(node);
    const a = pusher.subscribe('a');
    const b = pusher.subscribe('b');
    await Promise.all([nextEvent(a, 'pusher:subscription_succeeded'), nextEvent(b, 'pusher:subscription_succeeded')]);
    const gotA = nextEvent(a, 'thing');
    const gotB = nextEvent(b, 'thing');
    const res = await sdk.trigger(['a', 'b'], 'thing', { x: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect([(await gotA).data, (await gotB).data]).toEqual([{ x: 1 }, { x: 1 }]);
  });

  it('skips exactly the connection named by socket_id', async () => {
    const me = await connectPusher(node);
    const other = await connectPusher(node);
    const mine = me.subscribe('orders');
    const theirs = other.subscribe('orders');
    await Promise.all([nextEvent(mine, 'pusher:subscription_succeeded'), nextEvent(theirs, 'pusher:subscription_succeeded')]);
    const seenByMe = recordEvents(mine, 'order.updated');
    const got = nextEvent(theirs, 'order.updated');
    await sdk.trigger('orders', 'order.updated', { id: 1 }, { socket_id: me.connection.socket_id });
    await got;
    const marker = nextEvent(mine, 'marker');
    await sdk.trigger('orders', 'marker', {});
    await marker;
    expect(seenByMe).toEqual([]);
  });

  it('delivers a batch in order', async () => {
    const pusher = await connectPusher(node);
    const channel = pusher.subscribe('seq');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const got = recordEvents(channel, 'n');
    const last = nextEvent(channel, 'last');
    const batch = Array.from({ length: 9 }, (_, i) => ({ channel: 'seq', name: 'n', data: { i } }));
    const res = await sdk.triggerBatch([...batch, { channel: 'seq', name: 'last', data: {} }]);
    expect(res.status).toBe(200);
    await last;
    expect(got).toEqual(Array.from({ length: 9 }, (_, i) => ({ i })));
  });

  it('answers 413 when data is over 10 KB', async () => {
    await expect(sdk.trigger('a', 'big', 'x'.repeat(10 * 1024 + 1))).rejects.toMatchObject({ status: 413 });
  });

  it('answers 400 to a bad channel name or a batch of 11', async () => {
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['bad name'] });
    expect((await signedFetch('POST', `/apps/${TEST_APP.id}/events`, body)).status).toBe(400);
    const batch = JSON.stringify({ batch: Array.from({ length: 11 }, () => ({ channel: 'a', name: 'e', data: '{}' })) });
    expect((await signedFetch('POST', `/apps/${TEST_APP.id}/batch_events`, batch)).status).toBe(400);
    expect((await signedFetch('POST', `/apps/${TEST_APP.id}/events`, '{nope')).status).toBe(400);
  });

  it('answers 401 to a bad signature, a wrong secret and an old timestamp', async () => {
    const wrong = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: 'not-the-secret-at-all', host: node.host, port: String(node.port), useTLS: false });
    await expect(wrong.trigger('a', 'e', {})).rejects.toMatchObject({ status: 401 });
    const body = JSON.stringify({ name: 'e', data: '{}', channel: 'a' });
    const old = Math.floor(Date.now() / 1000) - 601;
    expect((await signedFetch('POST', `/apps/${TEST_APP.id}/events`, body, old)).status).toBe(401);
    const query = signApiRequest(node.realtime.credentials, { method: 'POST', path: `/apps/${TEST_APP.id}/events`, body });
    const tampered = await fetch(`${node.baseUrl}/apps/${TEST_APP.id}/events?${new URLSearchParams(query).toString()}`, {
      method: 'POST',
      body: body.replace('"e"', '"f"'),
      headers: { 'content-type': 'application/json' },
    });
    expect(tampered.status).toBe(401);
  });

  it('answers 404 to an unknown app id', async () => {
    const other = new Pusher({ appId: 'other-app', key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
    await expect(other.trigger('a', 'e', {})).rejects.toMatchObject({ status: 404 });
  });

  it('answers 413 to a body over the request limit', async () => {
    const body = JSON.stringify({ name: 'e', data: 'x'.repeat(300 * 1024), channel: 'a' });
    expect((await signedFetch('POST', `/apps/${TEST_APP.id}/events`, body)).status).toBe(413);
  });

  it('repeats the status in every error body as {error, code}, for clients that read only the body', async () => {
    const other = new Pusher({ appId: 'other-app', key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
    const sdkRefusals: Array<[() => Promise<unknown>, number]> = [
      [() => other.get({ path: '/channels' }), 404],
      [() => sdk.get({ path: '/channels/not-presence/users' }), 400],
      [() => sdk.trigger('a', 'e', 'x'.repeat(10 * 1024 + 1)), 413],
    ];
    for (const [request, status] of sdkRefusals) {
      const error = (await request().then(() => undefined, (e: unknown) => e)) as { status: number; body: string } | undefined;
      expect(error?.status).toBe(status);
      expect(JSON.parse(error?.body ?? '{}')).toEqual({ error: anyText, code: status });
    }
    // The SDK itself refuses over 100 channels or a name over 200 characters: signed by hand.
    const channels = Array.from({ length: 101 }, (_, n) => `c${n}`);
    for (const body of [{ name: 'e', data: 'x', channels }, { name: 'e'.repeat(201), data: 'x', channel: 'a' }]) {
      const refused = await signedFetch('POST', `/apps/${TEST_APP.id}/events`, JSON.stringify(body));
      expect([refused.status, await refused.json()]).toEqual([400, { error: anyText, code: 400 }]);
    }
    const stale = await signedFetch('POST', `/apps/${TEST_APP.id}/events`, '{}', Math.floor(Date.now() / 1000) - 3600);
    expect([stale.status, await stale.json()]).toEqual([401, { error: anyText, code: 401 }]);
  });
});

describe('channel queries', () => {
  it('lists occupied channels, filters by prefix and counts presence users', async () => {
    const one = await connectPusher(node, '1');
    const two = await connectPusher(node, '2');
    const channels = [one.subscribe('presence-q'), two.subscribe('presence-q'), one.subscribe('private-q')];
    await Promise.all(channels.map((c) => nextEvent(c, 'pusher:subscription_succeeded')));

    const all = (await (await sdk.get({ path: '/channels' })).json()) as { channels: Record<string, unknown> };
    expect(Object.keys(all.channels)).toEqual(expect.arrayContaining(['presence-q', 'private-q']));
    const presence = (await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json()) as {
      channels: Record<string, { user_count: number }>;
    };
    expect(presence.channels['presence-q']).toEqual({ user_count: 2 });
    expect(Object.keys(presence.channels).every((c) => c.startsWith('presence-'))).toBe(true);
    await expect(sdk.get({ path: '/channels', params: { info: 'user_count' } })).rejects.toMatchObject({ status: 400 });

    const one_ = (await (await sdk.get({ path: '/channels/presence-q', params: { info: 'user_count,subscription_count' } })).json()) as unknown;
    expect(one_).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
    expect(await (await sdk.get({ path: '/channels/empty-one' })).json()).toEqual({ occupied: false });

    const users = (await (await sdk.get({ path: '/channels/presence-q/users' })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((u) => u.id).sort()).toEqual(['1', '2']);
    await expect(sdk.get({ path: '/channels/private-q/users' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('POST /apps/:id/users/:uid/terminate_connections', () => {
  it('closes every connection of that user with 4009 and leaves others alone', async () => {
    const victim1 = await connectPusher(node, '66');
    const victim2 = await connectPusher(node, '66');
    const bystander = await connectPusher(node, '67');
    for (const p of [victim1, victim2, bystander]) await nextEvent(p.subscribe('presence-t'), 'pusher:subscription_succeeded');
    const errors = [victim1, victim2].map((p) => nextEvent<{ type: string; data: { code: number } }>(p.connection, 'error'));
    const gone = [victim1, victim2].map((p) => nextEvent(p.connection, 'disconnected'));
    const res = await sdk.terminateUserConnections('66');
    expect(res.status).toBe(200);
    for (const e of await Promise.all(errors)) expect(e.data).toMatchObject({ type: 'PusherError', data: { code: 4009 } });
    // 4009 is in pusher-js's "refused" range: it stays disconnected instead of reconnecting.
    await Promise.all(gone);
    expect(bystander.connection.state).toBe('connected');
  });
});
