import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// What a browser is told to enforce, and who may open the websocket.

function openSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<WebSocket | number> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/app/plantline-key?protocol=7`, {
    headers,
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

function closed(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    ws.once('close', () => resolve());
    ws.close();
  });
}

describe('security headers', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  it('sends a CSP without inline script that nothing may frame', async () => {
    const reply = await fetch(`${t.url}/login`);
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('keeps API answers out of every cache, failures too', async () => {
    const ok = await call(t.url, 'GET', '/api/config');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const refused = await call(t.url, 'GET', '/api/me');
    expect(refused.httpStatus).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends HSTS only over TLS, and believes X-Forwarded-Proto from no one by default', async () => {
    const plain = await call(t.url, 'GET', '/api/config');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const spoofed = await call(t.url, 'GET', '/api/config', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a websocket from a foreign page and admits its own and non-browser clients', async () => {
    const host = new URL(t.url).host;
    expect(await openSocket(t.url, { origin: 'https://evil.example' })).toBe(403);
    const own = await openSocket(t.url, { origin: `http://${host}` });
    const sdk = await openSocket(t.url);
    expect(own).toBeInstanceOf(WebSocket);
    expect(sdk).toBeInstanceOf(WebSocket);
    await closed(own as WebSocket);
    await closed(sdk as WebSocket);
  });
});

describe('behind a configured proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      demo: false,
      env: {
        TRUST_PROXY: '127.0.0.1',
        WS_ALLOWED_ORIGINS: 'https://wall.example.com',
        WS_MAX_CONNECTIONS_PER_ADDRESS: '2',
      },
    });
  });
  afterAll(async () => t.close());

  it('sends HSTS when the trusted proxy says the request came over TLS', async () => {
    const reply = await call(t.url, 'GET', '/api/config', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(reply.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('admits an allow-listed origin', async () => {
    const ws = await openSocket(t.url, { origin: 'https://wall.example.com' });
    expect(ws).toBeInstanceOf(WebSocket);
    await closed(ws as WebSocket);
  });

  it('bounds the websockets one address holds open, counted per forwarded address', async () => {
    const a = { 'x-forwarded-for': '203.0.113.5' };
    const first = await openSocket(t.url, a);
    const second = await openSocket(t.url, a);
    expect(await openSocket(t.url, a)).toBe(429);
    const other = await openSocket(t.url, { 'x-forwarded-for': '203.0.113.6' });
    expect(other).toBeInstanceOf(WebSocket);
    await closed(first as WebSocket);
    await new Promise((r) => setTimeout(r, 100));
    const again = await openSocket(t.url, a);
    expect(again).toBeInstanceOf(WebSocket);
    for (const ws of [second, other, again]) await closed(ws as WebSocket);
  });
});
