import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../src/api/api-error.ts';
import { createRequest, REQUEST_TIMEOUT_MS, type RequestDeps } from '../../../src/api/request.ts';

type Call = { url: string; init: RequestInit };

function envelope(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(
  answer: (call: Call) => Response | Promise<Response>,
  token: string | null = 'Bearer t1',
) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const call = { url: input instanceof Request ? input.url : input.toString(), init: init ?? {} };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  const deps: RequestDeps = {
    fetch,
    getToken: () => token,
    baseUrl: '/api',
    timeoutMs: REQUEST_TIMEOUT_MS,
  };
  return { request: createRequest(deps), calls };
}

const ok = (data: unknown) => envelope(200, { status: true, message: 'ok', data });
const headers = (call: Call | undefined) => new Headers(call?.init.headers);

afterEach(() => vi.useRealTimers());

describe('request', () => {
  it('uses the /api base, the query string and the session token', async () => {
    const { request, calls } = setup(() => ok([]));
    await request({ url: '/general/users', params: { role: 'admin', active: true } });
    expect(calls[0]?.url).toBe('/api/general/users?role=admin&active=1');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headers(calls[0]).get('Authorization')).toBe('Bearer t1');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    const { request, calls } = setup(() => ok(null), null);
    await request({ url: '/config' });
    expect(headers(calls[0]).has('Authorization')).toBe(false);
  });

  it('sends JSON bodies', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ url: 'login', method: 'POST', data: { username: 'a' } });
    expect(calls[0]?.url).toBe('/api/login');
    expect(headers(calls[0]).get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"username":"a"}');
  });

  it('lets a custom token in the body override the session token and removes it', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({
      url: '/logout',
      method: 'POST',
      data: { custom_token: 'Bearer other', keep: 1 },
    });
    expect(headers(calls[0]).get('Authorization')).toBe('Bearer other');
    expect(calls[0]?.init.body).toBe('{"keep":1}');
  });

  it('removes a custom token from form data too', async () => {
    const { request, calls } = setup(() => ok(null));
    const form = new FormData();
    form.append('custom_token', 'Bearer f');
    form.append('file', 'x');
    await request({ url: '/upload', method: 'POST', data: form });
    const body = calls[0]?.init.body as FormData;
    expect(headers(calls[0]).get('Authorization')).toBe('Bearer f');
    expect([...body.keys()]).toEqual(['file']);
  });

  it('unwraps the envelope and turns booleans in data into 1 and 0', async () => {
    const { request } = setup(() => ok({ is_demo: true, list: [{ active: false }] }));
    const answer = await request<{ is_demo: boolean; list: { active: boolean }[] }>({ url: '/me' });
    expect(answer).toEqual({
      status: true,
      message: 'ok',
      data: { is_demo: 1, list: [{ active: 0 }] },
    });
  });

  it('rejects an error envelope with its code, status and data', async () => {
    const { request } = setup(() =>
      envelope(422, { status: false, message: 'validation_error', data: { email: 'email' } }),
    );
    const error = await request({ url: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'validation_error',
      status: 422,
      data: { email: 'email' },
      method: 'GET',
    });
  });

  it('says which kind of call was refused', async () => {
    const { request } = setup(() => envelope(403, { status: false, message: 'no_privileges' }));
    const error = await request({ url: '/x/1', method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'no_privileges', status: 403, method: 'DELETE' });
  });

  it('rejects a 200 answer whose status is false', async () => {
    const { request } = setup(() =>
      envelope(200, { status: false, message: 'not done', data: null }),
    );
    await expect(request({ url: '/x' })).rejects.toMatchObject({ code: 'not done', status: 200 });
  });

  it('rejects an answer that is not an envelope', async () => {
    const { request } = setup(() => envelope(502, '<html>Bad gateway</html>'));
    await expect(request({ url: '/x' })).rejects.toMatchObject({
      code: 'bad_response',
      status: 502,
    });
  });

  it('maps no answer at all to a network error', async () => {
    const { request } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await request({ url: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network_error', status: 0, reason: 'offline' });
  });

  it('gives up after 20 minutes with a time-out network error', async () => {
    vi.useFakeTimers();
    const { request } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = request({ url: '/slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'network_error', reason: 'timeout' });
    expect(REQUEST_TIMEOUT_MS).toBe(1_200_000);
  });

  it("passes the caller's own abort through", async () => {
    const controller = new AbortController();
    const { request } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = request({ url: '/x', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });
});

describe('request failures for the presenter', () => {
  function withListener(answer: (call: Call) => Response | Promise<Response>) {
    const failures: unknown[] = [];
    const request = createRequest({
      fetch: (input, init) => {
        const call = {
          url: input instanceof Request ? input.url : input.toString(),
          init: init ?? {},
        };
        return Promise.resolve(answer(call));
      },
      getToken: () => 'Bearer t1',
      baseUrl: '/api',
      timeoutMs: REQUEST_TIMEOUT_MS,
      onFailure: (error) => failures.push(error),
    });
    return { request, failures };
  }
  const refused = () => envelope(500, { status: false, message: 'db_error', data: null });

  it('tells the listener of a failure before the caller gets it', async () => {
    const { request, failures } = withListener(refused);
    await expect(request({ url: '/users' })).rejects.toMatchObject({ code: 'db_error' });
    expect(failures).toHaveLength(1);
    expect((failures[0] as ApiError).code).toBe('db_error');
  });

  it('keeps quiet calls and successes to the caller alone', async () => {
    const { request, failures } = withListener(refused);
    await expect(request({ url: '/me', quiet: true })).rejects.toBeInstanceOf(ApiError);
    const fine = withListener(() => ok({ id: 1 }));
    await fine.request({ url: '/users' });
    expect(failures).toHaveLength(0);
    expect(fine.failures).toHaveLength(0);
  });

  it('does not report a call its caller aborted', async () => {
    const { request, failures } = withListener(
      (call) =>
        new Promise((_, reject) =>
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          ),
        ),
    );
    const controller = new AbortController();
    const pending = request({ url: '/slow', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(failures).toHaveLength(0);
  });
});
