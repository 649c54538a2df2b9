import { z } from 'zod';
import { Limits, isValidChannelName, isValidSocketId } from './protocol.ts';

// Bodies of the Pusher HTTP events API. Size limits are checked separately (413, not 400),
// so `data` here is any string and the length check lives in the route.

const channelName = z.string().refine(isValidChannelName, 'invalid channel name');
const socketId = z.string().refine(isValidSocketId, 'socket_id must look like 123.456');

const eventFields = {
  name: z.string().min(1).max(Limits.maxEventNameLength),
  data: z.string(),
  socket_id: socketId.optional(),
  info: z.string().optional(),
};

/** `POST /apps/{id}/events`: either `channels` or `channel`. */
export const triggerBody = z
  .object({
    ...eventFields,
    channels: z.array(channelName).min(1).max(Limits.maxChannelsPerEvent).optional(),
    channel: channelName.optional(),
  })
  .refine((b) => (b.channels === undefined) !== (b.channel === undefined), 'give exactly one of channels or channel');
export type TriggerBody = z.output<typeof triggerBody>;

/** `POST /apps/{id}/batch_events`: at most 10 events, delivered in the order given. */
export const batchBody = z.object({
  batch: z.array(z.object({ ...eventFields, channel: channelName })).max(Limits.maxBatchSize),
});
export type BatchBody = z.output<typeof batchBody>;

export function channelsOf(body: TriggerBody): string[] {
  return body.channels ?? (body.channel === undefined ? [] : [body.channel]);
}
