import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient, connectPusher, disconnectAll, nextEvent, recordEvents } from './conformance-clients.ts';

// Presence: one member per user however many connections, arrivals and departures announced
// to others only, and the limits on members and user_info.

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode();
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

type Member = { id: string; info: unknown };

async function join(user: string, name: string): Promise<{ channel: PresenceChannel; members: { count: number; ids: string[] } }> {
  const pusher = await connectPusher(node, user);
  const channel = pusher.subscribe(name) as PresenceChannel;
  await nextEvent(channel, 'pusher:subscription_succeeded');
  const ids: string[] = [];
  channel.members.each((m: Member) => ids.push(m.id));
  return { channel, members: { count: channel.members.count, ids: ids.sort() } };
}

describe('presence channels', () => {
  it('lists members with their info on subscription_succeeded', async () => {
    await join('1:Ada', 'presence-dashboard.a');
    const { channel, members } = await join('2:Bob', 'presence-dashboard.a');
    expect(members).toEqual({ count: 2, ids: ['1', '2'] });
    expect(channel.members.get('1')).toEqual({ id: '1', info: { name: 'Ada' } });
    expect(channel.members.me).toEqual({ id: '2', info: { name: 'Bob' } });
  });

  it('announces a new user to others, never to the joiner itself', async () => {
    const first = await join('1', 'presence-dashboard.b');
    const added = nextEvent<Member>(first.channel, 'pusher:member_added');
    const second = await join('2', 'presence-dashboard.b');
    const ownAdds = recordEvents(second.channel, 'pusher:member_added');
    expect((await added).data).toEqual({ id: '2', info: { name: '2' } });
    // Round-trip a third joiner through both: by then an own member_added would have arrived.
    const seenBySecond = nextEvent<Member>(second.channel, 'pusher:member_added');
    await join('3', 'presence-dashboard.b');
    await seenBySecond;
    expect(ownAdds.map((m) => (m as Member).id)).toEqual(['3']);
  });

  it('counts one user on two connections once, and removes it only after the last closes', async () => {
    const watcher = await join('9', 'presence-dashboard.c');
    const adds = recordEvents(watcher.channel, 'pusher:member_added');
    const removes = recordEvents(watcher.channel, 'pusher:member_removed');
    const raw1 = await RawClient.open(node);
    const raw2 = await RawClient.open(node);
    for (const raw of [raw1, raw2]) {
      const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'presence-dashboard.c', { user_id: 5, user_info: {} });
      raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-dashboard.c', auth: signed.auth, channel_data: signed.channel_data } });
      await raw.event('pusher_internal:subscription_succeeded');
    }
    const second = raw2.frames.find((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect((second?.data as { presence: { count: number; ids: string[] } }).presence).toMatchObject({ count: 2, ids: expect.arrayContaining(['5', '9']) as unknown });
    expect(adds).toHaveLength(1);

    raw1.close();
    await raw1.closed;
    expect(await node.realtime.channelInfo.presenceUserIds('presence-dashboard.c')).toEqual(expect.arrayContaining(['5', '9']));
    const removed = nextEvent<Member>(watcher.channel, 'pusher:member_removed');
    raw2.close();
    expect((await removed).data.id).toBe('5');
    expect(removes).toHaveLength(1);
  });

  it('removes a member when its close frame arrives, before the TCP connection ends', async () => {
    const watcher = await join('1', 'presence-dashboard.e');
    const raw = await RawClient.open(node);
    const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'presence-dashboard.e', { user_id: 6 });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-dashboard.e', auth: signed.auth, channel_data: signed.channel_data } });
    await raw.event('pusher_internal:subscription_succeeded');
    const removed = nextEvent<Member>(watcher.channel, 'pusher:member_removed');
    // Say goodbye, then stop reading: the server's close reply is never read, so the TCP
    // connection stays open (ws would wait 30 s before dropping it).
    raw.close();
    (raw.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    expect((await removed).data.id).toBe('6');
    expect(await node.realtime.channelInfo.presenceUserIds('presence-dashboard.e')).toEqual(['1']);
    raw.ws.terminate();
  });

  it('sends member_removed when a user unsubscribes', async () => {
    const watcher = await join('1', 'presence-dashboard.d');
    const leaver = await join('2', 'presence-dashboard.d');
    const removed = nextEvent<Member>(watcher.channel, 'pusher:member_removed');
    leaver.channel.unsubscribe();
    expect((await removed).data.id).toBe('2');
  });

  it('refuses channel_data that differs from what was signed', async () => {
    const raw = await RawClient.open(node);
    const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'presence-x', { user_id: 1 });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-x', auth: signed.auth, channel_data: '{"user_id":"admin"}' } });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({ type: 'AuthError', status: 401 });
    raw.close();
  });

  it('refuses user_info over 1 KB', async () => {
    const raw = await RawClient.open(node);
    const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'presence-big', { user_id: 1, user_info: { bio: 'x'.repeat(1100) } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-big', auth: signed.auth, channel_data: signed.channel_data } });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({ status: 413 });
    raw.close();
  });

  it('refuses the 101st member but lets a present user open another connection', async () => {
    const sockets: RawClient[] = [];
    const subscribe = async (userId: number) => {
      const raw = await RawClient.open(node);
      sockets.push(raw);
      const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'presence-full', { user_id: userId });
      raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-full', auth: signed.auth, channel_data: signed.channel_data } });
      return raw.next((f) => f.event.includes('subscription_'), 'subscription reply');
    };
    for (let user = 1; user <= 100; user += 1) expect((await subscribe(user)).event).toBe('pusher_internal:subscription_succeeded');
    expect(await subscribe(101)).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'LimitReached' } });
    expect((await subscribe(50)).event).toBe('pusher_internal:subscription_succeeded');
    for (const raw of sockets) raw.close();
  });
});
