import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeNode, TEST_APP, startRealtimeNode } from '../support/realtime-harness.ts';
import { RawClient, WAIT_MS, connectPusher, disconnectAll, nextEvent, withTimeout } from './conformance-clients.ts';

// Handshake, errors and liveness of a Pusher v7 connection, seen by pusher-js and by a raw socket.

let node: RealtimeNode;
beforeAll(async () => {
  node = await startRealtimeNode();
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await node.close();
});

describe('handshake', () => {
  it('sends connection_established with a socket id and a non-zero activity timeout', async () => {
    const raw = await RawClient.open(node);
    const frame = await raw.event('pusher:connection_established');
    expect(frame.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/) as unknown, activity_timeout: 30 });
    raw.close();
  });

  it('sends data as a JSON-encoded string on the wire', async () => {
    const ws = new WebSocket(`ws://${node.host}:${node.port}/app/${TEST_APP.key}?protocol=7`);
    const first = await withTimeout(new Promise<string>((resolve) => ws.once('message', (m: Buffer) => resolve(m.toString()))), 'first frame');
    const parsed = JSON.parse(first) as { event: string; data: unknown };
    expect(parsed.event).toBe('pusher:connection_established');
    expect(typeof parsed.data).toBe('string');
    ws.close();
  });

  it('connects pusher-js and gives it a socket id', async () => {
    const pusher = await connectPusher(node);
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('answers 404 to an upgrade on any other path', async () => {
    const ws = new WebSocket(`ws://${node.host}:${node.port}/socket`);
    const status = await withTimeout(
      new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))),
      'upgrade response',
    );
    ws.on('error', () => undefined);
    expect(status).toBe(404);
  });

  it('refuses an unknown app key with pusher:error 4001 and close code 4001', async () => {
    const raw = await RawClient.open(node, '/app/not-our-key?protocol=7');
    const error = await raw.event('pusher:error');
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await withTimeout(raw.closed, 'close')).code).toBe(4001);
  });

  it('makes pusher-js give up instead of retrying on an unknown key', async () => {
    const { default: Pusher } = await import('pusher-js');
    const { pusherOptions } = await import('./conformance-clients.ts');
    const pusher = new Pusher('not-our-key', pusherOptions(node));
    const disconnected = nextEvent(pusher.connection, 'disconnected');
    const { data } = await nextEvent<{ error: { data: { code: number } } }>(pusher.connection, 'error');
    expect(data.error.data.code).toBe(4001);
    await disconnected;
    expect(pusher.connection.state).toBe('disconnected');
    pusher.disconnect();
  });
});

describe('malformed input', () => {
  it('answers malformed JSON with pusher:error and keeps the connection open', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send('{not json');
    expect((await raw.event('pusher:error')).data).toMatchObject({ code: expect.any(Number) as unknown });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.event('pusher:pong');
    raw.close();
  });

  it('rejects a frame over 10 KB and keeps the connection open', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'client-big', channel: 'private-x', data: { blob: 'x'.repeat(11 * 1024) } });
    const error = await raw.event('pusher:error');
    expect((error.data as { message: string }).message).toMatch(/10240 bytes/);
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.event('pusher:pong');
    raw.close();
  });
});

describe('liveness', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const raw = await RawClient.open(node);
    await raw.socketId();
    raw.send({ event: 'pusher:ping', data: {} });
    expect((await raw.event('pusher:pong')).event).toBe('pusher:pong');
    raw.close();
  });

  it('sends 4200 on shutdown so clients reconnect at once', async () => {
    const other = await startRealtimeNode();
    const raw = await RawClient.open(other);
    await raw.socketId();
    const closing = other.close();
    const error = await raw.event('pusher:error');
    expect(error.data).toMatchObject({ code: 4200 });
    expect((await withTimeout(raw.closed, 'close')).code).toBe(4200);
    await closing;
  });
});

describe('activity timeout', () => {
  let quick: RealtimeNode;
  beforeAll(async () => {
    quick = await startRealtimeNode({ activityTimeoutSeconds: 1, pongTimeoutMs: 500 });
  });
  afterAll(async () => {
    await quick.close();
  });

  it('announces the configured activity_timeout', async () => {
    const raw = await RawClient.open(quick);
    expect((await raw.event('pusher:connection_established')).data).toMatchObject({ activity_timeout: 1 });
    raw.close();
  });

  it('pings a silent client, then closes 4201 when no pong comes', async () => {
    const raw = await RawClient.open(quick);
    await raw.socketId();
    await raw.event('pusher:ping');
    const error = await raw.event('pusher:error');
    expect(error.data).toMatchObject({ code: 4201 });
    expect((await withTimeout(raw.closed, 'close')).code).toBe(4201);
  });

  it('keeps a client that answers pusher:ping with pusher:pong', async () => {
    const raw = await RawClient.open(quick);
    await raw.socketId();
    const ping = await raw.event('pusher:ping');
    raw.send({ event: 'pusher:pong', data: {} });
    // A second ping proves the first pong was accepted and the connection lived on.
    await raw.next((f) => f.event === 'pusher:ping', 'second ping', WAIT_MS, raw.frames.indexOf(ping) + 1);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('counts websocket control pings as activity', async () => {
    const raw = await RawClient.open(quick);
    await raw.socketId();
    const pinger = setInterval(() => raw.ws.ping(), 200);
    // Three activity periods of control pings only: no pusher:ping, no close.
    const outcome = await Promise.race([
      raw.event('pusher:ping', 3_000).then(() => 'pinged', () => 'quiet'),
      raw.closed.then(() => 'closed'),
    ]);
    clearInterval(pinger);
    expect(outcome).toBe('quiet');
    raw.close();
  });

  it('keeps pusher-js connected across several activity periods (it answers pings itself)', async () => {
    const pusher = await connectPusher(quick);
    const id = pusher.connection.socket_id;
    const outcome = await Promise.race([
      nextEvent(pusher.connection, 'state_change', 3_000).then(() => 'changed', () => 'stable'),
    ]);
    expect(outcome).toBe('stable');
    expect(pusher.connection.socket_id).toBe(id);
  });
});
