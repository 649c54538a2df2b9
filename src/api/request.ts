import { REQUEST_TIMEOUT_MS as SPEC_REQUEST_TIMEOUT_MS } from '../domain/constants.ts';
import { apiFailures$ } from './api-failures.ts';
import { ApiError, BAD_RESPONSE, NetworkError } from './api-error.ts';
import { boolToInt, type Flagged } from './bool-to-int.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { getToken } from './token-cookie.ts';

// The one HTTP entry point of the browser (docs/product.md §7). It adds the session token,
// serialises the query, enforces the 20-minute time-out of docs/product.md §9, unwraps the
// `{status, message, data}` envelope and turns every failure into an ApiError, so callers handle
// one error type.

export const REQUEST_TIMEOUT_MS: number = SPEC_REQUEST_TIMEOUT_MS;

/** Body key that overrides the session token for one call; it never reaches the server. */
export const CUSTOM_TOKEN_KEY = 'custom_token';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  url: string;
  method?: Method;
  params?: QueryParams;
  data?: Readonly<Record<string, unknown>> | FormData;
  signal?: AbortSignal;
  /** Not shown by the shell's error presenter: the caller reports this failure itself. */
  quiet?: boolean;
}

export interface ApiResponse<T> {
  status: boolean;
  message: string;
  data: Flagged<T>;
}

export interface RequestDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  baseUrl: string;
  timeoutMs: number;
  /** Told of every failure of a call that is not `quiet`, before the caller gets it. */
  onFailure?: (error: unknown) => void;
}

export type Request = <T>(options: RequestOptions) => Promise<ApiResponse<T>>;

export function createRequest(deps: RequestDeps): Request {
  const send = createSend(deps);
  return async function request<T>(options: RequestOptions): Promise<ApiResponse<T>> {
    try {
      return await send<T>(options);
    } catch (error) {
      // A caller that aborted its own call has moved on; nobody needs to hear of it.
      if (!options.quiet && !options.signal?.aborted) deps.onFailure?.(error);
      throw error;
    }
  };
}

function createSend(deps: RequestDeps): Request {
  return async function send<T>(options: RequestOptions): Promise<ApiResponse<T>> {
    const { body, token } = prepareBody(options.data, deps.getToken());
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = token;
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), deps.timeoutMs);
    const onAbort = () => timeout.abort();
    options.signal?.addEventListener('abort', onAbort);
    try {
      const response = await deps.fetch(buildUrl(deps.baseUrl, options), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: timeout.signal,
      });
      const text = await response.text();
      try {
        return unwrap<T>(response.status, response.ok, text);
      } catch (refused) {
        throw refused instanceof ApiError
          ? new ApiError(refused.code, refused.status, refused.data, options.method ?? 'GET')
          : refused;
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (options.signal?.aborted) throw error;
      throw new NetworkError(timeout.signal.aborted ? 'timeout' : 'offline');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  };
}

export const request: Request = createRequest({
  fetch: (input, init) => fetch(input, init),
  getToken,
  baseUrl: '/api',
  timeoutMs: REQUEST_TIMEOUT_MS,
  onFailure: (error) => apiFailures$.next(error),
});

function buildUrl(baseUrl: string, { url, params }: RequestOptions): string {
  const query = params ? toQueryString(params) : '';
  const path = `${baseUrl}/${url.replace(/^\/+/, '')}`;
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function prepareBody(
  data: RequestOptions['data'],
  sessionToken: string | null,
): { body: string | FormData | undefined; token: string | null } {
  if (data === undefined) return { body: undefined, token: sessionToken };
  if (data instanceof FormData) {
    const custom = data.get(CUSTOM_TOKEN_KEY);
    if (typeof custom !== 'string' || custom === '') return { body: data, token: sessionToken };
    const copy = new FormData();
    data.forEach((value, key) => {
      if (key !== CUSTOM_TOKEN_KEY) copy.append(key, value);
    });
    return { body: copy, token: custom };
  }
  const { [CUSTOM_TOKEN_KEY]: custom, ...rest } = data;
  const token = typeof custom === 'string' && custom !== '' ? custom : sessionToken;
  return { body: JSON.stringify(rest), token };
}

/** The envelope of an answer, or the ApiError it carries; shared with uploads (upload-file.ts). */
export function unwrap<T>(status: number, ok: boolean, text: string): ApiResponse<T> {
  const envelope = parseEnvelope(text);
  if (!envelope) throw new ApiError(BAD_RESPONSE, status);
  if (!ok || !envelope.status) throw new ApiError(envelope.message, status, envelope.data ?? null);
  return { status: true, message: envelope.message, data: boolToInt(envelope.data as T) };
}

function parseEnvelope(text: string): { status: boolean; message: string; data: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { status, message, data } = value as Record<string, unknown>;
    if (typeof status !== 'boolean' || typeof message !== 'string') return null;
    return { status, message, data };
  } catch {
    return null;
  }
}
