import type { Flagged } from './bool-to-int.ts';

// Wire shapes of the public configuration and the session calls, as the server sends them.
// Values reach callers through request(), so booleans arrive as 1/0 (see `Flagged`).

export interface EchoSettings {
  broadcaster: 'pusher';
  key: string;
  cluster: string;
  /** null: the websocket is on the page's own host (embedded server at /app/{key}). */
  wsHost: string | null;
  wsPort: number | null;
  wssPort: number | null;
  forceTLS: boolean;
  enabledTransports: ('ws' | 'wss')[];
  authEndpoint: string;
  /** Seconds of silence before the client pings (the server's Pusher activity_timeout). */
  activity_timeout?: number;
}

export interface AppConfigWire {
  app_title: string;
  timezone: string;
  demo: { enabled: boolean; password: string | null; usernames: string[] };
  auth_client: { client_id: string; client_secret: string };
  echo: EchoSettings;
}

export type AppConfig = Flagged<AppConfigWire>;

export interface UserInfoWire {
  id: number | string;
  username: string;
  name: string;
  company: string;
  email: string;
  timezone: string;
  roles: string[];
  modules: string[];
  config: Record<string, unknown>;
  is_demo: boolean;
  /** Row version, sent back with a profile update (optimistic locking, docs/product.md §7). */
  version: number;
  /** Guide ids this user has read (docs/product.md §3 guide state). */
  guides_read?: string[];
}

export type UserInfo = Flagged<UserInfoWire>;

export interface LoginResult {
  access_token: string;
  token_type: string;
}

export interface Credentials {
  username: string;
  password: string;
}
