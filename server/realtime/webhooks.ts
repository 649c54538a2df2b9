import { createHmac } from 'node:crypto';
import type { AppCredentials } from './credentials.ts';
import type { RealtimeLogger } from './realtime-logger.ts';
import type { WebhookEventName } from './webhook-events.ts';

// Pusher's webhooks, as its documentation describes them: a signed POST to the app's URL
// telling it that a channel became occupied or vacated, that a presence member joined or
// left, that a client sent an event, or that a cache channel had nothing to give. The hub
// raises each fact once cluster-wide, on the node where it happened.


export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated' | 'cache_miss'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | {
      name: 'client_event';
      channel: string;
      event: string;
      data: unknown;
      socket_id: string;
      user_id?: string;
    };

export interface WebhookSettings {
  url: string;
  /** Which events to send; the others are never posted. */
  events: ReadonlySet<WebhookEventName>;
  /** How long one POST may take before it counts as failed. */
  timeoutMs?: number;
}

export interface Webhooks {
  send(event: WebhookEvent): void;
  /** Resolves once every webhook raised so far has been posted (or has failed). */
  flush(): Promise<void>;
}

export const noWebhooks: Webhooks = { send: () => undefined, flush: () => Promise.resolve() };

const DEFAULT_TIMEOUT_MS = 5_000;

/** `X-Pusher-Signature`: hex HMAC-SHA256 of the exact body with the app secret. */
export function signWebhookBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function createWebhooks(
  app: AppCredentials,
  settings: WebhookSettings,
  logger: RealtimeLogger,
): Webhooks {
  // One POST after another: the receiver hears "occupied" before the "vacated" that follows it.
  let queue: Promise<void> = Promise.resolve();
  const post = async (event: WebhookEvent): Promise<void> => {
    const body = JSON.stringify({ time_ms: Date.now(), events: [event] });
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Pusher-Key': app.key,
          'X-Pusher-Signature': signWebhookBody(app.secret, body),
        },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!response.ok)
        logger.warn({ status: response.status, event: event.name }, 'webhook refused');
    } catch (error) {
      logger.warn({ err: error, event: event.name }, 'webhook failed');
    }
  };
  return {
    send(event) {
      if (!settings.events.has(event.name)) return;
      queue = queue.then(() => post(event));
    },
    flush: () => queue,
  };
}
