import { WEB_CLIENT } from '../../src/domain/auth-client.ts';

// A small HTTP client for integration tests: real requests to the real server.

export type Reply<T = unknown> = {
  httpStatus: number;
  status: boolean;
  message: string;
  data: T;
  headers: Headers;
};

export type CallOptions = {
  token?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  const parsed = (text ? JSON.parse(text) : {}) as { status: boolean; message: string; data: T };
  return { httpStatus: response.status, ...parsed, headers: response.headers };
}

export async function login(baseUrl: string, username: string, password = 'plantline') {
  return call<{ access_token: string; token_type: string; expires_in: number }>(baseUrl, 'POST', '/api/login', {
    body: { username, password, ...WEB_CLIENT },
  });
}

/** Signs in and returns the token, failing the test loudly if sign-in did not work. */
export async function tokenFor(baseUrl: string, username: string, password = 'plantline') {
  const reply = await login(baseUrl, username, password);
  if (!reply.status) throw new Error(`login as ${username} failed: ${reply.httpStatus} ${reply.message}`);
  return reply.data.access_token;
}
