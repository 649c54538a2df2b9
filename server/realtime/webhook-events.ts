// The webhook events Pusher documents, in a file of their own: the configuration names which
// to send, and the webhooks send them.

export const WEBHOOK_EVENT_NAMES = [
  'channel_occupied',
  'channel_vacated',
  'member_added',
  'member_removed',
  'client_event',
  'cache_miss',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
