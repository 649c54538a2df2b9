import type { Area } from '../../src/domain/access.ts';
import { canReadArea } from '../../src/domain/channel-access.ts';
import type { ClusterBus, ClusterMessage } from './cluster-bus.ts';
import type { CachedEvent, ClusterState, JoinResult, PresenceIdentity } from './cluster-state.ts';
import type { RealtimeLogger } from './realtime-logger.ts';
import { ErrorCode, Limits, PusherEvent, encodeData, isCacheChannel, serializeFrame } from './protocol.ts';
import { type Webhooks, noWebhooks } from './webhooks.ts';
import { type SessionBinding, type SessionLookup, type SessionTarget, SessionWatch, type WatchedConnection } from './session-watch.ts';

// This node's connections and what they listen to. Everything that must reach other nodes
// (events, member changes, terminations) goes out through the bus, and everything that comes
// in from the bus is delivered here to local sockets only. Node-local state never answers a
// cluster question: counts and presence come from ClusterState.

/** What the hub needs from a websocket connection (implemented by connection.ts). */
export interface HubConnection extends WatchedConnection {
  readonly socketId: string;
  send(wire: string): void;
  /** Ids the connection is known by: its signed-in user and its presence user ids. */
  userIds(): ReadonlySet<string>;
  /** Sends pusher:error with the code and closes with it. */
  terminate(code: ErrorCode, message: string): void;
  /** A fresh authorisation lifts an earlier drop of the channel. */
  allowChannel(channel: string): void;
}

export interface PublishEvent {
  channels: string[];
  event: string;
  data: unknown;
  /** Exclude exactly this connection (Laravel's toOthers / X-Socket-Id). */
  socketId?: string;
  /** Only sockets whose session may read rows of `area` get `data`; the others get this `data`. */
  readers?: { area: Area; data: string };
}

export class RealtimeHub {
  private readonly connections = new Map<string, HubConnection>();
  private readonly subscribers = new Map<string, Set<HubConnection>>();
  private readonly sessions: SessionWatch;

  constructor(
    private readonly deps: { bus: ClusterBus; state: ClusterState; logger: RealtimeLogger; webhooks?: Webhooks },
  ) {
    this.sessions = new SessionWatch({ connection: (id) => this.connections.get(id), logger: deps.logger });
    deps.bus.onMessage((message) => this.deliver(message));
    deps.state.onStaleMemberRemoved((channel, userId) => {
      this.memberRemoved(channel, userId).catch((error: unknown) => deps.logger.error({ err: error }, 'member_removed failed'));
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Channels at least one of this node's sockets is subscribed to. */
  get subscribedChannelCount(): number {
    return this.subscribers.size;
  }

  /** Pusher's webhooks, each raised once cluster-wide (occupancy and presence come from ClusterState). */
  get webhooks(): Webhooks {
    return this.deps.webhooks ?? noWebhooks;
  }

  /** Server events published through this node since it started (/metrics). */
  publishedCount = 0;

  register(connection: HubConnection): void {
    this.connections.set(connection.socketId, connection);
  }

  /** Forgets a closed connection and leaves every channel it was on (member_removed included). */
  async unregister(connection: HubConnection, channels: Iterable<string>): Promise<void> {
    this.connections.delete(connection.socketId);
    this.sessions.forget(connection.socketId);
    for (const channel of channels) await this.unsubscribe(connection, channel);
  }

  async subscribe(connection: HubConnection, channel: string): Promise<void> {
    const set = this.subscribers.get(channel) ?? new Set<HubConnection>();
    if (set.has(connection)) return;
    set.add(connection);
    this.subscribers.set(channel, set);
    if ((await this.deps.state.occupy(channel, 1)) === 1) this.webhooks.send({ name: 'channel_occupied', channel });
  }

  /**
   * Joins a presence channel. The joiner is subscribed before others hear member_added, and
   * member_added excludes the joiner: a client never sees its own arrival.
   */
  async join(connection: HubConnection, channel: string, member: PresenceIdentity, memberLimit: number = Limits.maxPresenceMembers): Promise<JoinResult> {
    const result = await this.deps.state.join(channel, connection.socketId, member, memberLimit);
    if (!result.ok) return result;
    await this.subscribe(connection, channel);
    if (result.firstForUser) {
      this.webhooks.send({ name: 'member_added', channel, user_id: member.userId });
      await this.deps.bus.broadcast({
        type: 'event',
        channels: [channel],
        event: PusherEvent.memberAdded,
        data: encodeData({ user_id: member.userId, user_info: member.userInfo }),
        exceptSocketId: connection.socketId,
      });
    }
    return result;
  }

  /** Harmless when not subscribed, so unsubscribing twice costs nothing. */
  async unsubscribe(connection: HubConnection, channel: string): Promise<void> {
    const set = this.subscribers.get(channel);
    if (!set?.delete(connection)) return;
    if (set.size === 0) this.subscribers.delete(channel);
    const remaining = await this.deps.state.occupy(channel, -1);
    if (channel.startsWith('presence-')) {
      const left = await this.deps.state.leave(channel, connection.socketId);
      if (left?.lastForUser) await this.memberRemoved(channel, left.userId);
    }
    // After member_removed, as Pusher orders them: the last member leaves, then the channel empties.
    if (remaining === 0) this.webhooks.send({ name: 'channel_vacated', channel });
  }

  memberRemoved(channel: string, userId: string): Promise<void> {
    this.webhooks.send({ name: 'member_removed', channel, user_id: userId });
    return this.deps.bus.broadcast({
      type: 'event',
      channels: [channel],
      event: PusherEvent.memberRemoved,
      data: encodeData({ user_id: userId }),
    });
  }

  /** Server events only: client events never overwrite a cache channel's state. */
  async publish(event: PublishEvent): Promise<void> {
    this.publishedCount += 1;
    const message: ClusterMessage = {
      type: 'event',
      channels: event.channels,
      event: event.event,
      data: encodeData(event.data),
    };
    // Remembered before delivery, so a subscriber arriving meanwhile gets it one way or the other.
    // A new subscriber's reader is not known there, so a cache keeps what anyone may hear.
    const remembered = event.readers?.data ?? message.data;
    for (const channel of event.channels.filter(isCacheChannel)) {
      await this.deps.state.remember(channel, { event: message.event, data: remembered }, Limits.cacheTtlSeconds);
    }
    if (event.socketId !== undefined) message.exceptSocketId = event.socketId;
    if (event.readers !== undefined) message.readers = event.readers;
    return this.deps.bus.broadcast(message);
  }

  /** Client events: relayed like server events but never back to the sender. */
  relayClientEvent(sender: HubConnection, channel: string, event: string, data: unknown, userId?: string): Promise<void> {
    const message: ClusterMessage = {
      type: 'event',
      channels: [channel],
      event,
      data: encodeData(data),
      exceptSocketId: sender.socketId,
    };
    if (userId !== undefined) message.userId = userId;
    // The data decoded (pusher-js sends an object, so the receiver reads it as one), with the sender.
    this.webhooks.send({ name: 'client_event', channel, event, data, socket_id: sender.socketId, ...(userId === undefined ? {} : { user_id: userId }) });
    return this.deps.bus.broadcast(message);
  }

  terminateUser(userId: string): Promise<void> {
    return this.deps.bus.broadcast({ type: 'terminate', userId });
  }

  /** Starts watching sessions; the app passes how to ask the database about tokens. */
  watchSessions(lookup: SessionLookup): void {
    this.sessions.use(lookup);
  }

  /** Tells the node holding the socket which session authorised the channel. */
  bindSession(binding: SessionBinding): Promise<void> {
    return this.deps.bus.broadcast({ type: 'session', ...binding });
  }

  /** Every node checks its sockets of `target` again (after logout, deactivation, new roles…). */
  recheckSessions(target: SessionTarget): Promise<void> {
    return this.deps.bus.broadcast({ type: 'recheck', target });
  }

  cached(channel: string): Promise<CachedEvent | undefined> {
    return this.deps.state.recall(channel);
  }

  members(channel: string): Promise<Map<string, unknown>> {
    return this.deps.state.members(channel);
  }

  occupiedChannels(): Promise<Map<string, number>> {
    return this.deps.state.channels();
  }

  /** Shutdown: 4200 tells pusher-js to reconnect at once, to another node behind the balancer. */
  closeAll(): void {
    this.sessions.stop();
    for (const connection of [...this.connections.values()]) {
      connection.terminate(ErrorCode.reconnect, 'Server shutting down, reconnect');
    }
  }

  /**
   * Whether the session that authorised `channel` on the socket may read rows of `area`. A
   * socket whose session this node does not know (not told yet, or no lookup) may not.
   */
  private mayRead(connection: HubConnection, channel: string, area: Area | undefined): boolean {
    if (area === undefined) return true;
    const reader = this.sessions.reader(connection.socketId, channel);
    return reader !== undefined && canReadArea(reader, area);
  }

  private deliver(message: ClusterMessage): void {
    if (message.type === 'session') {
      const { type: _type, ...binding } = message;
      this.connections.get(binding.socketId)?.allowChannel(binding.channel);
      this.sessions.bind(binding);
      return;
    }
    if (message.type === 'recheck') {
      this.sessions.recheck(message.target).catch((error: unknown) => this.deps.logger.error({ err: error }, 'session recheck failed'));
      return;
    }
    if (message.type === 'terminate') {
      for (const connection of [...this.connections.values()]) {
        if (connection.userIds().has(message.userId)) {
          connection.terminate(ErrorCode.unauthorized, 'Connection terminated by the app');
        }
      }
      return;
    }
    for (const channel of message.channels) {
      const set = this.subscribers.get(channel);
      if (!set) continue;
      const frame: { event: string; channel: string; data: string; user_id?: string } = {
        event: message.event,
        channel,
        data: message.data,
      };
      if (message.userId !== undefined) frame.user_id = message.userId;
      const wire = serializeFrame(frame);
      const readers = message.readers;
      const othersWire = readers && serializeFrame({ ...frame, data: readers.data });
      for (const connection of set) {
        if (connection.socketId === message.exceptSocketId) continue;
        connection.send(othersWire === undefined || this.mayRead(connection, channel, readers?.area) ? wire : othersWire);
      }
    }
  }
}
