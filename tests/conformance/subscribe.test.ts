import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authenticateUser, authorizeChannel } from '../../server/realtime/signatures.ts';
import {
  type RealtimeNode,
  TEST_APP,
  TEST_MASTER_KEY_BASE64,
  startRealtimeNode,
} from '../support/realtime-harness.ts';
import { serverSdk } from '../support/realtime-suite.ts';
import { RawClient, connectPusher, disconnectAll, nextEvent } from './conformance-clients.ts';

// Subscribing to public, private and encrypted channels, and every way a subscription fails.

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode();
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

async function trigger(channel: string, event: string, data: unknown, socketId?: string): Promise<void> {
  const message = { channels: [channel], event, data, ...(socketId === undefined ? {} : { socketId }) };
  await node.realtime.publisher.publish(message);
}

describe('public channels where the app publishes on none (its default)', () => {
  let closed: RealtimeNode;
  beforeAll(async () => {
    closed = await startRealtimeNode({ publicChannels: 'signed-in' });
  });
  afterAll(async () => {
    await closed.close();
  });

  it('refuses a socket that has not signed in with subscription_error 401 and keeps it open', async () => {
    const raw = await RawClient.open(closed);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    const refused = await raw.event('pusher:subscription_error');
    expect(refused.channel).toBe('news');
    expect(refused.data).toMatchObject({ type: 'AuthError', status: 401 });
    await closed.realtime.publisher.publish({ channels: ['news'], event: 'headline', data: {} });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.event('pusher:pong');
    expect(raw.frames.filter((f) => f.event === 'headline')).toEqual([]);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.close();
  });

  it('lets a signed-in socket subscribe', async () => {
    const raw = await RawClient.open(closed);
    const socketId = await raw.socketId();
    const signed = authenticateUser(closed.realtime.credentials, socketId, { id: '8' });
    raw.send({ event: 'pusher:signin', data: { auth: signed.auth, user_data: signed.user_data } });
    await raw.event('pusher:signin_success');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.close();
  });
});

describe('public channels', () => {
  it('subscribes without auth and receives published events', async () => {
    const pusher = await connectPusher(node);
    const channel = pusher.subscribe('news');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const received = nextEvent(channel, 'headline');
    await trigger('news', 'headline', { title: 'hello' });
    expect((await received).data).toEqual({ title: 'hello' });
  });

  it('answers unsubscribe with nothing and tolerates it twice', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    raw.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.event('pusher:pong');
    const afterPong = raw.frames.length;
    await trigger('news', 'headline', 'late');
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next((f) => f.event === 'pusher:pong', 'second pong', undefined, afterPong);
    expect(raw.frames.filter((f) => f.event === 'headline')).toEqual([]);
    raw.close();
  });

  it.each([
    ['a space', 'bad name'],
    ['a slash', 'bad/name'],
    ['165 characters', 'x'.repeat(165)],
    ['a hash that is not a user channel', '#other'],
  ])('refuses a channel name with %s', async (_why, name) => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: name } });
    const error = await raw.event('pusher:subscription_error');
    expect(error.channel).toBe(name);
    raw.close();
  });

  it('accepts every allowed character up to 164 characters', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    const name = 'Az09_-=@,.;'.padEnd(164, 'z');
    raw.send({ event: 'pusher:subscribe', data: { channel: name } });
    expect((await raw.event('pusher_internal:subscription_succeeded')).channel).toBe(name);
    raw.close();
  });
});

describe('private channels', () => {
  it('subscribes through the auth endpoint and receives events', async () => {
    const pusher = await connectPusher(node, '7');
    const channel = pusher.subscribe('private-production.orders');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const received = nextEvent(channel, 'order.updated');
    await trigger('private-production.orders', 'order.updated', { id: 1, seq: 2, version: 3, data: {} });
    expect((await received).data).toEqual({ id: 1, seq: 2, version: 3, data: {} });
  });

  it('refuses a bad signature with AuthError 401 and keeps the connection', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-a', auth: `${TEST_APP.key}:${'0'.repeat(64)}` } });
    const error = await raw.event('pusher:subscription_error');
    expect(error).toMatchObject({ channel: 'private-a', data: { type: 'AuthError', status: 401 } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'public-still-works' } });
    await raw.event('pusher_internal:subscription_succeeded');
    raw.close();
  });

  it('refuses a missing signature', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-a' } });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({ type: 'AuthError', status: 401 });
    raw.close();
  });

  it('refuses a valid signature made for another socket', async () => {
    const victim = await RawClient.open(node);
    const thief = await RawClient.open(node);
    const stolen = authorizeChannel(node.realtime.credentials, await victim.socketId(), 'private-a');
    await thief.socketId();
    thief.send({ event: 'pusher:subscribe', data: { channel: 'private-a', auth: stolen.auth } });
    expect((await thief.event('pusher:subscription_error')).data).toMatchObject({ type: 'AuthError', status: 401 });
    expect(thief.ws.readyState).toBe(thief.ws.OPEN);
    victim.close();
    thief.close();
  });

  it('reports the app refusing a channel (403) to the client as a subscription error', async () => {
    const pusher = await connectPusher(node, '7');
    const channel = pusher.subscribe('private-forbidden.things');
    const { data } = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(data).toMatchObject({ type: 'AuthError', status: 403 });
    expect(pusher.connection.state).toBe('connected');
  });

  it('delivers a server-signed auth from pusher-js customHandler as well', async () => {
    const pusher = await connectPusher(node, undefined, {
      channelAuthorization: {
        endpoint: '',
        transport: 'ajax',
        customHandler: ({ socketId, channelName }, callback) => callback(null, authorizeChannel(node.realtime.credentials, socketId, channelName)),
      },
    });
    const channel = pusher.subscribe('private-custom');
    await nextEvent(channel, 'pusher:subscription_succeeded');
  });
});

describe('private-encrypted channels', () => {
  it('relays ciphertext that pusher-js decrypts with the shared_secret', async () => {
    const pusher = await connectPusher(node, '7');
    const channel = pusher.subscribe('private-encrypted-lab.results');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const received = nextEvent(channel, 'result.created');
    const sdk = serverSdk(node, { encryptionMasterKeyBase64: TEST_MASTER_KEY_BASE64 });
    await sdk.trigger('private-encrypted-lab.results', 'result.created', { id: 9 });
    expect((await received).data).toEqual({ id: 9 });
  });

  it('refuses an encrypted channel without a valid signature', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-encrypted-x', auth: 'nope' } });
    expect((await raw.event('pusher:subscription_error')).data).toMatchObject({ type: 'AuthError' });
    raw.close();
  });
});
