import type { ChannelAuthorizationCallback, ChannelAuthorizationHandler } from 'pusher-js';
import type { AuthLimiter } from './auth-limiter.ts';

// pusher-js's channel authorisation (`POST /broadcasting/auth`, form-encoded socket_id and
// channel_name with the bearer token, as its own ajax transport sends it) through the page's
// auth limiter, so a reconnect storm is spread out (auth-limiter.ts). A refusal reaches
// pusher-js as an error, which it turns into `pusher:subscription_error` as before.

export interface ChannelAuthorizerDeps {
  /** Absolute, or relative to the page. */
  endpoint: string;
  /** The Authorization header value ("Bearer …"). */
  authorization: string;
  limiter: AuthLimiter;
  fetch?: typeof fetch;
}

export function channelAuthorizer(deps: ChannelAuthorizerDeps): ChannelAuthorizationHandler {
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  return ({ socketId, channelName }, callback: ChannelAuthorizationCallback) => {
    const body = new URLSearchParams({ socket_id: socketId, channel_name: channelName });
    deps.limiter
      .run(async () => {
        const response = await send(deps.endpoint, {
          method: 'POST',
          headers: {
            Authorization: deps.authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: body.toString(),
        });
        const text = await response.text();
        if (!response.ok)
          throw new Error(`channel authorisation of ${channelName} refused: ${response.status}`);
        return JSON.parse(text) as { auth: string; channel_data?: string; shared_secret?: string };
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  };
}
