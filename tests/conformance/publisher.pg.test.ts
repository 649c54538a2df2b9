import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PublishError } from '../../server/realtime/publisher.ts';
import { type RealtimeNode, startRealtimeNode } from '../support/realtime-harness.ts';
import { connectPusher, disconnectAll, nextEvent } from './conformance-clients.ts';

// The in-process publisher the app calls after a commit: loud on mistakes the app can fix,
// tolerant of what the browser sends (X-Socket-Id).

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode();
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

describe('in-process publisher', () => {
  it('runs in embedded mode without REDIS_URL or PUSHER_HOST', () => {
    expect(node.realtime.mode).toBe('embedded');
  });

  it('refuses data over 10 KB, bad channel names and encrypted channels', async () => {
    const { publisher } = node.realtime;
    await expect(publisher.publish({ channels: ['a'], event: 'e', data: 'x'.repeat(10 * 1024 + 1) })).rejects.toBeInstanceOf(PublishError);
    await expect(publisher.publish({ channels: ['bad name'], event: 'e', data: {} })).rejects.toBeInstanceOf(PublishError);
    await expect(publisher.publish({ channels: ['private-encrypted-x'], event: 'e', data: {} })).rejects.toThrow(/pusher SDK/);
  });

  it('ignores an X-Socket-Id that is not a socket id instead of failing the publish', async () => {
    const pusher = await connectPusher(node);
    const channel = pusher.subscribe('loose');
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const got = nextEvent(channel, 'e');
    await node.realtime.publisher.publish({ channels: ['loose'], event: 'e', data: { ok: 1 }, socketId: 'garbage' });
    expect((await got).data).toEqual({ ok: 1 });
  });
});
