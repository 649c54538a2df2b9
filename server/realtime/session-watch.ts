import type { AreaUser } from '../../src/domain/area-modules.ts';
import { canJoinChannel } from '../../src/domain/channel-access.ts';
import type { RealtimeLogger } from './realtime-logger.ts';
import { ErrorCode } from './protocol.ts';

// Sockets outlive the checks made when they subscribed. Each private or presence channel a
// socket was authorised for remembers the session (user and token) that asked for it. When a
// session may have changed (logout, expiry, deactivation, a new password, new roles or modules)
// the node holding the socket asks the database again: a socket left with no live session is
// closed (4009, so pusher-js does not retry), and a channel the user may no longer see is
// dropped with `pusher:subscription_error`, which reaches Echo's `.error()` callback.

/** What the database says about a token that is still live. */
export interface LiveSession {
  userId: string;
  roles: readonly string[];
  modules: readonly string[];
  /** Epoch ms; the token's expiry slides with use, so it is read again when it comes. */
  expiresAt: number;
}

/** Live sessions among `tokenIds`; a token missing from the answer is revoked or expired. */
export type SessionLookup = (
  tokenIds: readonly number[],
) => Promise<ReadonlyMap<number, LiveSession>>;

/** Whose sessions to check again: every token of a user, or one token. */
export type SessionTarget = { userId: number | string } | { tokenId: number };

/** `/broadcasting/auth` authorised `channel` on `socketId` for this session. */
export interface SessionBinding {
  socketId: string;
  channel: string;
  userId: string;
  tokenId: number;
  expiresAt: number;
  /** What the session may see when it asked: decides which broadcasts carry rows to it. */
  roles: readonly string[];
  modules: readonly string[];
}

export type SubscriptionRefusal = { type: string; error: string; status: number };

/** What the watch needs from a local websocket connection (implemented by connection.ts). */
export interface WatchedConnection {
  readonly socketId: string;
  /** Unsubscribes the channel (if subscribed), tells the client, and refuses its old signature. */
  dropChannel(channel: string, refusal: SubscriptionRefusal): void;
  terminate(code: ErrorCode, message: string): void;
}

type Grant = AreaUser & { userId: string; tokenId: number };

// setTimeout's ceiling (about 24.8 days); a later expiry is checked then and rescheduled.
const MAX_DELAY_MS = 2 ** 31 - 1;

export class SessionWatch {
  private readonly grants = new Map<string, Map<string, Grant>>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /**
   * The sockets granted a channel by each token, so a closed socket finds the expiry timers no
   * other socket needs without reading every grant of the node: a thousand pages closing at
   * once made that scan a second of a restart's CPU. It may name a socket whose channels of
   * that token were dropped since; that only keeps a timer whose check then finds nothing.
   */
  private readonly tokenSockets = new Map<number, Set<string>>();
  private lookup: SessionLookup | undefined;

  constructor(
    private readonly deps: {
      connection(socketId: string): WatchedConnection | undefined;
      logger: RealtimeLogger;
    },
  ) {}

  /** Without a lookup (the bare realtime harness) nothing is watched. */
  use(lookup: SessionLookup): void {
    this.lookup = lookup;
  }

  bind(binding: SessionBinding): void {
    if (!this.lookup || !this.deps.connection(binding.socketId)) return;
    const channels = this.grants.get(binding.socketId) ?? new Map<string, Grant>();
    const { userId, tokenId, roles, modules } = binding;
    channels.set(binding.channel, { userId, tokenId, roles, modules });
    this.grants.set(binding.socketId, channels);
    const sockets = this.tokenSockets.get(tokenId) ?? new Set<string>();
    sockets.add(binding.socketId);
    this.tokenSockets.set(tokenId, sockets);
    if (!this.timers.has(binding.tokenId)) this.scheduleExpiry(binding.tokenId, binding.expiresAt);
  }

  /** The roles and modules of the session that authorised `channel` on the socket, if known. */
  reader(socketId: string, channel: string): AreaUser | undefined {
    return this.grants.get(socketId)?.get(channel);
  }

  /** A closed socket: its grants go, and the expiry timers no other socket needs. */
  forget(socketId: string): void {
    const gone = this.grants.get(socketId);
    this.grants.delete(socketId);
    if (!gone) return;
    for (const { tokenId } of gone.values()) {
      const sockets = this.tokenSockets.get(tokenId);
      sockets?.delete(socketId);
      if (sockets && sockets.size > 0) continue;
      this.tokenSockets.delete(tokenId);
      this.clearTimer(tokenId);
    }
  }

  /** Checks the sessions of `target` on this node's sockets against the database. */
  async recheck(target: SessionTarget): Promise<void> {
    const lookup = this.lookup;
    if (!lookup) return;
    const matches = (grant: Grant) =>
      'tokenId' in target
        ? grant.tokenId === target.tokenId
        : grant.userId === String(target.userId);
    const sockets = [...this.grants].filter(([, channels]) => [...channels.values()].some(matches));
    if (sockets.length === 0) return;
    const tokenIds = new Set<number>();
    for (const [, channels] of sockets)
      for (const grant of channels.values()) tokenIds.add(grant.tokenId);
    const live = await lookup([...tokenIds]);
    for (const tokenId of tokenIds) {
      const session = live.get(tokenId);
      this.clearTimer(tokenId);
      if (session) this.scheduleExpiry(tokenId, session.expiresAt);
    }
    for (const [socketId, channels] of sockets) this.apply(socketId, channels, live);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.grants.clear();
  }

  private apply(
    socketId: string,
    channels: Map<string, Grant>,
    live: ReadonlyMap<number, LiveSession>,
  ): void {
    const connection = this.deps.connection(socketId);
    if (!connection) return this.forget(socketId);
    if (![...channels.values()].some((grant) => live.has(grant.tokenId))) {
      this.forget(socketId);
      connection.terminate(ErrorCode.unauthorized, 'Session ended');
      return;
    }
    for (const [channel, grant] of channels) {
      const session = live.get(grant.tokenId);
      if (!session) {
        channels.delete(channel);
        connection.dropChannel(channel, { type: 'AuthError', error: 'Session ended', status: 401 });
      } else if (
        !canJoinChannel(
          { id: session.userId, roles: session.roles, modules: session.modules },
          channel,
        )
      ) {
        channels.delete(channel);
        connection.dropChannel(channel, {
          type: 'AuthError',
          error: 'No longer allowed on this channel',
          status: 403,
        });
      } else {
        // Kept, with what the session may read now.
        channels.set(channel, { ...grant, roles: session.roles, modules: session.modules });
      }
    }
  }

  private scheduleExpiry(tokenId: number, expiresAt: number): void {
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, expiresAt - Date.now()) + 50);
    const timer = setTimeout(() => {
      this.timers.delete(tokenId);
      this.recheck({ tokenId }).catch((error: unknown) =>
        this.deps.logger.error({ err: error, tokenId }, 'session expiry check failed'),
      );
    }, delay);
    timer.unref();
    this.timers.set(tokenId, timer);
  }

  private clearTimer(tokenId: number): void {
    clearTimeout(this.timers.get(tokenId));
    this.timers.delete(tokenId);
  }
}
