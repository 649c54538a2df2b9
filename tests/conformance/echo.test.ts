import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { WAIT_MS, withTimeout } from './conformance-clients.ts';

// laravel-echo with pusher-js, configured as the browser is: the unchanged Laravel conventions
// (`private()`, `join()`, `.listen('.event')`, `.error()`, X-Socket-Id) against our server.

let node: RealtimeNode;
const echoes: Array<Echo<'pusher'>> = [];
beforeAll(async () => {
  node = await startRealtimeNode({ env: { PUSHER_CLIENT_EVENTS: '1' } });
});
afterEach(() => {
  for (const echo of echoes.splice(0)) echo.disconnect();
});
afterAll(async () => {
  await node.close();
});

function echoFor(user: string): Echo<'pusher'> {
  const echo = new Echo<'pusher'>({
    broadcaster: 'pusher',
    key: TEST_APP.key,
    cluster: 'local',
    wsHost: node.host,
    wsPort: node.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${node.baseUrl}/broadcasting/auth`,
    bearerToken: user,
    Pusher,
  });
  echoes.push(echo);
  return echo;
}

function once<T>(register: (resolve: (value: T) => void) => void, what: string): Promise<T> {
  return withTimeout(new Promise<T>((resolve) => register(resolve)), what, WAIT_MS);
}

describe('laravel-echo', () => {
  it('listens to .order.updated on a private channel', async () => {
    const echo = echoFor('7');
    const channel = echo.private('production.orders');
    await once<void>((done) => channel.subscribed(() => done()), 'subscribed');
    const got = once<unknown>((done) => channel.listen('.order.updated', done), '.order.updated');
    await node.realtime.publisher.publish({ channels: ['private-production.orders'], event: 'order.updated', data: { id: 5, seq: 1, version: 2, data: {} } });
    expect(await got).toEqual({ id: 5, seq: 1, version: 2, data: {} });
  });

  it('reaches .error() when the app refuses the channel', async () => {
    const echo = echoFor('7');
    const status = await once<unknown>((done) => echo.private('forbidden.area').error(done), 'error');
    expect(status).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('joins a presence channel with here, joining and leaving', async () => {
    const first = echoFor('1:Ada');
    const channel = first.join('dashboard.floor');
    const here = await once<Array<{ name: string }>>((done) => channel.here(done), 'here');
    expect(here).toEqual([{ name: 'Ada' }]);
    const joining = once<unknown>((done) => channel.joining(done), 'joining');
    const second = echoFor('2:Bob');
    const secondHere = await once<unknown[]>((done) => second.join('dashboard.floor').here(done), 'second here');
    expect(secondHere).toHaveLength(2);
    expect(await joining).toEqual({ name: 'Bob' });
    const leaving = once<unknown>((done) => channel.leaving(done), 'leaving');
    second.leave('dashboard.floor');
    expect(await leaving).toEqual({ name: 'Bob' });
  });

  it('excludes the sender when its socket id is passed (toOthers)', async () => {
    const sender = echoFor('1');
    const other = echoFor('2');
    const mine = sender.private('inventory.stock');
    const theirs = other.private('inventory.stock');
    await Promise.all([
      once<void>((done) => mine.subscribed(() => done()), 'mine'),
      once<void>((done) => theirs.subscribed(() => done()), 'theirs'),
    ]);
    const seenBySender: unknown[] = [];
    mine.listen('.stock.updated', (e: unknown) => seenBySender.push(e));
    const got = once<unknown>((done) => theirs.listen('.stock.updated', done), 'other gets it');
    const socketId = sender.socketId();
    expect(socketId).toMatch(/^\d+\.\d+$/);
    await node.realtime.publisher.publish({ channels: ['private-inventory.stock'], event: 'stock.updated', data: { id: 1 }, ...(socketId ? { socketId } : {}) });
    await got;
    const marker = once<unknown>((done) => mine.listen('.marker', done), 'marker');
    await node.realtime.publisher.publish({ channels: ['private-inventory.stock'], event: 'marker', data: {} });
    await marker;
    expect(seenBySender).toEqual([]);
  });

  it('whispers to others on a private channel', async () => {
    const a = echoFor('1').private('chat.1');
    const b = echoFor('2').private('chat.1');
    await Promise.all([once<void>((d) => a.subscribed(() => d()), 'a'), once<void>((d) => b.subscribed(() => d()), 'b')]);
    const got = once<unknown>((done) => b.listenForWhisper('typing', done), 'whisper');
    a.whisper('typing', { on: true });
    expect(await got).toEqual({ on: true });
  });
});
