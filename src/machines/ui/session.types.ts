// Shapes the session machine speaks in. The api layer's wire types are assignable to these,
// so the view passes its calls' answers straight through without this folder importing api.

/** The answer of GET /me as the session needs it. */
export interface SessionUser {
  id: number | string;
  username: string;
  name: string;
  company: string;
  email: string | null;
  timezone: string;
  roles: readonly string[];
  modules: readonly string[];
  config: Record<string, unknown>;
  /** The api layer turns booleans into 1/0 (docs/product.md §7), so either reading may arrive. */
  is_demo: boolean | 0 | 1;
  /** Row version for optimistic profile updates; optional until the api's UserInfo declares it. */
  version?: number;
}

export interface LoginResult {
  access_token: string;
  token_type: string;
}

export interface Credentials {
  username: string;
  password: string;
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  /** The user logs out: the token is revoked and everything tied to the user is dropped. */
  | { type: 'session.logout' }
  /** The token is no longer valid (e.g. any 401): end the session without calling the server. */
  | { type: 'session.token_reset' }
  /** Reload /me in place, e.g. after a `user.updated` broadcast. */
  | { type: 'session.refresh_user' };

export interface SessionContext {
  /** `token_type access_token`, the same string the `token` cookie holds. */
  token: string | null;
  user: SessionUser | null;
  /** Why the last login or user fetch failed; the view shows it (or "Has Error"). */
  error: unknown;
  /** True after Log Out, so the guard sends to a plain /login instead of ?redirect=. */
  signedOut: boolean;
}

export interface SessionInput {
  /** The `token` cookie at start-up; with one the session goes straight to loading the user. */
  token: string | null;
}
