import { describe, expect, it, vi } from 'vitest';
import { createAuthApi } from '../../../src/api/auth.api.ts';
import type { Request, RequestOptions } from '../../../src/api/request.ts';

function fakeRequest(data: unknown) {
  const calls: RequestOptions[] = [];
  const request = vi.fn((options: RequestOptions) => {
    calls.push(options);
    return Promise.resolve({ status: true, message: 'ok', data });
  }) as unknown as Request;
  return { api: createAuthApi(request), calls };
}

const client = { client_id: 'plantline-web', client_secret: 'public' };

describe('auth api', () => {
  it('posts trimmed credentials with the password grant and the web client', async () => {
    const { api, calls } = fakeRequest({ access_token: 'abc', token_type: 'Bearer' });
    const result = await api.login({ username: '  admin ', password: ' plantline ' }, client);
    expect(result).toEqual({ access_token: 'abc', token_type: 'Bearer' });
    expect(calls[0]).toEqual({
      url: '/login',
      method: 'POST',
      data: {
        username: 'admin',
        password: ' plantline ',
        grant_type: 'password',
        client_id: 'plantline-web',
        client_secret: 'public',
      },
      // The session reports its own failures; the shell's presenter stays out of it.
      quiet: true,
    });
  });

  it('reads the current user and the public config', async () => {
    const { api, calls } = fakeRequest({ id: 1 });
    expect(await api.me()).toEqual({ id: 1 });
    expect(await api.config()).toEqual({ id: 1 });
    expect(calls.map((c) => [c.url, c.method ?? 'GET', c.quiet])).toEqual([
      ['/me', 'GET', true],
      ['/config', 'GET', true],
    ]);
  });

  it('logs out with the session token, or an explicit one in the body', async () => {
    const { api, calls } = fakeRequest(null);
    await api.logout();
    await api.logout('Bearer old');
    expect(calls[0]).toEqual({ url: '/logout', method: 'POST', data: {}, quiet: true });
    expect(calls[1]).toEqual({
      url: '/logout',
      method: 'POST',
      data: { custom_token: 'Bearer old' },
      quiet: true,
    });
  });
});
