import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient } from './conformance-clients.ts';

/** Any error message: the tests below pin the status, not the wording. */
const anyText: unknown = expect.any(String);

// Where other Pusher-compatible servers answer differently, this server follows Pusher's own
// documentation (protocol reference, HTTP API reference, user authentication); each case here
// names what the documentation says (docs/realtime.md, "Where peers differ").

let node: RealtimeNode;
let sdk: Pusher;
beforeAll(async () => {
  node = await startRealtimeNode();
  sdk = new Pusher({ appId: TEST_APP.id, key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
});
afterAll(async () => {
  await node.close();
});

async function joinPresence(channel: string, userId: string | number): Promise<RawClient> {
  const raw = await RawClient.open(node);
  const signed = authorizeChannel(node.realtime.credentials, await raw.socketId(), channel, { user_id: userId as string });
  raw.send({ event: 'pusher:subscribe', data: { channel, auth: signed.auth, channel_data: signed.channel_data } });
  await raw.event('pusher_internal:subscription_succeeded');
  return raw;
}

describe('documented choices', () => {
  it('sends presence user ids as strings, as the protocol reference types user_id, even when channel_data held a number', async () => {
    const first = await joinPresence('presence-ids', '1');
    const second = await joinPresence('presence-ids', 2);
    const added = await first.event('pusher_internal:member_added');
    expect((added.data as { user_id: unknown }).user_id).toBe('2');
    const succeeded = second.frames.find((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect((succeeded?.data as { presence: { ids: unknown[] } }).presence.ids.sort()).toEqual(['1', '2']);
    first.close();
    second.close();
  });

  it('refuses a sign-in whose user id is not a non-empty string, as user authentication requires', async () => {
    const raw = await RawClient.open(node);
    const socketId = await raw.socketId();
    const userData = JSON.stringify({ id: 1 });
    const { auth } = node.realtime.authenticateUser(socketId, { id: 'unused' });
    raw.send({ event: 'pusher:signin', data: { auth, user_data: userData } });
    expect((await raw.closed).code).toBe(4009);
  });

  it('gives subscription_count only when info asks for it, as the HTTP API reference describes', async () => {
    const raw = await RawClient.open(node);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'counted' } });
    await raw.event('pusher_internal:subscription_succeeded');
    const bare = (await (await sdk.get({ path: '/channels' })).json()) as { channels: Record<string, object> };
    expect(bare.channels.counted).toEqual({});
    const asked = (await (await sdk.get({ path: '/channels', params: { info: 'subscription_count' } })).json()) as { channels: Record<string, object> };
    expect(asked.channels.counted).toEqual({ subscription_count: 1 });
    const one = (await (await sdk.get({ path: '/channels/counted' })).json()) as object;
    expect(one).toEqual({ occupied: true });
    raw.close();
  });

  it('gives subscription_error an HTTP status, as the protocol reference describes it, never a websocket close code', async () => {
    const strict = await startRealtimeNode({ env: { PUSHER_MAX_CHANNEL_NAME_LENGTH: '20', PUSHER_MAX_PRESENCE_MEMBERS: '1', PUSHER_MAX_PRESENCE_USER_INFO_BYTES: '16' } });
    const refusal = async (channel: string, member?: { user_id: string; user_info?: object }) => {
      const raw = await RawClient.open(strict);
      const signed = member ? authorizeChannel(strict.realtime.credentials, await raw.socketId(), channel, member) : {};
      raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
      const reply = await raw.next((f) => f.event.includes('subscription_'), 'subscription reply');
      return { raw, reply };
    };
    try {
      const first = await refusal('presence-full', { user_id: '1' });
      const refused = [
        await refusal('c'.repeat(21)),
        await refusal('presence-full', { user_id: '2' }),
        await refusal('presence-wide', { user_id: '3', user_info: { name: 'x'.repeat(20) } }),
      ];
      expect(refused.map(({ reply }) => [reply.event, reply.data])).toEqual([
        ['pusher:subscription_error', { type: 'InvalidChannel', error: anyText, status: 400 }],
        ['pusher:subscription_error', { type: 'LimitReached', error: anyText, status: 403 }],
        ['pusher:subscription_error', { type: 'LimitReached', error: anyText, status: 413 }],
      ]);
      for (const { raw } of [first, ...refused]) raw.close();
    } finally {
      await strict.close();
    }
  });

  it('answers users of a non-presence channel with 400 and an unknown app id with 404, not 2xx', async () => {
    await expect(sdk.get({ path: '/channels/counted/users' })).rejects.toMatchObject({ status: 400 });
    const stranger = new Pusher({ appId: 'other-app', key: TEST_APP.key, secret: TEST_APP.secret, host: node.host, port: String(node.port), useTLS: false });
    await expect(stranger.trigger('a', 'e', 'x')).rejects.toMatchObject({ status: 404 });
  });
});
