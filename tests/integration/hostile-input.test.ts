import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Input that once got a 500 or an answer outside the envelope: each now gets a clear refusal
// in the envelope and changes nothing.

describe('hostile input', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await tokenFor(t.url, 'admin');
  });
  afterAll(async () => t.close());

  const profile = async () =>
    (
      await call<{ version: number; name: string; config: object }>(t.url, 'GET', '/api/me', {
        token,
      })
    ).data;

  it('refuses a lone UTF-16 surrogate in a value or a key with 422, and keeps a real emoji', async () => {
    const before = await profile();
    const lone = await call(t.url, 'POST', '/api/profile', {
      token,
      rawBody: `{"version":${before.version},"name":"a\\ud800b"}`,
    });
    expect(lone.httpStatus).toBe(422);
    expect(lone.data).toEqual({ name: 'in' });
    const lowOnly = await call(t.url, 'POST', '/api/profile', {
      token,
      rawBody: `{"version":${before.version},"config":{"k\\udc00":1}}`,
    });
    expect(lowOnly.httpStatus).toBe(422);
    expect(lowOnly.data).toEqual({ config: 'in' });
    expect((await profile()).version).toBe(before.version);

    const emoji = await call<{ name: string }>(t.url, 'POST', '/api/profile', {
      token,
      body: { version: before.version, name: 'Admin 🌿' },
    });
    expect(emoji.httpStatus).toBe(200);
    expect(emoji.data.name).toBe('Admin 🌿');
  });

  it('refuses JSON nested thousands deep with 422 and changes nothing', async () => {
    const before = await profile();
    let deep = '1';
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    const reply = await call(t.url, 'POST', '/api/profile', {
      token,
      rawBody: `{"version":${before.version},"config":{"x":${deep}}}`,
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ config: 'max' });
    expect(await profile()).toEqual(before);
  });

  it('answers every picker (options) route without a server error', async () => {
    const routes = t.server.app.guardedRoutes.filter(
      (r) => r.method === 'GET' && r.url.endsWith('/options') && !r.url.includes(':'),
    );
    expect(routes.length).toBeGreaterThan(50);
    const failed: string[] = [];
    for (const route of routes) {
      const reply = await call(t.url, 'GET', route.url, { token });
      if (reply.httpStatus >= 500 || reply.status !== true)
        failed.push(`${route.url} ${reply.httpStatus}`);
    }
    expect(failed).toEqual([]);
  });

  it('answers a URL over 16 KB with 431 in the envelope', async () => {
    const reply = await fetch(`${t.url}/api/me?x=${'a'.repeat(17_000)}`);
    expect(reply.status).toBe(431);
    expect(await reply.json()).toMatchObject({ status: false, message: 'headers_too_large' });
  });
});
