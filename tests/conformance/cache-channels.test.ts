import { describe, expect, it } from 'vitest';
import { realtimeSuite } from '../support/realtime-suite.ts';
import { RawClient, connectPusher, nextEvent, recordEvents } from './conformance-clients.ts';

// Cache channels (cache-, private-cache-, private-encrypted-cache-, presence-cache-): a new
// subscriber gets the channel's last server event right after subscription_succeeded, or
// pusher:cache_miss when there is none; the HTTP API shows it with info=cache.

const realtime = realtimeSuite({ env: { PUSHER_CLIENT_EVENTS: '1' } });
let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now()}-${(serial += 1)}`;

describe('cache channels', () => {
  it('answers pusher:cache_miss when nothing was published yet', async () => {
    const pusher = await connectPusher(realtime.node, '1');
    const channel = pusher.subscribe(fresh('cache-empty-'));
    const miss = nextEvent(channel, 'pusher:cache_miss');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    await miss;
  });

  it('sends the miss as Pusher documents it: event and channel, no data', async () => {
    const name = fresh('cache-bare-');
    const raw = await RawClient.open(realtime.node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: name } });
    const miss = await raw.next((f) => f.event === 'pusher:cache_miss', 'cache miss');
    expect(miss).toEqual({ event: 'pusher:cache_miss', channel: name });
    raw.close();
  });

  it('sends the last event right after subscription_succeeded', async () => {
    const name = fresh('cache-score-');
    await realtime.sdk.trigger(name, 'score', { home: 1 });
    await realtime.sdk.trigger(name, 'score', { home: 2 });
    const raw = await RawClient.open(realtime.node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: name } });
    const succeeded = await raw.event('pusher_internal:subscription_succeeded');
    const after = raw.frames.slice(raw.frames.indexOf(succeeded) + 1);
    const next =
      after[0] ??
      (await raw.next(
        (f) => f.channel === name && f.event !== 'pusher_internal:subscription_succeeded',
        'cached event',
      ));
    expect(next).toMatchObject({ event: 'score', channel: name, data: { home: 2 } });
    expect(raw.frames.some((f) => f.event === 'pusher:cache_miss')).toBe(false);
    raw.close();
  });

  it('hands the cached event to pusher-js and Echo-style private cache channels', async () => {
    const name = fresh('private-cache-orders-');
    await realtime.node.realtime.publisher.publish({
      channels: [name],
      event: 'list.state',
      data: { seq: 7 },
    });
    const pusher = await connectPusher(realtime.node, '2');
    const channel = pusher.subscribe(name);
    expect((await nextEvent(channel, 'list.state')).data).toEqual({ seq: 7 });
  });

  it('refuses a private cache channel without a valid signature', async () => {
    const raw = await RawClient.open(realtime.node);
    await raw.socketId();
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: fresh('private-cache-x-'), auth: 'test-key:forged' },
    });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({
      type: 'AuthError',
    });
    raw.close();
  });

  it('works on presence cache channels after the member list', async () => {
    const name = fresh('presence-cache-room-');
    await realtime.sdk.trigger(name, 'topic', { text: 'stamps' });
    const pusher = await connectPusher(realtime.node, '3');
    const channel = pusher.subscribe(name);
    const cached = nextEvent(channel, 'topic');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    expect((await cached).data).toEqual({ text: 'stamps' });
  });

  it('keeps the server state when a client event passes on the channel', async () => {
    const name = fresh('private-cache-chat-');
    await realtime.node.realtime.publisher.publish({
      channels: [name],
      event: 'state',
      data: { v: 1 },
    });
    const sender = await connectPusher(realtime.node, '4');
    const channel = sender.subscribe(name);
    await nextEvent(channel, 'state');
    channel.trigger('client-typing', { on: true });
    const late = await connectPusher(realtime.node, '5');
    const lateChannel = late.subscribe(name);
    const seen = recordEvents(lateChannel, 'client-typing');
    expect((await nextEvent(lateChannel, 'state')).data).toEqual({ v: 1 });
    expect(seen).toEqual([]);
  });

  it('shows the cached event with info=cache in the HTTP API', async () => {
    const name = fresh('cache-info-');
    await realtime.sdk.trigger(name, 'snapshot', { n: 3 });
    const body = (await (
      await realtime.sdk.get({ path: `/channels/${name}`, params: { info: 'cache' } })
    ).json()) as {
      cache?: { event: string; data: string; ttl: number };
    };
    expect(body.cache).toMatchObject({ event: 'snapshot', data: JSON.stringify({ n: 3 }) });
    expect(body.cache?.ttl).toBeGreaterThan(1700);
    const plain = (await (
      await realtime.sdk.get({
        path: `/channels/${fresh('cache-none-')}`,
        params: { info: 'cache' },
      })
    ).json()) as object;
    expect(plain).not.toHaveProperty('cache');
  });
});
