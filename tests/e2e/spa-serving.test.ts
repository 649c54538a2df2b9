import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The built SPA as a browser meets it: the entry at `/`, deep links on reload, cached assets.
// Runs after `npm run build` (npm test builds first).

describe('serving the web app', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demo: false });
  });
  afterAll(async () => t.close());

  it('answers / with the app, never cached', async () => {
    const response = await fetch(`${t.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a deep link with the app so a reload keeps the route', async () => {
    const response = await fetch(`${t.url}/general/users?page=2`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a year-long cache', async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetch(`${t.url}${asset ?? ''}`);
    // Read to the end: a body left unread keeps its connection busy, and the server's close
    // waits for it (38 s here before).
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths in the envelope', async () => {
    const response = await fetch(`${t.url}/api/unknown`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: false, message: 'not_found', data: null });
  });
});
