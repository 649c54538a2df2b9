import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeNode, startRealtimeNode } from '../support/realtime-harness.ts';
import { connectPusher, disconnectAll, nextEvent, recordEvents } from './conformance-clients.ts';

// With PUSHER_HOST set the server hands websockets to an external Pusher-compatible server and
// publishes through the `pusher` SDK. Here the "external" server is another embedded node.

let carrier: RealtimeNode;
let app: RealtimeNode;
beforeAll(async () => {
  carrier = await startRealtimeNode();
  app = await startRealtimeNode({
    env: { PUSHER_HOST: carrier.host, PUSHER_PORT: String(carrier.port), PUSHER_SCHEME: 'http' },
  });
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await app.close();
  await carrier.close();
});

describe('external publisher', () => {
  it('runs in external mode: no websockets of its own, no events API', () => {
    expect(app.realtime.mode).toBe('external');
    expect(app.routes.filter((r) => r.url.startsWith('/apps/'))).toEqual([]);
  });

  it('delivers through the HTTP API to clients of the external server, skipping socket_id', async () => {
    const me = await connectPusher(carrier, '1');
    const other = await connectPusher(carrier, '2');
    const mine = me.subscribe('private-production.orders');
    const theirs = other.subscribe('private-production.orders');
    await Promise.all([nextEvent(mine, 'pusher:subscription_succeeded'), nextEvent(theirs, 'pusher:subscription_succeeded')]);
    const seenByMe = recordEvents(mine, 'order.updated');
    const got = nextEvent(theirs, 'order.updated');
    const socketId = me.connection.socket_id;
    await app.realtime.publisher.publish({ channels: ['private-production.orders'], event: 'order.updated', data: { id: 3 }, socketId });
    expect((await got).data).toEqual({ id: 3 });
    const marker = nextEvent(mine, 'marker');
    await app.realtime.publisher.publish({ channels: ['private-production.orders'], event: 'marker', data: {} });
    await marker;
    expect(seenByMe).toEqual([]);
  });

  it('sends every subscriber the ids only when some may not read the row (it cannot tell them apart)', async () => {
    const pusher = await connectPusher(carrier, '1');
    const channel = pusher.subscribe('private-inventory.documents');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const got = nextEvent(channel, 'stock_adjustment.updated');
    const change = { id: 4, seq: 9, version: 2 };
    await app.realtime.publisher.publish({
      channels: ['private-inventory.documents'],
      event: 'stock_adjustment.updated',
      data: { ...change, data: { id: 4, note: 'a row' } },
      readers: { area: 'inventory', others: { ...change, data: null } },
    });
    expect((await got).data).toEqual({ ...change, data: null });
  });

  it('publishes to more than 100 channels by chunking', async () => {
    const pusher = await connectPusher(carrier);
    const last = pusher.subscribe('c-149');
    await nextEvent(last, 'pusher:subscription_succeeded');
    const got = nextEvent(last, 'wide');
    const channels = Array.from({ length: 150 }, (_, i) => `c-${i}`);
    await app.realtime.publisher.publish({ channels, event: 'wide', data: { ok: true } });
    expect((await got).data).toEqual({ ok: true });
  });

  it('signs channel auth that the external server accepts and reads its channel info', async () => {
    // Websocket on the external server, channel auth from the app node's /broadcasting/auth.
    const pusher = await connectPusher(carrier, '5', {
      channelAuthorization: { endpoint: `${app.baseUrl}/broadcasting/auth`, transport: 'ajax', headers: { Authorization: 'Bearer 5' } },
    });
    await nextEvent(pusher.subscribe('presence-ext'), 'pusher:subscription_succeeded');
    expect(await app.realtime.channelInfo.presenceUserIds('presence-ext')).toEqual(['5']);
    expect(await app.realtime.channelInfo.occupiedChannels('presence-')).toContain('presence-ext');
  });
});
