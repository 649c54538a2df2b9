import { describe, expect, it } from 'vitest';
import {
  authenticateUser,
  authorizeChannel,
  signApiRequest,
} from '../../server/realtime/signatures.ts';
import { TEST_APP } from '../support/realtime-harness.ts';
import { realtimeSuite } from '../support/realtime-suite.ts';
import { RawClient, connectPusher, nextEvent, recordEvents } from './conformance-clients.ts';

// Shapes the Pusher protocol and HTTP API documents that pusher-js happens not to check:
// object `data` on connection-level frames, the event name limit on both paths, and the
// channel attributes `POST /events` answers when asked for them.

const realtime = realtimeSuite({ env: { PUSHER_CLIENT_EVENTS: '1' } });
describe('connection-level frames carry data as an object', () => {
  it('sends pusher:error {message, code} as an object', async () => {
    const raw = await RawClient.open(realtime.node);
    await raw.socketId();
    raw.send('{not json');
    const error = await raw.event('pusher:error');
    expect(error.wire).toEqual({ message: expect.any(String) as unknown, code: 4300 });
    raw.close();
  });

  it('sends pusher:signin_success {user_data} as an object', async () => {
    const raw = await RawClient.open(realtime.node);
    const socketId = await raw.socketId();
    const signed = authenticateUser(realtime.node.realtime.credentials, socketId, {
      id: '42',
      name: 'Ada',
    });
    raw.send({ event: 'pusher:signin', data: { auth: signed.auth, user_data: signed.user_data } });
    const success = await raw.event('pusher:signin_success');
    expect(success.wire).toEqual({ user_data: signed.user_data });
    raw.close();
  });
});

describe('event names over 200 characters', () => {
  const long = `client-${'x'.repeat(194)}`;

  it('refuses such a client event with pusher:error and relays nothing', async () => {
    const listener = await connectPusher(realtime.node, '2');
    const channel = listener.subscribe('private-names');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const relayed = recordEvents(channel, long);
    const raw = await RawClient.open(realtime.node);
    const signed = authorizeChannel(
      realtime.node.realtime.credentials,
      await raw.socketId(),
      'private-names',
    );
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-names', auth: signed.auth } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.send({ event: long, channel: 'private-names', data: {} });
    expect((await raw.event('pusher:error')).wire).toMatchObject({ code: 4300 });
    // A server event after it, seen by the listener, proves nothing was relayed before.
    const marker = nextEvent(channel, 'marker');
    await realtime.node.realtime.publisher.publish({
      channels: ['private-names'],
      event: 'marker',
      data: {},
    });
    await marker;
    expect(relayed).toEqual([]);
    raw.close();
  });

  it('still relays a client event of exactly 200 characters', async () => {
    const name = `client-${'y'.repeat(193)}`;
    const listener = await connectPusher(realtime.node, '3');
    const channel = listener.subscribe('private-names-ok');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const sender = await connectPusher(realtime.node, '4');
    const from = sender.subscribe('private-names-ok');
    await nextEvent(from, 'pusher:subscription_succeeded');
    const got = nextEvent(channel, name);
    from.trigger(name, { ok: 1 });
    expect((await got).data).toEqual({ ok: 1 });
  });

  it('is refused by the HTTP API the same way', async () => {
    // Signed by hand: the SDK refuses to send such a name at all.
    const path = `/apps/${TEST_APP.id}/events`;
    const body = JSON.stringify({ name: 'e'.repeat(201), channels: ['names'], data: '{}' });
    const query = signApiRequest(realtime.node.realtime.credentials, {
      method: 'POST',
      path,
      body,
    });
    const res = await fetch(
      `${realtime.node.baseUrl}${path}?${new URLSearchParams(query).toString()}`,
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('POST /events with info', () => {
  it('answers the requested attributes of every channel published to', async () => {
    const a = await connectPusher(realtime.node, '21');
    const b = await connectPusher(realtime.node, '22');
    const room = [a.subscribe('presence-info-room'), b.subscribe('presence-info-room')];
    const plain = a.subscribe('info-plain');
    await Promise.all([...room, plain].map((c) => nextEvent(c, 'pusher:subscription_succeeded')));
    const res = await realtime.sdk.trigger(
      ['presence-info-room', 'info-plain', 'info-empty'],
      'tick',
      {},
      { info: 'user_count,subscription_count' },
    );
    expect(await res.json()).toEqual({
      channels: {
        'presence-info-room': { user_count: 2, subscription_count: 2 },
        'info-plain': { subscription_count: 1 },
        'info-empty': { subscription_count: 0 },
      },
    });
  });

  it('answers {} without info, as before', async () => {
    const res = await realtime.sdk.trigger('info-plain', 'tick', {});
    expect(await res.json()).toEqual({});
  });

  it('answers per item of a batch when asked', async () => {
    const a = await connectPusher(realtime.node, '31');
    const c = a.subscribe('presence-batch-info');
    await nextEvent(c, 'pusher:subscription_succeeded');
    const res = await realtime.sdk.triggerBatch([
      {
        channel: 'presence-batch-info',
        name: 'one',
        data: '{}',
        info: 'user_count,subscription_count',
      },
      { channel: 'batch-none', name: 'two', data: '{}', info: 'subscription_count' },
    ]);
    expect(await res.json()).toEqual({
      batch: [{ user_count: 1, subscription_count: 1 }, { subscription_count: 0 }],
    });
  });
});
