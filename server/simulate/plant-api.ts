import { WEB_CLIENT } from '../../src/domain/auth-client.ts';
import { DEMO_PASSWORD } from '../db/demo/demo-users.ts';
import { SIMULATOR_HEADER } from '../http/request-log.ts';

// The simulator's side of HTTP: what a browser does, signed in as one demo person per role.
// Every answer comes back as a value (status and body), never as a throw: a refusal is part of
// a busy plant, and the simulator decides what to do with it.

export type Answer<T = unknown> = {
  /** The HTTP status; 0 when the server could not be reached. */
  httpStatus: number;
  ok: boolean;
  message: string;
  data: T;
};

export type ListData<T> = { rows: T[]; total: number };

/** What the simulator writes says so: after a restart it finds its own work again. */
export const SIM_MARK = '(plant simulator)';

/** One person's session: signs in on first use and again when the token is refused. */
export class PlantPerson {
  private token: string | null = null;

  constructor(
    private readonly baseUrl: string,
    readonly username: string,
  ) {}

  get<T>(path: string, params?: Record<string, Query>): Promise<Answer<T>> {
    return this.call<T>('GET', params ? `${path}?${toQueryString(params)}` : path);
  }

  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown): Promise<Answer<T>> {
    return this.call<T>(method, path, body);
  }

  /** A file as the upload form sends it: the raw bytes as the body, its name in the query. */
  upload<T>(path: string, fileName: string, bytes: Uint8Array): Promise<Answer<T>> {
    return this.call<T>('POST', `${path}?${toQueryString({ file_name: fileName })}`, bytes);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    if (this.token === null) {
      const signedIn = await this.signIn();
      if (!signedIn.ok) return signedIn as Answer<T>;
    }
    const first = await request<T>(this.baseUrl, method, path, body, this.token);
    if (first.httpStatus !== 401) return first;
    // The token expired (TOKEN_TTL_HOURS) or the server restarted its sessions: once more.
    this.token = null;
    const again = await this.signIn();
    if (!again.ok) return again as Answer<T>;
    return request<T>(this.baseUrl, method, path, body, this.token);
  }

  private async signIn(): Promise<Answer> {
    const answer = await request<{ access_token?: string }>(
      this.baseUrl,
      'POST',
      '/api/login',
      { username: this.username, password: DEMO_PASSWORD, ...WEB_CLIENT },
      null,
    );
    if (answer.ok && typeof answer.data.access_token === 'string') {
      this.token = answer.data.access_token;
    }
    return answer;
  }
}

async function request<T>(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  token: string | null,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { [SIMULATOR_HEADER]: '1' };
  if (token) headers.authorization = `Bearer ${token}`;
  const raw = body instanceof Uint8Array;
  if (body !== undefined)
    headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: { message?: unknown; data?: unknown } = {};
    try {
      parsed = text ? (JSON.parse(text) as typeof parsed) : {};
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return {
      httpStatus: response.status,
      ok: response.ok,
      message: typeof parsed.message === 'string' ? parsed.message : '',
      data: (parsed.data ?? {}) as T,
    };
  } catch (error) {
    return {
      httpStatus: 0,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      data: {} as T,
    };
  }
}

/** One column filter of docs/product.md §7, as the tables send it. */
export const where = (
  field: string,
  field_type: string,
  operator: string,
  value: string | number | boolean | readonly (string | number)[],
) => ({ field, field_type, filters: [{ operator, value }] });

type Query = string | number | boolean | readonly Query[] | { readonly [key: string]: Query };

/**
 * A list query in the browser's form (docs/product.md §7): `filter[0][field]=…`, scalar arrays as
 * `value[]=…`, booleans as 1 and 0. (src/api/query-string.ts is the browser's; the server may
 * not import it.)
 */
export function toQueryString(params: Record<string, Query>): string {
  const pairs: string[] = [];
  const add = (key: string, value: Query): void => {
    if (Array.isArray(value)) {
      const items = value as readonly Query[];
      const scalar = items.every((v) => typeof v !== 'object');
      items.forEach((item, i) => add(scalar ? `${key}[]` : `${key}[${i}]`, item));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else {
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}
