import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeChannel } from '../../server/realtime/signatures.ts';
import { type RealtimeNode, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient } from './conformance-clients.ts';

// Pusher's "authorized connections": with PUSHER_USER_AUTHENTICATION_TIMEOUT set, a connection
// must sign in or join a private or presence channel within that many seconds, or it is
// closed with 4009 (pusher-js does not retry it).

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode({ env: { PUSHER_USER_AUTHENTICATION_TIMEOUT: '1' } });
});
afterAll(async () => {
  await node.close();
});

describe('PUSHER_USER_AUTHENTICATION_TIMEOUT', () => {
  it('closes with 4009 a connection that neither signs in nor joins a private channel, and keeps the others', async () => {
    const signedIn = await RawClient.open(node);
    const user = node.realtime.authenticateUser(await signedIn.socketId(), { id: '7' });
    signedIn.send({ event: 'pusher:signin', data: user });
    await signedIn.event('pusher:signin_success');

    const privateMember = await RawClient.open(node);
    const signed = authorizeChannel(node.realtime.credentials, await privateMember.socketId(), 'private-orders');
    privateMember.send({ event: 'pusher:subscribe', data: { channel: 'private-orders', auth: signed.auth } });
    await privateMember.event('pusher_internal:subscription_succeeded');

    // Opened last, so the others' deadlines have passed by the time this one is closed.
    const publicOnly = await RawClient.open(node);
    publicOnly.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await publicOnly.event('pusher_internal:subscription_succeeded');
    expect((await publicOnly.event('pusher:error')).data).toMatchObject({ code: 4009 });
    expect((await publicOnly.closed).code).toBe(4009);

    for (const kept of [signedIn, privateMember]) {
      kept.send({ event: 'pusher:ping', data: {} });
      await kept.event('pusher:pong');
      expect(kept.frames.some((f) => f.event === 'pusher:error')).toBe(false);
      kept.close();
    }
  });

});
