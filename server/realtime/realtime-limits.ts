import type { Config } from '../config.ts';
import { Limits } from './protocol.ts';

// The limits an operator may change (PUSHER_MAX_* and friends in server/config.ts). The
// defaults are the values Pusher documents (docs/realtime.md); the fixed protocol constants
// stay in protocol.ts.

export interface RealtimeLimits {
  /** Characters in an event name, HTTP API and client events alike. */
  eventNameLength: number;
  /** Bytes of an event's data, HTTP API and client events alike. */
  eventPayloadBytes: number;
  /** Channels one `POST events` may name. */
  channelsPerEvent: number;
  channelNameLength: number;
  /** Distinct users on one presence channel. */
  presenceMembers: number;
  /** Bytes of one member's `user_info` as JSON. */
  presenceUserInfoBytes: number;
  /** Websockets this node holds at once; beyond, pusher:error 4004 and close. */
  maxConnections: number | undefined;
  /** Largest HTTP API request body. */
  apiBodyBytes: number;
  /**
   * Seconds a new connection has to sign in (pusher:signin) or join a private or presence
   * channel before it is closed with 4009; undefined: anonymous connections may stay.
   */
  userAuthenticationTimeoutSeconds: number | undefined;
}

/** Room for a full batch (10 × 10 KB data) plus JSON overhead. */
const DEFAULT_API_BODY_BYTES = 256 * 1024;
/** What a client frame may carry besides its data: event and channel names, JSON punctuation. */
const FRAME_ENVELOPE_BYTES = 1024;

export const DEFAULT_LIMITS: RealtimeLimits = {
  eventNameLength: Limits.maxEventNameLength,
  eventPayloadBytes: Limits.maxFrameBytes,
  channelsPerEvent: Limits.maxChannelsPerEvent,
  channelNameLength: Limits.maxChannelNameLength,
  presenceMembers: Limits.maxPresenceMembers,
  presenceUserInfoBytes: Limits.maxUserInfoBytes,
  maxConnections: undefined,
  apiBodyBytes: DEFAULT_API_BODY_BYTES,
  userAuthenticationTimeoutSeconds: undefined,
};

export function limitsFromConfig(config: Config): RealtimeLimits {
  return {
    eventNameLength: config.PUSHER_MAX_EVENT_NAME_LENGTH,
    eventPayloadBytes: config.PUSHER_MAX_EVENT_PAYLOAD_BYTES,
    channelsPerEvent: config.PUSHER_MAX_CHANNELS_PER_EVENT,
    channelNameLength: config.PUSHER_MAX_CHANNEL_NAME_LENGTH,
    presenceMembers: config.PUSHER_MAX_PRESENCE_MEMBERS,
    presenceUserInfoBytes: config.PUSHER_MAX_PRESENCE_USER_INFO_BYTES,
    maxConnections: config.PUSHER_MAX_CONNECTIONS,
    apiBodyBytes: config.PUSHER_API_BODY_LIMIT_BYTES,
    userAuthenticationTimeoutSeconds: config.PUSHER_USER_AUTHENTICATION_TIMEOUT,
  };
}

/**
 * Largest client frame read: Pusher's 10 KB message limit, or room for a larger configured
 * payload; the data itself is then checked against `eventPayloadBytes`.
 */
export function maxClientFrameBytes(limits: RealtimeLimits): number {
  return limits.eventPayloadBytes > Limits.maxFrameBytes ? limits.eventPayloadBytes + FRAME_ENVELOPE_BYTES : Limits.maxFrameBytes;
}
