import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient } from './conformance-clients.ts';

// The limits Pusher documents (event name 200 characters, 10 KB of data, 100 channels per
// trigger, channel names of 164, 100 presence members with 1 KB of user_info) are settings;
// this suite sets each below its default and watches the server hold the new value.

let node: RealtimeNode;
let sdk: Pusher;
beforeAll(async () => {
  node = await startRealtimeNode({
    env: {
      PUSHER_CLIENT_EVENTS: '1',
      PUSHER_MAX_EVENT_NAME_LENGTH: '12',
      PUSHER_MAX_EVENT_PAYLOAD_BYTES: '64',
      PUSHER_MAX_CHANNELS_PER_EVENT: '2',
      PUSHER_MAX_CHANNEL_NAME_LENGTH: '24',
      PUSHER_MAX_PRESENCE_MEMBERS: '2',
      PUSHER_MAX_PRESENCE_USER_INFO_BYTES: '32',
      PUSHER_API_BODY_LIMIT_BYTES: '512',
    },
  });
  sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
});
afterAll(async () => {
  await node.close();
});

async function subscribe(channel: string, member?: { user_id: string; user_info?: unknown }): Promise<{ raw: RawClient; reply: string; data: unknown }> {
  const raw = await RawClient.open(node);
  const signed = channel.startsWith('private-') || channel.startsWith('presence-')
    ? authorizeChannel(node.realtime.credentials, await raw.socketId(), channel, member)
    : { auth: '' };
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  const reply = await raw.next((f) => f.event.includes('subscription_'), 'subscription reply');
  return { raw, reply: reply.event, data: reply.data };
}

describe('configured limits on the HTTP events API', () => {
  it('refuses an event name over PUSHER_MAX_EVENT_NAME_LENGTH with 400', async () => {
    await expect(sdk.trigger('a', 'thirteen-char', 'x')).rejects.toMatchObject({ status: 400 });
    await expect(sdk.trigger('a', 'twelve-chars', 'x')).resolves.toMatchObject({ status: 200 });
  });

  it('refuses more channels than PUSHER_MAX_CHANNELS_PER_EVENT with 400', async () => {
    await expect(sdk.trigger(['a', 'b', 'c'], 'e', 'x')).rejects.toMatchObject({ status: 400 });
    await expect(sdk.trigger(['a', 'b'], 'e', 'x')).resolves.toMatchObject({ status: 200 });
  });

  it('refuses data over PUSHER_MAX_EVENT_PAYLOAD_BYTES with 413', async () => {
    await expect(sdk.trigger('a', 'e', 'x'.repeat(65))).rejects.toMatchObject({ status: 413 });
    await expect(sdk.trigger('a', 'e', 'x'.repeat(64))).resolves.toMatchObject({ status: 200 });
  });

  it('refuses a body over PUSHER_API_BODY_LIMIT_BYTES with 413', async () => {
    const batch = Array.from({ length: 8 }, (_, n) => ({ channel: 'a', name: 'e', data: `${n}`.padEnd(60, 'x') }));
    await expect(sdk.triggerBatch(batch)).rejects.toMatchObject({ status: 413 });
    await expect(sdk.triggerBatch(batch.slice(0, 2))).resolves.toMatchObject({ status: 200 });
  });

  it('refuses a channel name over PUSHER_MAX_CHANNEL_NAME_LENGTH with 400', async () => {
    await expect(sdk.trigger('c'.repeat(25), 'e', 'x')).rejects.toMatchObject({ status: 400 });
    await expect(sdk.get({ path: `/channels/${'c'.repeat(25)}` })).rejects.toMatchObject({ status: 400 });
  });
});

describe('configured limits on websockets', () => {
  it('refuses a subscription to a channel name over PUSHER_MAX_CHANNEL_NAME_LENGTH', async () => {
    const long = await subscribe('c'.repeat(25));
    expect(long).toMatchObject({ reply: 'pusher:subscription_error', data: { type: 'InvalidChannel', status: 400 } });
    const fits = await subscribe('c'.repeat(24));
    expect(fits.reply).toBe('pusher_internal:subscription_succeeded');
    long.raw.close();
    fits.raw.close();
  });

  it('refuses the member after PUSHER_MAX_PRESENCE_MEMBERS users', async () => {
    const first = await subscribe('presence-two', { user_id: '1' });
    const second = await subscribe('presence-two', { user_id: '2' });
    const third = await subscribe('presence-two', { user_id: '3' });
    expect([first.reply, second.reply]).toEqual(['pusher_internal:subscription_succeeded', 'pusher_internal:subscription_succeeded']);
    expect(third).toMatchObject({ reply: 'pusher:subscription_error', data: { type: 'LimitReached' } });
    for (const c of [first, second, third]) c.raw.close();
  });

  it('refuses user_info over PUSHER_MAX_PRESENCE_USER_INFO_BYTES with 413', async () => {
    const big = await subscribe('presence-info', { user_id: '1', user_info: { name: 'x'.repeat(30) } });
    expect(big).toMatchObject({ reply: 'pusher:subscription_error', data: { type: 'LimitReached', status: 413 } });
    const small = await subscribe('presence-info', { user_id: '1', user_info: { name: 'Ada' } });
    expect(small.reply).toBe('pusher_internal:subscription_succeeded');
    big.raw.close();
    small.raw.close();
  });

  it('answers client events over the name or data limits with pusher:error 4300 and relays only the others', async () => {
    const sender = await subscribe('private-lim', { user_id: '1' });
    const receiver = await subscribe('private-lim', { user_id: '2' });
    sender.raw.send({ event: 'client-too-long', channel: 'private-lim', data: {} });
    expect((await sender.raw.event('pusher:error')).data).toMatchObject({ code: 4300 });
    sender.raw.send({ event: 'client-big', channel: 'private-lim', data: { blob: 'x'.repeat(64) } });
    await sender.raw.next((f) => f.event === 'pusher:error' && /data exceeds 64 bytes/.test(JSON.stringify(f.data)), 'data refusal');
    sender.raw.send({ event: 'client-ok', channel: 'private-lim', data: { n: 1 } });
    await receiver.raw.event('client-ok');
    expect(receiver.raw.frames.filter((f) => f.event.startsWith('client-')).map((f) => f.event)).toEqual(['client-ok']);
    sender.raw.close();
    receiver.raw.close();
  });
});

describe('PUSHER_MAX_CONNECTIONS', () => {
  it('closes a connection over the limit with pusher:error 4004, which pusher-js never retries', async () => {
    const small = await startRealtimeNode({ env: { PUSHER_MAX_CONNECTIONS: '2' } });
    try {
      const kept = [await RawClient.open(small), await RawClient.open(small)];
      for (const raw of kept) await raw.socketId();
      const over = await RawClient.open(small);
      expect((await over.event('pusher:error')).data).toMatchObject({ code: 4004 });
      expect((await over.closed).code).toBe(4004);
      kept[0]?.send({ event: 'pusher:ping', data: {} });
      await kept[0]?.event('pusher:pong');
      for (const raw of kept) raw.close();
    } finally {
      await small.close();
    }
  });
});

describe('limit settings', () => {
  it('stops the server on a limit that is not a positive whole number, naming the variable', () => {
    for (const [name, value] of [['PUSHER_MAX_CONNECTIONS', '0'], ['PUSHER_MAX_EVENT_PAYLOAD_BYTES', '1.5'], ['PUSHER_MAX_PRESENCE_MEMBERS', 'many']]) {
      expect(() => loadConfig({ [name as string]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name as string]: value })).toThrow(new RegExp(name as string));
    }
  });

  it('defaults to the limits Pusher documents', () => {
    expect(loadConfig({})).toMatchObject({
      PUSHER_MAX_EVENT_NAME_LENGTH: 200,
      PUSHER_MAX_EVENT_PAYLOAD_BYTES: 10240,
      PUSHER_MAX_CHANNELS_PER_EVENT: 100,
      PUSHER_MAX_CHANNEL_NAME_LENGTH: 164,
      PUSHER_MAX_PRESENCE_MEMBERS: 100,
      PUSHER_MAX_PRESENCE_USER_INFO_BYTES: 1024,
    });
  });
});
