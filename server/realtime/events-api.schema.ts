import { z } from 'zod';
import { Limits, isValidChannelName, isValidSocketId } from './protocol.ts';
import type { RealtimeLimits } from './realtime-limits.ts';

// Bodies of the Pusher HTTP events API, built from the configured limits. Size limits are
// checked separately (413, not 400), so `data` here is any string and the length check lives
// in the route.

const socketId = z.string().refine(isValidSocketId, 'socket_id must look like 123.456');

export function eventBodies(limits: RealtimeLimits) {
  const channelName = z.string().refine((name) => isValidChannelName(name, limits.channelNameLength), 'invalid channel name');
  const eventFields = {
    name: z.string().min(1).max(limits.eventNameLength),
    data: z.string(),
    socket_id: socketId.optional(),
    info: z.string().optional(),
  };
  return {
    /** `POST /apps/{id}/events`: either `channels` or `channel`. */
    trigger: z
      .object({
        ...eventFields,
        channels: z.array(channelName).min(1).max(limits.channelsPerEvent).optional(),
        channel: channelName.optional(),
      })
      .refine((b) => (b.channels === undefined) !== (b.channel === undefined), 'give exactly one of channels or channel'),
    /** `POST /apps/{id}/batch_events`: at most 10 events, delivered in the order given. */
    batch: z.object({
      batch: z.array(z.object({ ...eventFields, channel: channelName })).max(Limits.maxBatchSize),
    }),
  };
}

export type TriggerBody = z.output<ReturnType<typeof eventBodies>['trigger']>;

export function channelsOf(body: TriggerBody): string[] {
  return body.channels ?? (body.channel === undefined ? [] : [body.channel]);
}
