import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountApi, type AccountApi } from '../../src/api/account.api.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { createRequest } from '../../src/api/request.ts';
import { login, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The browser's account client against the real HTTP stack: the same request() the pages use,
// with Node's fetch and the server's base URL.

function accountClient(baseUrl: string, token: string | null = null): AccountApi {
  const request = createRequest({
    fetch: (input, init) => fetch(input, init),
    getToken: () => (token ? `Bearer ${token}` : null),
    baseUrl: `${baseUrl}/api`,
    timeoutMs: 10_000,
  });
  return createAccountApi(request);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(backends())('account client on %s', (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(async () => t.close());

  it('registers an account that cannot log in until it has a role', async () => {
    const api = accountClient(t.url);
    const created = await api.register({
      username: '  new.hire ',
      name: ' New Hire ',
      email: '',
      password: 'long-enough',
    });
    expect(created).toMatchObject({ username: 'new.hire' });
    expect(typeof created.id).toBe('number');
    const refused = await login(t.url, 'new.hire', 'long-enough');
    expect(refused.status).toBe(false);
  });

  it('answers a taken username as a field code the form can show', async () => {
    const error = await rejection(
      accountClient(t.url).register({ username: 'admin', name: 'Again', password: 'long-enough' }),
    );
    expect(error.code).toBe('validation_error');
    expect(error.data).toEqual({ username: 'unique' });
  });

  it('reads and saves the own profile with its version, and refuses a stale one', async () => {
    const api = accountClient(t.url, await tokenFor(t.url, 'labeler'));
    const profile = await api.profile();
    const zones = await api.timezones();
    expect(zones.map((z) => z.value)).toContain(profile.timezone);
    const saved = await api.updateProfile({
      version: profile.version,
      name: 'Renamed Labeler',
      email: null,
      timezone: 'Europe/Paris',
    });
    expect(saved).toMatchObject({ name: 'Renamed Labeler', timezone: 'Europe/Paris' });
    expect(saved.version).toBe(profile.version + 1);
    const stale = await rejection(api.updateProfile({ version: profile.version, name: 'Lost' }));
    expect(stale).toMatchObject({ code: 'stale_version', status: 409 });
    expect((await api.profile()).name).toBe('Renamed Labeler');
  });

  it('changes the password only with the current one', async () => {
    const api = accountClient(t.url, await tokenFor(t.url, 'shipping'));
    const { version } = await api.profile();
    const wrong = await rejection(
      api.updateProfile({ version, current_password: 'nope', password: 'brand-new-pw' }),
    );
    expect(wrong.data).toEqual({ current_password: 'The current password is not correct' });
    await api.updateProfile({ version, current_password: 'plantline', password: 'brand-new-pw' });
    expect((await login(t.url, 'shipping', 'brand-new-pw')).status).toBe(true);
  });
});
