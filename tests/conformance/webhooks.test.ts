import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient, connectPusher, disconnectAll, nextEvent } from './conformance-clients.ts';
import { Receiver, named } from './webhook-receiver.ts';

// Pusher's webhooks (docs/realtime.md, "Webhooks"): a real HTTP receiver stands where the
// app's endpoint would, and real pusher-js clients and raw sockets make things happen.

let receiver: Receiver;
let node: RealtimeNode;
beforeAll(async () => {
  receiver = await Receiver.start();
  node = await startRealtimeNode({
    env: { PUSHER_WEBHOOK_URL: receiver.url, PUSHER_CLIENT_EVENTS: '1' },
  });
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
  await receiver.close();
});

async function joinPresence(channel: string, userId: string): Promise<RawClient> {
  const raw = await RawClient.open(node);
  const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), channel, {
    user_id: userId,
  });
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  await raw.event('pusher_internal:subscription_succeeded');
  return raw;
}

describe('webhooks', () => {
  it('signs each POST with the app key and an HMAC of the exact body, one event per POST', async () => {
    const pusher = await connectPusher(node, 'u1');
    await nextEvent(pusher.subscribe('private-signed'), 'pusher:subscription_succeeded');
    await receiver.next(named('channel_occupied', 'private-signed'), 'channel_occupied');
    const post = receiver.posts.find((p) =>
      p.body.events.some(named('channel_occupied', 'private-signed')),
    );
    expect(post?.headers['x-pusher-key']).toBe(TEST_APP.key);
    expect(post?.headers['x-pusher-signature']).toBe(
      createHmac('sha256', TEST_APP.secret)
        .update(post?.raw ?? '')
        .digest('hex'),
    );
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.body.events).toEqual([{ name: 'channel_occupied', channel: 'private-signed' }]);
    expect(Math.abs((post?.body.time_ms ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('tells channel_occupied on the first subscriber and channel_vacated after the last one leaves, once each', async () => {
    const first = await connectPusher(node, 'u1');
    const second = await connectPusher(node, 'u2');
    await nextEvent(first.subscribe('private-room'), 'pusher:subscription_succeeded');
    await nextEvent(second.subscribe('private-room'), 'pusher:subscription_succeeded');
    first.unsubscribe('private-room');
    second.unsubscribe('private-room');
    await receiver.next(named('channel_vacated', 'private-room'), 'channel_vacated');
    const forRoom = receiver
      .events()
      .filter((e) => e.channel === 'private-room')
      .map((e) => e.name);
    expect(forRoom).toEqual(['channel_occupied', 'channel_vacated']);
  });

  it("tells member_added for a user's first connection and member_removed after the last, with the id as a string", async () => {
    const a1 = await joinPresence('presence-hall', '7');
    const a2 = await joinPresence('presence-hall', '7');
    await receiver.next(named('member_added', 'presence-hall'), 'member_added');
    a1.close();
    await a1.closed;
    a2.close();
    const removed = await receiver.next(named('member_removed', 'presence-hall'), 'member_removed');
    expect(removed).toEqual({ name: 'member_removed', channel: 'presence-hall', user_id: '7' });
    const members = receiver
      .events()
      .filter((e) => e.channel === 'presence-hall' && String(e.name).startsWith('member_'));
    expect(members).toEqual([
      { name: 'member_added', channel: 'presence-hall', user_id: '7' },
      { name: 'member_removed', channel: 'presence-hall', user_id: '7' },
    ]);
    await receiver.next(
      named('channel_vacated', 'presence-hall'),
      'channel_vacated after member_removed',
    );
  });

  it("tells client_event with the sender's socket id, its data as sent, and its user id on presence channels", async () => {
    const listener = await joinPresence('presence-chat', '1');
    const sender = await joinPresence('presence-chat', '2');
    const senderId = await sender.socketId();
    sender.send({ event: 'client-typing', channel: 'presence-chat', data: { draft: true } });
    await listener.event('client-typing');
    const told = await receiver.next(named('client_event', 'presence-chat'), 'client_event');
    expect(told).toEqual({
      name: 'client_event',
      channel: 'presence-chat',
      event: 'client-typing',
      data: { draft: true },
      socket_id: senderId,
      user_id: '2',
    });
    listener.close();
    sender.close();
  });

  it('tells cache_miss when a cache channel has nothing to give, and not once it has', async () => {
    const pusher = await connectPusher(node, 'u1');
    const empty = pusher.subscribe('private-cache-board');
    await nextEvent(empty, 'pusher:cache_miss');
    await receiver.next(named('cache_miss', 'private-cache-board'), 'cache_miss');
    await node.realtime.publisher.publish({
      channels: ['private-cache-board'],
      event: 'state',
      data: { n: 1 },
    });
    const later = await connectPusher(node, 'u2');
    await nextEvent(later.subscribe('private-cache-board'), 'state');
    const misses = receiver.events().filter(named('cache_miss', 'private-cache-board'));
    expect(misses).toHaveLength(1);
  });
});

describe('webhook settings', () => {
  it('sends only the events PUSHER_WEBHOOK_EVENTS lists', async () => {
    const own = await Receiver.start();
    const picky = await startRealtimeNode({
      env: { PUSHER_WEBHOOK_URL: own.url, PUSHER_WEBHOOK_EVENTS: 'channel_vacated' },
    });
    try {
      const raw = await RawClient.open(picky);
      raw.send({ event: 'pusher:subscribe', data: { channel: 'cache-lobby' } });
      await raw.event('pusher:cache_miss');
      raw.send({ event: 'pusher:unsubscribe', data: { channel: 'cache-lobby' } });
      await own.next(named('channel_vacated', 'cache-lobby'), 'channel_vacated');
      expect(own.events().map((e) => e.name)).toEqual(['channel_vacated']);
      raw.close();
    } finally {
      await picky.close();
      await own.close();
    }
  });

  it('stops the server on an event name Pusher does not send', () => {
    expect(() =>
      loadConfig({
        PUSHER_WEBHOOK_URL: 'http://127.0.0.1:1/hooks',
        PUSHER_WEBHOOK_EVENTS: 'channel_occupied,subscription_count',
      }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ PUSHER_WEBHOOK_URL: 'ftp://example.com/hooks' })).toThrow(
      ConfigError,
    );
  });
});
