import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi, createAccountApi } from '../../../src/api/account.api.ts';
import { ApiError } from '../../../src/api/api-error.ts';
import type { Request, RequestOptions } from '../../../src/api/request.ts';

function fakeRequest(data: unknown) {
  const calls: RequestOptions[] = [];
  const request = vi.fn((options: RequestOptions) => {
    calls.push(options);
    return Promise.resolve({ status: true, message: 'ok', data });
  }) as unknown as Request;
  return { api: createAccountApi(request), calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('account api', () => {
  it('registers with trimmed text and leaves out empty optional fields', async () => {
    const { api, calls } = fakeRequest({ id: 7, username: 'jo' });
    const result = await api.register({
      username: '  jo ',
      name: ' Jo Smith ',
      email: '   ',
      company: '',
      password: ' secret-pw ',
    });
    expect(result).toEqual({ id: 7, username: 'jo' });
    expect(calls).toEqual([
      {
        url: '/register',
        method: 'POST',
        data: { username: 'jo', name: 'Jo Smith', password: ' secret-pw ' },
      },
    ]);
  });

  it('sends e-mail and company when given, and is not quiet so the shell shows its errors', async () => {
    const { api, calls } = fakeRequest({ id: 8, username: 'ann' });
    await api.register({
      username: 'ann',
      name: 'Ann',
      email: ' ann@example.com ',
      company: ' Maple ',
      password: 'long-enough',
    });
    expect(calls[0]?.data).toEqual({
      username: 'ann',
      name: 'Ann',
      password: 'long-enough',
      email: 'ann@example.com',
      company: 'Maple',
    });
    expect(calls[0]?.quiet).toBeUndefined();
  });

  it('posts a profile update with its version and answers the saved user', async () => {
    const { api, calls } = fakeRequest({ id: 1, name: 'New', version: 4 });
    const saved = await api.updateProfile({ version: 3, name: 'New', email: null });
    expect(saved).toEqual({ id: 1, name: 'New', version: 4 });
    expect(calls).toEqual([
      { url: '/profile', method: 'POST', data: { version: 3, name: 'New', email: null } },
    ]);
  });

  it('reads the stored profile and the time zones quietly', async () => {
    const { api, calls } = fakeRequest([{ value: 'Europe/Paris', label: 'Europe/Paris' }]);
    const signal = new AbortController().signal;
    await api.profile(signal);
    expect(await api.timezones()).toEqual([{ value: 'Europe/Paris', label: 'Europe/Paris' }]);
    expect(calls).toEqual([
      { url: '/me', quiet: true, signal },
      { url: '/general/timezones', quiet: true, signal: undefined },
    ]);
  });

  it('rejects a stale version with the stale_version code through the real request', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ status: false, message: 'stale_version', data: { version: 'other' } }),
          { status: 409 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const failure = accountApi.updateProfile({ version: 2, name: 'Late' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'stale_version', status: 409 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/profile');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ version: 2, name: 'Late' });
  });
});
