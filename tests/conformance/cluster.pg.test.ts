import Pusher from 'pusher';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { startRealtimeNodeProcess } from '../support/realtime-node-process.ts';
import { RawClient, connectPusher, disconnectAll, nextEvent, recordEvents } from './conformance-clients.ts';
import { lacks } from '../support/services.ts';
import { Receiver, named } from './webhook-receiver.ts';

// Two server processes' worth of realtime sharing one Redis: whatever node a client is on,
// it sees the same events and the same presence list. Runs only when REDIS_URL is set.

const redisUrl = process.env.REDIS_URL;

describe.skipIf(lacks('REDIS_URL'))('cluster over Redis', () => {
  let a: RealtimeNode;
  let b: RealtimeNode;
  beforeAll(async () => {
    a = await startRealtimeNode({ redisUrl, env: { PUSHER_CLIENT_EVENTS: '1' } });
    b = await startRealtimeNode({ redisUrl, env: { PUSHER_CLIENT_EVENTS: '1' } });
  });
  afterEach(() => disconnectAll());
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('runs both nodes in redis mode', () => {
    expect([a.realtime.mode, b.realtime.mode]).toEqual(['redis', 'redis']);
  });

  it('delivers to a client on node B what is published on node A (publisher and HTTP API)', async () => {
    const pusher = await connectPusher(b, '1');
    const channel = pusher.subscribe('private-production.orders');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const first = nextEvent(channel, 'order.updated');
    await a.realtime.publisher.publish({ channels: ['private-production.orders'], event: 'order.updated', data: { id: 1 } });
    expect((await first).data).toEqual({ id: 1 });
    const second = nextEvent(channel, 'order.created');
    const sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: a.host, port: String(a.port), useTLS: false });
    await sdk.trigger('private-production.orders', 'order.created', { id: 2 });
    expect((await second).data).toEqual({ id: 2 });
  });

  it('excludes the socket_id of a connection on the other node', async () => {
    const onA = await connectPusher(a, '1');
    const onB = await connectPusher(b, '2');
    const mine = onB.subscribe('orders-x');
    const theirs = onA.subscribe('orders-x');
    await Promise.all([nextEvent(mine, 'pusher:subscription_succeeded'), nextEvent(theirs, 'pusher:subscription_succeeded')]);
    const seenByMe = recordEvents(mine, 'e');
    const got = nextEvent(theirs, 'e');
    await a.realtime.publisher.publish({ channels: ['orders-x'], event: 'e', data: {}, socketId: onB.connection.socket_id });
    await got;
    const marker = nextEvent(mine, 'marker');
    await a.realtime.publisher.publish({ channels: ['orders-x'], event: 'marker', data: {} });
    await marker;
    expect(seenByMe).toEqual([]);
  });

  it('agrees on presence across nodes, one user on both nodes counted once', async () => {
    const name = `presence-dashboard.cluster-${Date.now()}`;
    const watcher = await connectPusher(a, '9');
    const watch = watcher.subscribe(name) as PresenceChannel;
    await nextEvent(watch, 'pusher:subscription_succeeded');
    const adds = recordEvents(watch, 'pusher:member_added');

    const added = nextEvent(watch, 'pusher:member_added');
    const onB = await connectPusher(b, '5');
    const viaB = onB.subscribe(name) as PresenceChannel;
    await nextEvent(viaB, 'pusher:subscription_succeeded');
    await added;
    const onA = await connectPusher(a, '5');
    const viaA = onA.subscribe(name) as PresenceChannel;
    await nextEvent(viaA, 'pusher:subscription_succeeded');

    expect(viaB.members.count).toBe(2);
    expect(viaA.members.count).toBe(2);
    expect((await a.realtime.channelInfo.presenceUserIds(name)).sort()).toEqual(['5', '9']);
    expect((await b.realtime.channelInfo.presenceUserIds(name)).sort()).toEqual(['5', '9']);
    expect(adds).toHaveLength(1);

    const removed = nextEvent<{ id: string }>(watch, 'pusher:member_removed');
    onB.disconnect();
    onA.disconnect();
    expect((await removed).data.id).toBe('5');
    expect(await b.realtime.channelInfo.presenceUserIds(name)).toEqual(['9']);
  });

  it('relays client events across nodes with the sender user_id', async () => {
    const name = `presence-room-${Date.now()}`;
    const sender = await connectPusher(a, '11');
    const receiver = await connectPusher(b, '12');
    const s = sender.subscribe(name);
    const r = receiver.subscribe(name);
    await Promise.all([nextEvent(s, 'pusher:subscription_succeeded'), nextEvent(r, 'pusher:subscription_succeeded')]);
    const got = nextEvent(r, 'client-hi');
    s.trigger('client-hi', { x: 1 });
    expect(await got).toEqual({ data: { x: 1 }, metadata: { user_id: '11' } });
  });

  it('terminates a user connected to the other node', async () => {
    const raw = await RawClient.open(b);
    const name = `presence-term-${Date.now()}`;
    const signed = b.realtime.authorizeChannel(await raw.socketId(), name, { user_id: 'u-1' });
    raw.send({ event: 'pusher:subscribe', data: { channel: name, auth: signed.auth, channel_data: signed.channel_data } });
    await raw.event('pusher_internal:subscription_succeeded');
    const sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: a.host, port: String(a.port), useTLS: false });
    await sdk.terminateUserConnections('u-1');
    expect((await raw.closed).code).toBe(4009);
  });

  it('counts channel occupancy cluster-wide in the HTTP API', async () => {
    const name = `presence-occ-${Date.now()}`;
    const one = await connectPusher(a, '1');
    const two = await connectPusher(b, '2');
    await Promise.all([nextEvent(one.subscribe(name), 'pusher:subscription_succeeded'), nextEvent(two.subscribe(name), 'pusher:subscription_succeeded')]);
    const sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: b.host, port: String(b.port), useTLS: false });
    const info = (await (await sdk.get({ path: `/channels/${name}`, params: { info: 'user_count,subscription_count' } })).json()) as unknown;
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
  });

  it('shares cache channels: a subscriber on B gets what was published on A', async () => {
    const name = `cache-cluster-${Date.now()}`;
    await a.realtime.publisher.publish({ channels: [name], event: 'state', data: { n: 1 } });
    const pusher = await connectPusher(b, '1');
    const channel = pusher.subscribe(name);
    expect((await nextEvent(channel, 'state')).data).toEqual({ n: 1 });
    const missOnA = nextEvent((await connectPusher(a, '2')).subscribe(`${name}-none`), 'pusher:cache_miss');
    await missOnA;
  });

  it('withdraws a shut-down node’s members and tells the others', async () => {
    const name = `presence-shutdown-${Date.now()}`;
    const c = await startRealtimeNode({ redisUrl });
    const watcher = await connectPusher(a, '1');
    const watch = watcher.subscribe(name);
    await nextEvent(watch, 'pusher:subscription_succeeded');
    const doomed = await RawClient.open(c);
    const signed = c.realtime.authorizeChannel(await doomed.socketId(), name, { user_id: 2 });
    doomed.send({ event: 'pusher:subscribe', data: { channel: name, auth: signed.auth, channel_data: signed.channel_data } });
    await doomed.event('pusher_internal:subscription_succeeded');
    const removed = nextEvent<{ id: string }>(watch, 'pusher:member_removed');
    // Graceful shutdown with the client still connected: 4200 to it, its presence withdrawn.
    await c.close();
    expect((await doomed.closed).code).toBe(4200);
    expect((await removed).data.id).toBe('2');
    expect(await a.realtime.channelInfo.presenceUserIds(name)).toEqual(['1']);
  });

  it('removes a crashed node’s members within the activity timeout and tells the others', async () => {
    // A short activity timeout on both sides: the crashed node's heartbeat lapses after half
    // of it, and the survivor sweeps every sixth of it.
    const activityTimeoutSeconds = 3;
    const survivor = await startRealtimeNode({ redisUrl, activityTimeoutSeconds });
    const crashing = await startRealtimeNodeProcess({ REDIS_URL: redisUrl ?? '', ACTIVITY_TIMEOUT: String(activityTimeoutSeconds) });
    try {
      const name = `presence-crash-${Date.now()}`;
      const watcher = await connectPusher(survivor, '1');
      const watch = watcher.subscribe(name);
      await nextEvent(watch, 'pusher:subscription_succeeded');
      const doomed = await RawClient.open(crashing as unknown as RealtimeNode);
      const signed = survivor.realtime.authorizeChannel(await doomed.socketId(), name, { user_id: 2 });
      const added = nextEvent(watch, 'pusher:member_added');
      doomed.send({ event: 'pusher:subscribe', data: { channel: name, auth: signed.auth, channel_data: signed.channel_data } });
      await doomed.event('pusher_internal:subscription_succeeded');
      await added;
      expect((await survivor.realtime.channelInfo.presenceUserIds(name)).sort()).toEqual(['1', '2']);

      const removed = nextEvent<{ id: string }>(watch, 'pusher:member_removed', activityTimeoutSeconds * 1000);
      const killedAt = Date.now();
      await crashing.kill();
      expect((await removed).data.id).toBe('2');
      expect(Date.now() - killedAt).toBeLessThan(activityTimeoutSeconds * 1000);
      expect(await survivor.realtime.channelInfo.presenceUserIds(name)).toEqual(['1']);
    } finally {
      await crashing.kill();
      await survivor.close();
    }
  });

  it('raises each webhook once for the cluster: occupied, member_added, member_removed, vacated', async () => {
    const receiver = await Receiver.start();
    const env = { PUSHER_WEBHOOK_URL: receiver.url };
    const [c, d] = [await startRealtimeNode({ redisUrl, env }), await startRealtimeNode({ redisUrl, env })];
    try {
      const name = `presence-hooks-${Date.now()}`;
      const join = async (node: RealtimeNode) => {
        const raw = await RawClient.open(node);
        const signed = node.realtime.authorizeChannel(await raw.socketId(), name, { user_id: '5' });
        raw.send({ event: 'pusher:subscribe', data: { channel: name, auth: signed.auth, channel_data: signed.channel_data } });
        await raw.event('pusher_internal:subscription_succeeded');
        return raw;
      };
      // The same user on both nodes, joined at once: one arrival and one occupied between them.
      const [onC, onD] = await Promise.all([join(c), join(d)]);
      onC.close();
      await onC.closed;
      onD.close();
      await receiver.next(named('channel_vacated', name), 'channel_vacated');
      // Each node posts in its own order, so only the count of each is compared.
      const told = receiver.events().filter((e) => e.channel === name).map((e) => String(e.name));
      expect(told.sort()).toEqual(['channel_occupied', 'channel_vacated', 'member_added', 'member_removed']);
    } finally {
      await c.close();
      await d.close();
      await receiver.close();
    }
  });
});
