import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient, connectPusher, disconnectAll, nextEvent, recordEvents } from './conformance-clients.ts';

// Client events (`client-…`, Echo's whisper): where they are allowed, who gets them, how fast.
// They are off unless PUSHER_CLIENT_EVENTS turns them on, as on Pusher; this suite turns them on.

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode({ env: { PUSHER_CLIENT_EVENTS: '1' } });
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

async function subscribed(user: string, name: string) {
  const pusher = await connectPusher(node, user);
  const channel = pusher.subscribe(name);
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return { pusher, channel };
}

describe('client events', () => {
  it('relays on private channels to others and never echoes to the sender', async () => {
    const sender = await subscribed('1', 'private-chat');
    const receiver = await subscribed('2', 'private-chat');
    const echoed = recordEvents(sender.channel, 'client-typing');
    const got = nextEvent(receiver.channel, 'client-typing');
    expect(sender.channel.trigger('client-typing', { on: true })).toBe(true);
    expect((await got).data).toEqual({ on: true });
    // A public server event after it, seen by the sender, proves nothing echoed in between.
    const marker = nextEvent(sender.channel, 'marker');
    await node.realtime.publisher.publish({ channels: ['private-chat'], event: 'marker', data: {} });
    await marker;
    expect(echoed).toEqual([]);
  });

  it('adds the sender user_id on presence channels', async () => {
    const sender = await subscribed('11', 'presence-room');
    const receiver = await subscribed('12', 'presence-room');
    const got = nextEvent(receiver.channel, 'client-wave');
    sender.channel.trigger('client-wave', { hi: 1 });
    const { data, metadata } = await got;
    expect(data).toEqual({ hi: 1 });
    expect(metadata).toEqual({ user_id: '11' });
  });

  it('refuses client events on public channels and on channels the sender has not joined', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.send({ event: 'client-x', channel: 'public-room', data: {} });
    await raw.event('pusher:error');
    raw.send({ event: 'client-x', channel: 'private-not-joined', data: {} });
    await raw.next((f) => f.event === 'pusher:error', 'second error', undefined, raw.frames.findIndex((f) => f.event === 'pusher:error') + 1);
    raw.close();
  });

  it('allows 10 per second and answers the 11th with pusher:error 4301', async () => {
    const receiver = await subscribed('2', 'private-burst');
    const got = recordEvents(receiver.channel, 'client-n');
    const raw = await RawClient.open(node);
    const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), 'private-burst');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-burst', auth: signed.auth } });
    await raw.event('pusher_internal:subscription_succeeded');
    for (let n = 1; n <= 12; n += 1) raw.send({ event: 'client-n', channel: 'private-burst', data: { n } });
    const error = await raw.event('pusher:error');
    expect(error.data).toMatchObject({ code: 4301 });
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    const marker = nextEvent(receiver.channel, 'marker');
    await node.realtime.publisher.publish({ channels: ['private-burst'], event: 'marker', data: {} });
    await marker;
    // Events 1-10 arrived in a burst well inside one second; no machine is slow enough to split it.
    expect(got.length).toBeGreaterThanOrEqual(10);
    expect(got.length).toBeLessThan(12);
    raw.close();
  });
});

describe('client events turned off (the default)', () => {
  let off: RealtimeNode;
  beforeAll(async () => {
    off = await startRealtimeNode();
  });
  afterAll(async () => {
    await off.close();
  });

  it('answers pusher:error 4301 on the channel and relays nothing', async () => {
    const receiver = await connectPusher(off, '2');
    const channel = receiver.subscribe('private-quiet');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const relayed = recordEvents(channel, 'client-typing');
    const raw = await RawClient.open(off);
    const signed = authorizeChannel(off.realtime.credentials, await raw.socketId(), 'private-quiet');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-quiet', auth: signed.auth } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.send({ event: 'client-typing', channel: 'private-quiet', data: { on: true } });
    const error = await raw.event('pusher:error');
    expect(error.channel).toBe('private-quiet');
    expect(error.data).toEqual({ code: 4301, message: 'The app does not have client messaging enabled.' });
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    // A server event after it, seen by the receiver, proves nothing was relayed before.
    const marker = nextEvent(channel, 'marker');
    await off.realtime.publisher.publish({ channels: ['private-quiet'], event: 'marker', data: {} });
    await marker;
    expect(relayed).toEqual([]);
    raw.close();
  });
});

describe('user sign-in', () => {
  it('signs in with pusher.signin() and receives events sent to the user', async () => {
    const pusher = await connectPusher(node, '77:Grace');
    const signedIn = nextEvent(pusher.connection, 'message');
    pusher.signin();
    await signedIn;
    await waitForUserChannel(node, '77');
    const got = nextEvent(pusher.user, 'note');
    const { default: PusherSdk } = await import('pusher');
    const { TEST_APP } = await import('../support/realtime-harness.ts');
    const sdk = new PusherSdk({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
    await sdk.sendToUser('77', 'note', { text: 'hi' });
    expect((await got).data).toEqual({ text: 'hi' });
  });

  it('closes with 4009 on a forged sign-in', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:signin', data: { auth: 'test-key:forged', user_data: '{"id":"1"}' } });
    expect((await raw.event('pusher:error')).data).toMatchObject({ code: 4009 });
    expect((await raw.closed).code).toBe(4009);
  });

  it('refuses #server-to-user- channels of other users', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-1', auth: '' } });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({ type: 'AuthError' });
    raw.close();
  });
});

/** pusher-js subscribes its user channel after signin_success; wait until the server has it. */
async function waitForUserChannel(target: RealtimeNode, id: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await target.realtime.channelInfo.occupiedChannels('#server-to-user-')).includes(`#server-to-user-${id}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('user channel never subscribed');
}
