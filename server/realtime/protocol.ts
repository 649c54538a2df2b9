import { randomInt } from 'node:crypto';

// The Pusher Channels protocol v7 wire format and nothing else: names, codes, limits, framing.
// Every other realtime module speaks through these constants so a typo cannot drift one
// peer (pusher-js, Echo, Soketi, Reverb) away from the others.

export const PROTOCOL_VERSION = 7;

/** Events the server and clients exchange; `pusher_internal:` ones are never user-visible. */
export const PusherEvent = {
  connectionEstablished: 'pusher:connection_established',
  error: 'pusher:error',
  ping: 'pusher:ping',
  pong: 'pusher:pong',
  subscribe: 'pusher:subscribe',
  unsubscribe: 'pusher:unsubscribe',
  subscriptionError: 'pusher:subscription_error',
  signin: 'pusher:signin',
  signinSuccess: 'pusher:signin_success',
  subscriptionSucceeded: 'pusher_internal:subscription_succeeded',
  memberAdded: 'pusher_internal:member_added',
  memberRemoved: 'pusher_internal:member_removed',
  /** Sent on a cache channel right after subscription_succeeded when nothing is cached. */
  cacheMiss: 'pusher:cache_miss',
} as const;

/**
 * pusher:error codes. pusher-js decides what to do from the close code alone:
 * 4000-4099 never reconnect, 4100-4199 reconnect after backoff, 4200-4299 reconnect at once,
 * 4300+ are reported and the connection stays open unless we close it.
 */
export const ErrorCode = {
  /** Unknown app key: the client must not retry. */
  appNotFound: 4001,
  appDisabled: 4003,
  overConnectionQuota: 4004,
  /** Terminated by the app (terminate_connections) or not allowed. */
  unauthorized: 4009,
  overCapacity: 4100,
  /** Server going away (shutdown): clients reconnect immediately, to another node. */
  reconnect: 4200,
  pongNotReceived: 4201,
  /** Malformed or oversize frame, bad client event: reported, connection kept. */
  generic: 4300,
  clientEventRateLimit: 4301,
  /** Client events are off for the app; Soketi and Reverb answer with this code too. */
  clientEventsDisabled: 4301,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const Limits = {
  /** Largest accepted client frame and largest event payload on the HTTP API. */
  maxFrameBytes: 10 * 1024,
  /** Hard cap at the websocket layer; beyond this ws closes 1009 before we parse anything. */
  maxWsPayloadBytes: 64 * 1024,
  maxChannelNameLength: 164,
  maxPresenceMembers: 100,
  maxUserInfoBytes: 1024,
  clientEventsPerSecond: 10,
  maxChannelsPerEvent: 100,
  maxBatchSize: 10,
  maxEventNameLength: 200,
  /** How long a cache channel remembers its last event (Pusher keeps it 30 minutes). */
  cacheTtlSeconds: 1800,
} as const;

/** A frame as it travels: `data` is already the wire string (server-sent data is JSON text). */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted' | 'user';

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
/** pusher-js subscribes this after pusher:signin; only that signed-in user may join it. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

export function isValidChannelName(name: unknown, maxLength: number = Limits.maxChannelNameLength): name is string {
  if (typeof name !== 'string' || name.length > maxLength) return false;
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return name.length > SERVER_TO_USER_PREFIX.length;
  return CHANNEL_NAME.test(name);
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return 'user';
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

/** Whether clients may send `client-` events on this channel (private-encrypted excluded: the server cannot vouch for them). */
export function acceptsClientEvents(name: string): boolean {
  const kind = channelKind(name);
  return kind === 'private' || kind === 'presence';
}

const CACHE_PREFIXES = ['cache-', 'private-cache-', 'private-encrypted-cache-', 'presence-cache-'];

/** Cache channels remember their last server event and hand it to each new subscriber. */
export function isCacheChannel(name: string): boolean {
  return CACHE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

export function isClientEvent(event: string): boolean {
  return event.startsWith('client-');
}

const SOCKET_ID = /^\d+\.\d+$/;

/** SDKs (pusher, pusher-js, Laravel) reject any other socket id shape. */
export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && SOCKET_ID.test(id);
}

export function createSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

/** Server → client: `data` is always a JSON string unless it already is one (HTTP API payloads). */
export function serializeFrame(frame: Frame): string {
  const out: Frame = { event: frame.event };
  if (frame.channel !== undefined) out.channel = frame.channel;
  if (frame.data !== undefined) out.data = encodeData(frame.data);
  if (frame.user_id !== undefined) out.user_id = frame.user_id;
  return JSON.stringify(out);
}

export function encodeData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/**
 * Connection-level frames whose `data` the protocol shows as an object, not a JSON string
 * (pusher:error, pusher:signin_success). pusher-js reads either; other SDKs follow the docs.
 */
export function objectFrame(event: string, data: Record<string, unknown>): string {
  return JSON.stringify({ event, data });
}

export function errorFrame(code: ErrorCode | null, message: string, channel?: string): string {
  const data = { message, code };
  return channel === undefined ? objectFrame(PusherEvent.error, data) : JSON.stringify({ event: PusherEvent.error, channel, data });
}

export type ParsedFrame =
  | { ok: true; frame: Frame; data: unknown }
  | { ok: false; reason: string };

/**
 * Client → server. Clients send `data` either as an object (pusher-js) or as a JSON string
 * (some SDKs); `data` in the result is decoded either way, `frame.data` keeps the original.
 */
export function parseFrame(text: string): ParsedFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Invalid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'A frame must be a JSON object' };
  }
  const { event, channel, data } = raw as Record<string, unknown>;
  if (typeof event !== 'string' || event === '') return { ok: false, reason: 'Missing event name' };
  if (channel !== undefined && typeof channel !== 'string') {
    return { ok: false, reason: 'channel must be a string' };
  }
  const frame: Frame = { event, data };
  if (channel !== undefined) frame.channel = channel;
  return { ok: true, frame, data: decodeData(data) };
}

function decodeData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}
