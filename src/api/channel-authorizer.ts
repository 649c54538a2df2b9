import type { ChannelAuthorizationCallback, ChannelAuthorizationHandler } from 'pusher-js';
import type { AuthLimiter } from './auth-limiter.ts';

// pusher-js's channel authorisation through the page's auth limiter, so a reconnect storm is
// spread out (auth-limiter.ts). pusher-js asks for each channel on its own, but after a
// reconnect it asks for all of the page's channels in one loop: those asked in the same turn
// go to the server as one request (`POST /broadcasting/auth/batch`), one job of the limiter, so
// a thousand pages coming back make a thousand authorisations, not one per channel. A refusal
// reaches pusher-js as an error for that channel alone, which it turns into
// `pusher:subscription_error` as before.

export interface ChannelAuthorizerDeps {
  /** The batch endpoint; absolute, or relative to the page. */
  endpoint: string;
  /** The Authorization header value ("Bearer …"). */
  authorization: string;
  limiter: AuthLimiter;
  fetch?: typeof fetch;
}

type Authorization = { auth: string; channel_data?: string; shared_secret?: string };
type BatchAnswer = { data: { authorized: Record<string, Authorization>; refused: string[] } };
type Asked = { channelName: string; callback: ChannelAuthorizationCallback };

export function channelAuthorizer(deps: ChannelAuthorizerDeps): ChannelAuthorizationHandler {
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  /** Asked in this turn, by socket (one socket per page, but a reconnect changes it). */
  let waiting = new Map<string, Asked[]>();

  async function post(socketId: string, asked: Asked[]): Promise<BatchAnswer['data']> {
    const names = asked.map((a) => a.channelName);
    const response = await send(deps.endpoint, {
      method: 'POST',
      headers: { Authorization: deps.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ socket_id: socketId, channel_names: [...new Set(names)] }),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`channel authorisation of ${names.join(', ')} refused: ${response.status}`);
    }
    return (JSON.parse(text) as BatchAnswer).data;
  }

  function flush(): void {
    const batches = waiting;
    waiting = new Map();
    for (const [socketId, asked] of batches) {
      deps.limiter
        .run(() => post(socketId, asked))
        .then(
          ({ authorized, refused }) => {
            for (const { channelName, callback } of asked) {
              const answer = authorized[channelName];
              if (answer) callback(null, answer);
              else {
                const why = refused.includes(channelName) ? 'refused' : 'not answered';
                callback(new Error(`channel authorisation of ${channelName} ${why}`), null);
              }
            }
          },
          (error: unknown) => {
            const failure = error instanceof Error ? error : new Error(String(error));
            for (const { callback } of asked) callback(failure, null);
          },
        );
    }
  }

  return ({ socketId, channelName }, callback: ChannelAuthorizationCallback) => {
    if (waiting.size === 0) queueMicrotask(flush);
    const asked = waiting.get(socketId) ?? [];
    // The same channel asked twice in one turn is asked once; both callers hear the answer.
    asked.push({ channelName, callback });
    waiting.set(socketId, asked);
  };
}
