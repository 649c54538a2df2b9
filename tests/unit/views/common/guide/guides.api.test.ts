import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/api-error.ts';
import { createGuidesApi, guidesReadOf } from '../../../../../src/api/guides.api.ts';
import { createRequest } from '../../../../../src/api/request.ts';

// Through the real request(): only fetch is fake, so the URL, method and envelope are real.
function apiAnswering(status: number, body: unknown) {
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  const request = createRequest({
    fetch,
    getToken: () => 'Bearer t',
    baseUrl: '/api',
    timeoutMs: 1000,
  });
  return { api: createGuidesApi(request), fetch };
}

describe('guides api', () => {
  it('posts to /api/general/guides/{id}/read and answers the read list', async () => {
    const { api, fetch } = apiAnswering(200, {
      status: true,
      message: 'ok',
      data: { guides_read: ['inventory.intro', 'shell.tour'] },
    });
    expect(await api.markRead('shell.tour')).toEqual(['inventory.intro', 'shell.tour']);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/general/guides/shell.tour/read');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer t');
  });

  it('encodes the id into the path', async () => {
    const { api, fetch } = apiAnswering(200, {
      status: true,
      message: 'ok',
      data: { guides_read: [] },
    });
    await api.markRead('a/b');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/general/guides/a%2Fb/read');
  });

  it('rejects with the ApiError of a refused id', async () => {
    const { api } = apiAnswering(422, {
      status: false,
      message: 'validation_error',
      data: { 'params.id': 'in' },
    });
    await expect(api.markRead('Bad Id!')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('guidesReadOf', () => {
  it('reads guides_read of a /me answer', () => {
    expect(guidesReadOf({ name: 'Ada', guides_read: ['shell.tour'] })).toEqual(['shell.tour']);
    expect(guidesReadOf({ guides_read: [] })).toEqual([]);
  });

  it('is null when the answer has no list, so "unknown" differs from "none read"', () => {
    expect(guidesReadOf({ name: 'Ada' })).toBeNull();
    expect(guidesReadOf({ guides_read: 'shell.tour' })).toBeNull();
    expect(guidesReadOf(null)).toBeNull();
  });

  it('drops entries that are not ids', () => {
    expect(guidesReadOf({ guides_read: ['a', 1, null, 'b'] })).toEqual(['a', 'b']);
  });
});
