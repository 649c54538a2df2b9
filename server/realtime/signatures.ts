import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppCredentials } from './credentials.ts';
import { channelKind, isValidChannelName, isValidSocketId } from './protocol.ts';

// Every HMAC of the Pusher protocol, computed exactly as pusher-js, the `pusher` SDK and
// Laravel compute them, so tokens signed here verify on any Pusher-compatible server.

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Constant-time string comparison; a length mismatch is simply false. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a presence member says about itself; ids are compared as strings. */
export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
  shared_secret?: string;
}

export class ChannelAuthError extends Error {
  override readonly name = 'ChannelAuthError';
}

/** `key:hex(hmac(secret, socket_id:channel[:channel_data]))`; channel_data is signed as sent. */
export function signChannel(
  app: AppCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmacHex(app.secret, text)}`;
}

/**
 * The body of a successful `POST /broadcasting/auth`. The caller decides *whether* the user
 * may see the channel; this only signs. Presence channels require the member.
 */
export function authorizeChannel(
  app: AppCredentials,
  socketId: string,
  channel: string,
  member?: PresenceMember,
): ChannelAuthorization {
  if (!isValidSocketId(socketId)) throw new ChannelAuthError(`Invalid socket id: ${String(socketId)}`);
  if (!isValidChannelName(channel)) throw new ChannelAuthError(`Invalid channel name: ${String(channel)}`);
  const kind = channelKind(channel);
  if (kind === 'presence') {
    if (member === undefined) throw new ChannelAuthError('A presence channel needs the member');
    const channelData = JSON.stringify({ user_id: member.user_id, user_info: member.user_info ?? {} });
    return { auth: signChannel(app, socketId, channel, channelData), channel_data: channelData };
  }
  const result: ChannelAuthorization = { auth: signChannel(app, socketId, channel) };
  if (kind === 'encrypted') {
    if (app.encryptionMasterKey === undefined) {
      throw new ChannelAuthError('Encrypted channels need an encryption master key');
    }
    result.shared_secret = channelSharedSecret(app.encryptionMasterKey, channel);
  }
  return result;
}

export function verifyChannelAuth(
  app: AppCredentials,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannel(app, socketId, channel, channelData));
}

/** Key for nacl secretbox, as the pusher SDK derives it: sha256(channel ‖ master key), base64. */
export function channelSharedSecret(masterKey: Buffer, channel: string): string {
  return createHash('sha256').update(Buffer.concat([Buffer.from(channel), masterKey])).digest('base64');
}

export interface UserAuthentication {
  auth: string;
  user_data: string;
}

/** Body for pusher-js user sign-in (`pusher.signin()`); user_data must carry a string `id`. */
export function authenticateUser(
  app: AppCredentials,
  socketId: string,
  user: { id: string } & Record<string, unknown>,
): UserAuthentication {
  if (!isValidSocketId(socketId)) throw new ChannelAuthError(`Invalid socket id: ${String(socketId)}`);
  const userData = JSON.stringify(user);
  return { auth: `${app.key}:${hmacHex(app.secret, `${socketId}::user::${userData}`)}`, user_data: userData };
}

export function verifyUserAuth(app: AppCredentials, socketId: string, auth: unknown, userData: string): boolean {
  const expected = `${app.key}:${hmacHex(app.secret, `${socketId}::user::${userData}`)}`;
  return typeof auth === 'string' && safeEqual(auth, expected);
}

export const API_TIMESTAMP_TOLERANCE_SECONDS = 600;

export interface ApiRequest {
  method: string;
  path: string;
  /** Decoded query parameters, auth_* included. */
  query: Record<string, string>;
  rawBody?: string | Buffer;
}

/** The string the HTTP API signs: `METHOD\npath\nk=v&…` with keys lower-cased and sorted. */
export function apiStringToSign(method: string, path: string, params: Record<string, string>): string {
  const pairs = Object.entries(params)
    .filter(([k]) => k !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  return `${method.toUpperCase()}\n${path}\n${pairs.join('&')}`;
}

/** Query parameters for a signed HTTP API request (what the `pusher` SDK sends). */
export function signApiRequest(
  app: AppCredentials,
  request: { method: string; path: string; params?: Record<string, string>; body?: string },
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const params: Record<string, string> = {
    ...request.params,
    auth_key: app.key,
    auth_timestamp: String(timestamp),
    auth_version: '1.0',
  };
  if (request.body !== undefined && request.body !== '') params.body_md5 = md5Hex(request.body);
  params.auth_signature = hmacHex(app.secret, apiStringToSign(request.method, request.path, params));
  return params;
}

export type ApiVerdict = { ok: true } | { ok: false; reason: string };

export function verifyApiRequest(
  app: AppCredentials,
  request: ApiRequest,
  nowSeconds = Math.floor(Date.now() / 1000),
): ApiVerdict {
  const q = request.query;
  if (q.auth_key !== app.key) return { ok: false, reason: 'Unknown auth_key' };
  if (q.auth_version !== '1.0') return { ok: false, reason: 'auth_version must be 1.0' };
  const ts = Number(q.auth_timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > API_TIMESTAMP_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'auth_timestamp is missing or more than 600 s from server time' };
  }
  const body = request.rawBody ?? '';
  if (body.length > 0 && q.body_md5 !== md5Hex(body)) return { ok: false, reason: 'body_md5 does not match the body' };
  const expected = hmacHex(app.secret, apiStringToSign(request.method, request.path, q));
  if (typeof q.auth_signature !== 'string' || !safeEqual(q.auth_signature, expected)) {
    return { ok: false, reason: 'Invalid signature' };
  }
  return { ok: true };
}
