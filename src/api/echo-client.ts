import Echo, { type ConnectionStatus } from 'laravel-echo';
import Pusher from 'pusher-js';
import { type AuthLimiter, createAuthLimiter } from './auth-limiter.ts';
import type { AppConfig } from './auth.types.ts';
import { channelAuthorizer } from './channel-authorizer.ts';
import { keepReconnecting } from './reconnect-nudge.ts';

// The realtime connection: laravel-echo over pusher-js, configured from GET /api/config, and
// behind a small interface so views never touch Echo and tests can hand in a fake. A null
// wsHost means the embedded Pusher-protocol server on the page's own host and port, so the
// same build works behind any proxy or port.

export type { ConnectionStatus };

export interface PageLocation {
  hostname: string;
  port: string;
  protocol: string;
}

export interface PresenceHandlers<M> {
  here(members: M[]): void;
  joining(member: M): void;
  leaving(member: M): void;
  error(error: unknown): void;
}

export interface RealtimeConnection {
  status(): ConnectionStatus;
  /** Calls back on every status change; returns the unsubscribe function. */
  onStatus(callback: (status: ConnectionStatus) => void): () => void;
  /** Joins `presence-{channel}`; returns the function that leaves it. */
  joinPresence<M>(channel: string, handlers: PresenceHandlers<M>): () => void;
  /**
   * Calls back on every `event` broadcast on `private-{channel}`; returns the function that
   * stops listening. The server authorises the channel (docs/product.md §6). `onSubscribed` runs
   * once the channel is live (at once if it already is): a live view reloads its data then, so
   * nothing sent between its first load and the subscription is missed.
   */
  listen<T>(
    channel: string,
    event: string,
    handler: (data: T) => void,
    onSubscribed?: () => void,
  ): () => void;
  /** The socket id for X-Socket-Id, once connected. */
  socketId(): string | undefined;
  disconnect(): void;
  /** Opens the same connection again after disconnect(); channels resubscribe. */
  reconnect(): void;
}

export type ConnectRealtime = (settings: AppConfig['echo'], token: string) => RealtimeConnection;

export function echoOptions(settings: AppConfig['echo'], token: string, page: PageLocation) {
  const samePage = settings.wsHost === null;
  const secure = samePage ? page.protocol === 'https:' : settings.forceTLS === 1;
  const pagePort = Number(page.port) || (page.protocol === 'https:' ? 443 : 80);
  return {
    broadcaster: 'pusher' as const,
    key: settings.key,
    cluster: settings.cluster,
    wsHost: settings.wsHost ?? page.hostname,
    wsPort: settings.wsPort ?? pagePort,
    wssPort: settings.wssPort ?? pagePort,
    forceTLS: secure,
    enabledTransports: settings.enabledTransports,
    authEndpoint: settings.authEndpoint,
    auth: { headers: { Authorization: token } },
    withoutInterceptors: true,
    ...(settings.activity_timeout ? { activityTimeout: settings.activity_timeout * 1000 } : {}),
  };
}

/** The page's origin, so a relative auth endpoint also resolves where there is no page (Node). */
function pageOrigin(page: PageLocation): string {
  return `${page.protocol}//${page.hostname}${page.port ? `:${page.port}` : ''}`;
}

/** echoOptions plus channel authorisation through `limiter` (auth-limiter.ts). */
export function limitedEchoOptions(
  settings: AppConfig['echo'],
  token: string,
  page: PageLocation,
  limiter: AuthLimiter,
) {
  const customHandler = channelAuthorizer({
    // The batch form sits beside Laravel's endpoint (broadcasting.routes.ts).
    endpoint: new URL(`${settings.authEndpoint}/batch`, pageOrigin(page)).href,
    authorization: token,
    limiter,
  });
  return { ...echoOptions(settings, token, page), channelAuthorization: { customHandler } };
}

/** Once a live connection drops, the resubscriptions after it are spread (auth-limiter.ts). */
export function spreadResubscriptions(pusher: Pusher, limiter: AuthLimiter): void {
  pusher.connection.bind('state_change', ({ previous }: { previous: string; current: string }) => {
    if (previous === 'connected') limiter.connectionLost();
  });
}

/**
 * Restarts a stalled reconnect on a jittered schedule instead of pusher-js's 15 s timeout,
 * once the websocket server answers plain HTTP again (reconnect-nudge.ts).
 */
export function nudgeReconnects(pusher: Pusher, probeUrl: string): void {
  keepReconnecting({
    reachable: () => probe(probeUrl),
    state: () => pusher.connection.state,
    onStateChange: (callback) =>
      pusher.connection.bind('state_change', ({ current }: { current: string }) =>
        callback(current),
      ),
    restart: () => {
      // pusher-js's own fresh attempt (what it does after a missed pong): the state stays
      // `connecting` and its 10 s `unavailable` timer keeps running, so the indicator and
      // realtimeConnection$'s own retry after `failed` behave as before. Not in its typings;
      // without it (another version), a disconnect and connect does the same, less quietly.
      const manager = pusher.connection as unknown as { retryIn?: (delay: number) => void };
      if (typeof manager.retryIn === 'function') manager.retryIn(0);
      else {
        pusher.disconnect();
        pusher.connect();
      }
    },
  });
}

/**
 * A plain GET of the websocket path (`/app/{key}`, which answers 404 or 426 without touching
 * the database): any answer but a proxy's 5xx means the server is up. `no-cors`, so an
 * external websocket host answers too (opaquely); a refused connection rejects.
 */
function probe(url: string): Promise<boolean> {
  return fetch(url, { mode: 'no-cors', cache: 'no-store' }).then(
    (response) => response.type === 'opaque' || response.status < 500,
  );
}

/** Where the websocket server of `options` answers plain HTTP. */
export function websocketProbeUrl(options: ReturnType<typeof echoOptions>): string {
  const scheme = options.forceTLS ? 'https' : 'http';
  const port = options.forceTLS ? options.wssPort : options.wsPort;
  return `${scheme}://${options.wsHost}:${port}/app/${options.key}`;
}

export function connectRealtime(
  settings: AppConfig['echo'],
  token: string,
  page: PageLocation = location,
  limiter: AuthLimiter = createAuthLimiter(),
): RealtimeConnection {
  const options = limitedEchoOptions(settings, token, page, limiter);
  const echo = new Echo({ ...options, Pusher });
  spreadResubscriptions(echo.connector.pusher, limiter);
  nudgeReconnects(echo.connector.pusher, websocketProbeUrl(options));
  return {
    status: () => echo.connectionStatus(),
    onStatus: (callback) => echo.connector.onConnectionChange(callback),
    joinPresence<M>(channel: string, on: PresenceHandlers<M>) {
      echo
        .join(channel)
        .here((members: M[]) => on.here(members))
        .joining((member: M) => on.joining(member))
        .leaving((member: M) => on.leaving(member))
        .error((error: unknown) => on.error(error));
      return () => echo.leave(channel);
    },
    listen<T>(
      channel: string,
      event: string,
      handler: (data: T) => void,
      onSubscribed?: () => void,
    ) {
      // The leading dot: our events are named as sent, without Laravel's namespace.
      const subscription = echo.private(channel).listen(`.${event}`, handler);
      if (onSubscribed) {
        // Always after listen() returns, so a caller can hold the stop function first.
        if (echo.connector.pusher.channel(`private-${channel}`)?.subscribed)
          queueMicrotask(onSubscribed);
        else subscription.subscribed(onSubscribed);
      }
      return () => subscription.stopListening(`.${event}`, handler);
    },
    socketId: () => echo.socketId() || undefined,
    disconnect: () => echo.disconnect(),
    reconnect: () => echo.connector.pusher.connect(),
  };
}
