// Membership facts that must be the same on every node: who is present on which presence
// channel and how many connections each channel has. The memory version serves one process;
// redis-cluster-state.ts serves several with the same contract.

export interface PresenceIdentity {
  userId: string;
  userInfo: unknown;
}

export type JoinResult =
  | { ok: true; firstForUser: boolean; members: Map<string, unknown> }
  | { ok: false; reason: 'member_limit' };

export interface LeaveResult {
  userId: string;
  /** True when that was the user's last connection on the channel: others get member_removed. */
  lastForUser: boolean;
}

/** A cache channel's last event: name and wire data, and the seconds it has left. */
export interface CachedEvent {
  event: string;
  data: string;
  ttl: number;
}

export interface ClusterState {
  /** Remembers the last event of a cache channel for `ttlSeconds`, for every node to hand out. */
  remember(channel: string, event: { event: string; data: string }, ttlSeconds: number): Promise<void>;
  recall(channel: string): Promise<CachedEvent | undefined>;
  /** Adds one connection of a user; refused when a new user would exceed `limit` members. */
  join(channel: string, socketId: string, member: PresenceIdentity, limit: number): Promise<JoinResult>;
  leave(channel: string, socketId: string): Promise<LeaveResult | undefined>;
  /** Distinct users, id → user_info of their first connection. */
  members(channel: string): Promise<Map<string, unknown>>;
  /**
   * This node's subscriber count for a channel changed by `delta`; answers the channel's
   * count cluster-wide afterwards (1 after a join: it became occupied; 0: vacated).
   */
  occupy(channel: string, delta: 1 | -1): Promise<number>;
  /** Occupied channels cluster-wide with their subscription counts. */
  channels(): Promise<Map<string, number>>;
  /** Members of crashed nodes are removed by a survivor; the hub announces member_removed. */
  onStaleMemberRemoved(handler: (channel: string, userId: string) => void): void;
  close(): Promise<void>;
}

export function createMemoryClusterState(): ClusterState {
  // channel → socketId → identity; Map keeps insertion order, so "first connection" is stable.
  const presence = new Map<string, Map<string, PresenceIdentity>>();
  const counts = new Map<string, number>();
  const cached = new Map<string, { event: string; data: string; expiresAt: number }>();

  const distinct = (channel: string): Map<string, unknown> => {
    const out = new Map<string, unknown>();
    for (const m of presence.get(channel)?.values() ?? []) if (!out.has(m.userId)) out.set(m.userId, m.userInfo);
    return out;
  };

  return {
    remember(channel, event, ttlSeconds) {
      cached.set(channel, { ...event, expiresAt: Date.now() + ttlSeconds * 1000 });
      return Promise.resolve();
    },
    recall(channel) {
      const hit = cached.get(channel);
      if (!hit || hit.expiresAt <= Date.now()) {
        cached.delete(channel);
        return Promise.resolve(undefined);
      }
      const ttl = Math.ceil((hit.expiresAt - Date.now()) / 1000);
      return Promise.resolve({ event: hit.event, data: hit.data, ttl });
    },
    join(channel, socketId, member, limit) {
      const current = distinct(channel);
      const firstForUser = !current.has(member.userId);
      if (firstForUser && current.size >= limit) return Promise.resolve({ ok: false, reason: 'member_limit' });
      const sockets = presence.get(channel) ?? new Map<string, PresenceIdentity>();
      sockets.set(socketId, member);
      presence.set(channel, sockets);
      return Promise.resolve({ ok: true, firstForUser, members: distinct(channel) });
    },
    leave(channel, socketId) {
      const sockets = presence.get(channel);
      const member = sockets?.get(socketId);
      if (!sockets || !member) return Promise.resolve(undefined);
      sockets.delete(socketId);
      if (sockets.size === 0) presence.delete(channel);
      const lastForUser = ![...sockets.values()].some((m) => m.userId === member.userId);
      return Promise.resolve({ userId: member.userId, lastForUser });
    },
    members: (channel) => Promise.resolve(distinct(channel)),
    occupy(channel, delta) {
      const next = (counts.get(channel) ?? 0) + delta;
      if (next > 0) counts.set(channel, next);
      else counts.delete(channel);
      return Promise.resolve(Math.max(0, next));
    },
    channels: () => Promise.resolve(new Map(counts)),
    // One process: its members die with it, nobody is left to tell.
    onStaleMemberRemoved: () => undefined,
    close() {
      presence.clear();
      counts.clear();
      cached.clear();
      return Promise.resolve();
    },
  };
}
