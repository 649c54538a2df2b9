import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('guides read state', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(async () => t.close());

  it('marks a guide read once, keeps it, and reports it in /api/me', async () => {
    const token = await tokenFor(t.url, 'planning');
    const before = await call<{ guides_read: string[] }>(t.url, 'GET', '/api/me', { token });
    expect(before.data.guides_read).toEqual([]);
    const first = await call<{ guides_read: string[] }>(t.url, 'POST', '/api/general/guides/shell.tour/read', { token });
    const again = await call<{ guides_read: string[] }>(t.url, 'POST', '/api/general/guides/shell.tour/read', { token });
    expect(first.data.guides_read).toEqual(['shell.tour']);
    expect(again.data.guides_read).toEqual(['shell.tour']);
    const me = await call<{ guides_read: string[] }>(t.url, 'GET', '/api/me', { token });
    expect(me.data.guides_read).toEqual(['shell.tour']);
  });

  it('keeps each user’s guides apart and refuses malformed ids', async () => {
    const other = await tokenFor(t.url, 'batcher');
    const me = await call<{ guides_read: string[] }>(t.url, 'GET', '/api/me', { token: other });
    expect(me.data.guides_read).toEqual([]);
    const bad = await call(t.url, 'POST', '/api/general/guides/Bad%20Id!/read', { token: other });
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toEqual({ 'params.id': 'in' });
  });
});
