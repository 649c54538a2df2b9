import type { RawData, WebSocket } from 'ws';
import type { AppCredentials } from './credentials.ts';
import type { HubConnection, RealtimeHub } from './realtime-hub.ts';
import type { RealtimeLogger } from './realtime-logger.ts';
import {
  ErrorCode,
  Limits,
  PusherEvent,
  SERVER_TO_USER_PREFIX,
  acceptsClientEvents,
  channelKind,
  createSocketId,
  encodeData,
  errorFrame,
  isCacheChannel,
  isClientEvent,
  isValidChannelName,
  objectFrame,
  parseFrame,
  serializeFrame,
} from './protocol.ts';
import { DEFAULT_LIMITS, type RealtimeLimits, maxClientFrameBytes } from './realtime-limits.ts';
import { verifyChannelAuth, verifyUserAuth } from './signatures.ts';

// One websocket speaking Pusher v7. Frames are handled one after another (subscribe may wait
// on Redis), so a subscribe followed at once by an unsubscribe cannot finish in reverse order.

export interface ConnectionOptions {
  activityTimeoutSeconds: number;
  /** How long to wait for pusher:pong after our pusher:ping before closing 4201. */
  pongTimeoutMs: number;
  /** Whether `client-` events are relayed; when not, each gets pusher:error 4301 and goes nowhere. */
  clientEvents?: boolean;
  /**
   * Who may subscribe to a public channel: `anyone` (Pusher's own rule), or only a socket
   * that has signed in (pusher:signin), for an app that publishes on none.
   */
  publicChannels?: 'anyone' | 'signed-in';
  /** Event, channel and presence limits, and the deadline to authorise; Pusher's defaults when not given. */
  limits?: RealtimeLimits;
}

interface Subscription {
  /** Present on presence channels: the user this connection joined as. */
  userId?: string;
}

type SubscriptionError = { type: string; error: string; status: number };

export class Connection implements HubConnection {
  readonly socketId = createSocketId();
  private readonly subscriptions = new Map<string, Subscription>();
  /** Channels dropped because the session lost them: their old signatures no longer open them. */
  private readonly dropped = new Set<string>();
  private signedInUserId: string | undefined;
  private queue: Promise<void> = Promise.resolve();
  private lastSeen = Date.now();
  private activityTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;
  private authorizeTimer: NodeJS.Timeout | undefined;
  private rateWindowStart = 0;
  private rateWindowCount = 0;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: { app: AppCredentials; hub: RealtimeHub; logger: RealtimeLogger; options: ConnectionOptions },
  ) {}

  private get limits(): RealtimeLimits {
    return this.deps.options.limits ?? DEFAULT_LIMITS;
  }

  start(): void {
    this.deps.hub.register(this);
    const data = { socket_id: this.socketId, activity_timeout: this.deps.options.activityTimeoutSeconds };
    this.send(serializeFrame({ event: PusherEvent.connectionEstablished, data }));
    // Control-frame pings and pongs prove the peer is alive just as well as pusher:ping does.
    this.ws.on('ping', () => this.touch());
    this.ws.on('pong', () => this.touch());
    this.ws.on('message', (raw, isBinary) => this.onMessage(raw, isBinary));
    this.ws.on('close', () => this.onClose());
    // The peer's close frame (ClosingWebSocket): it is gone from presence before the TCP close.
    this.ws.on('closing', () => this.onClose());
    this.ws.on('error', (error) => this.deps.logger.warn({ err: error, socketId: this.socketId }, 'websocket error'));
    this.scheduleActivityCheck();
    const deadline = this.limits.userAuthenticationTimeoutSeconds;
    if (deadline !== undefined) {
      this.authorizeTimer = setTimeout(() => {
        if (!this.isAuthorized()) this.terminate(ErrorCode.unauthorized, `Sign in or join a private channel within ${deadline} seconds`);
      }, deadline * 1000);
    }
  }

  /** Pusher's "authorized connection": signed in, or on at least one channel that needed a signature. */
  private isAuthorized(): boolean {
    if (this.signedInUserId !== undefined) return true;
    return [...this.subscriptions.keys()].some((name) => ['private', 'presence', 'encrypted'].includes(channelKind(name)));
  }

  send(wire: string): void {
    if (!this.closed && this.ws.readyState === this.ws.OPEN) this.ws.send(wire);
  }

  userIds(): ReadonlySet<string> {
    const ids = new Set<string>();
    if (this.signedInUserId !== undefined) ids.add(this.signedInUserId);
    for (const sub of this.subscriptions.values()) if (sub.userId !== undefined) ids.add(sub.userId);
    return ids;
  }

  terminate(code: ErrorCode, message: string): void {
    if (this.closed) return;
    this.send(errorFrame(code, message));
    this.ws.close(code, message);
    this.onClose();
  }

  dropChannel(channel: string, refusal: SubscriptionError): void {
    this.dropped.add(channel);
    this.queue = this.queue
      .then(async () => {
        if (this.closed) return;
        if (this.subscriptions.delete(channel)) await this.deps.hub.unsubscribe(this, channel);
        this.subscriptionError(channel, refusal);
      })
      .catch((error: unknown) => this.deps.logger.error({ err: error, socketId: this.socketId }, 'dropping a channel failed'));
  }

  allowChannel(channel: string): void {
    this.dropped.delete(channel);
  }

  private onMessage(raw: RawData, isBinary: boolean): void {
    this.touch();
    const bytes = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
    const maxBytes = maxClientFrameBytes(this.limits);
    if (bytes > maxBytes) {
      this.send(errorFrame(ErrorCode.generic, `Frame exceeds ${maxBytes} bytes, rejected`));
      return;
    }
    if (isBinary) {
      this.send(errorFrame(ErrorCode.generic, 'Binary frames are not part of the Pusher protocol'));
      return;
    }
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as Buffer).toString('utf8');
    const parsed = parseFrame(text);
    if (!parsed.ok) {
      this.send(errorFrame(ErrorCode.generic, parsed.reason));
      return;
    }
    const { frame, data } = parsed;
    if (isClientEvent(frame.event) && this.deps.options.clientEvents !== true) {
      this.send(errorFrame(ErrorCode.clientEventsDisabled, 'The app does not have client messaging enabled.', frame.channel));
      return;
    }
    // Rate limiting counts on arrival, before any queueing, so a burst cannot hide in the queue.
    if (isClientEvent(frame.event) && !this.withinClientEventRate()) {
      this.send(errorFrame(ErrorCode.clientEventRateLimit, `More than ${Limits.clientEventsPerSecond} client events per second`));
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(frame.event, frame.channel, data))
      .catch((error: unknown) => this.deps.logger.error({ err: error, socketId: this.socketId }, 'realtime frame failed'));
  }

  private async handle(event: string, channel: string | undefined, data: unknown): Promise<void> {
    if (this.closed) return;
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    switch (event) {
      case PusherEvent.ping:
        this.send(serializeFrame({ event: PusherEvent.pong, data: {} }));
        return;
      case PusherEvent.pong:
        return;
      case PusherEvent.subscribe:
        return this.subscribe(body);
      case PusherEvent.unsubscribe:
        if (typeof body.channel === 'string' && this.subscriptions.delete(body.channel)) {
          await this.deps.hub.unsubscribe(this, body.channel);
        }
        return;
      case PusherEvent.signin:
        return this.signin(body);
      default:
        if (isClientEvent(event)) return this.clientEvent(event, channel, data);
      // Other events (future pusher: ones included) are ignored, as Pusher does.
    }
  }

  private async subscribe(body: Record<string, unknown>): Promise<void> {
    const channel = body.channel;
    if (!isValidChannelName(channel, this.limits.channelNameLength)) {
      const name = typeof channel === 'string' ? channel : undefined;
      this.subscriptionError(name, { type: 'InvalidChannel', error: 'Invalid channel name', status: 400 });
      return;
    }
    if (this.subscriptions.has(channel)) {
      await this.succeed(channel);
      return;
    }
    const kind = channelKind(channel);
    const authError = { type: 'AuthError', error: 'Invalid signature', status: 401 };
    if (this.dropped.has(channel)) {
      return this.subscriptionError(channel, { type: 'AuthError', error: 'Authorise the channel again', status: 403 });
    }
    if (kind === 'user') {
      if (channel !== `${SERVER_TO_USER_PREFIX}${this.signedInUserId ?? ''}`) return this.subscriptionError(channel, authError);
    } else if (kind === 'private' || kind === 'encrypted') {
      if (!verifyChannelAuth(this.deps.app, this.socketId, channel, body.auth)) return this.subscriptionError(channel, authError);
    } else if (kind === 'presence') {
      return this.joinPresence(channel, body, authError);
    } else if (kind === 'public' && this.deps.options.publicChannels !== 'anyone' && this.signedInUserId === undefined) {
      return this.subscriptionError(channel, { type: 'AuthError', error: 'Sign in before subscribing to a public channel', status: 401 });
    }
    this.subscriptions.set(channel, {});
    await this.deps.hub.subscribe(this, channel);
    await this.succeed(channel);
  }

  private async joinPresence(channel: string, body: Record<string, unknown>, authError: SubscriptionError): Promise<void> {
    const raw = body.channel_data;
    if (typeof raw !== 'string' || !verifyChannelAuth(this.deps.app, this.socketId, channel, body.auth, raw)) {
      return this.subscriptionError(channel, authError);
    }
    const member = parseChannelData(raw);
    if (!member) {
      return this.subscriptionError(channel, { type: 'InvalidChannelData', error: 'channel_data needs user_id', status: 400 });
    }
    const infoBytes = this.limits.presenceUserInfoBytes;
    if (Buffer.byteLength(JSON.stringify(member.userInfo ?? {})) > infoBytes) {
      return this.subscriptionError(channel, { type: 'LimitReached', error: `user_info exceeds ${infoBytes} bytes`, status: 413 });
    }
    const joined = await this.deps.hub.join(this, channel, member, this.limits.presenceMembers);
    if (!joined.ok) {
      return this.subscriptionError(channel, { type: 'LimitReached', error: 'Presence channel is full', status: 403 });
    }
    this.subscriptions.set(channel, { userId: member.userId });
    this.send(serializeFrame({ event: PusherEvent.subscriptionSucceeded, channel, data: presenceData(joined.members) }));
    await this.sendCached(channel);
  }

  private async succeed(channel: string): Promise<void> {
    const data = channelKind(channel) === 'presence' ? presenceData(await this.deps.hub.members(channel)) : {};
    this.send(serializeFrame({ event: PusherEvent.subscriptionSucceeded, channel, data }));
    await this.sendCached(channel);
  }

  /** Cache channels: the last event right after subscription_succeeded, or pusher:cache_miss. */
  private async sendCached(channel: string): Promise<void> {
    if (!isCacheChannel(channel)) return;
    const cached = await this.deps.hub.cached(channel);
    if (!cached) this.deps.hub.webhooks.send({ name: 'cache_miss', channel });
    this.send(
      cached
        ? serializeFrame({ event: cached.event, channel, data: cached.data })
        : // Pusher's documentation shows the miss with no data at all, not an empty object.
          serializeFrame({ event: PusherEvent.cacheMiss, channel }),
    );
  }

  private subscriptionError(channel: string | undefined, data: SubscriptionError): void {
    const frame = channel === undefined ? { event: PusherEvent.subscriptionError, data } : { event: PusherEvent.subscriptionError, channel, data };
    this.send(serializeFrame(frame));
  }

  private signin(body: Record<string, unknown>): void {
    const userData = body.user_data;
    const user = typeof userData === 'string' ? parseJsonObject(userData) : undefined;
    if (typeof userData !== 'string' || !user || typeof user.id !== 'string' || user.id === '' ||
      !verifyUserAuth(this.deps.app, this.socketId, body.auth, userData)) {
      // Pusher closes on a failed sign-in: 4009 tells pusher-js not to retry with the same token.
      this.terminate(ErrorCode.unauthorized, 'Sign-in refused');
      return;
    }
    this.signedInUserId = user.id;
    this.send(objectFrame(PusherEvent.signinSuccess, { user_data: userData }));
  }

  private async clientEvent(event: string, channel: string | undefined, data: unknown): Promise<void> {
    // The same limit the HTTP API puts on event names, so a client cannot send what it refuses.
    const { eventNameLength, eventPayloadBytes } = this.limits;
    if (event.length > eventNameLength) {
      this.send(errorFrame(ErrorCode.generic, `Event name exceeds ${eventNameLength} characters`, channel));
      return;
    }
    if (Buffer.byteLength(encodeData(data)) > eventPayloadBytes) {
      this.send(errorFrame(ErrorCode.generic, `Event data exceeds ${eventPayloadBytes} bytes`, channel));
      return;
    }
    const sub = channel === undefined ? undefined : this.subscriptions.get(channel);
    if (channel === undefined || !sub || !acceptsClientEvents(channel)) {
      this.send(errorFrame(ErrorCode.generic, 'Client events need a private or presence channel the sender has joined'));
      return;
    }
    await this.deps.hub.relayClientEvent(this, channel, event, data, sub.userId);
  }

  private withinClientEventRate(): boolean {
    const now = Date.now();
    if (now - this.rateWindowStart >= 1000) {
      this.rateWindowStart = now;
      this.rateWindowCount = 0;
    }
    this.rateWindowCount += 1;
    return this.rateWindowCount <= Limits.clientEventsPerSecond;
  }

  private touch(): void {
    this.lastSeen = Date.now();
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
      this.scheduleActivityCheck();
    }
  }

  /** One timer per connection that re-arms itself, instead of resetting a timer per frame. */
  private scheduleActivityCheck(): void {
    const timeoutMs = this.deps.options.activityTimeoutSeconds * 1000;
    const due = Math.max(0, this.lastSeen + timeoutMs - Date.now());
    this.activityTimer = setTimeout(() => {
      if (this.closed) return;
      if (Date.now() - this.lastSeen < timeoutMs) return this.scheduleActivityCheck();
      this.send(serializeFrame({ event: PusherEvent.ping, data: {} }));
      this.pongTimer = setTimeout(() => this.terminate(ErrorCode.pongNotReceived, 'Pong reply not received in time'), this.deps.options.pongTimeoutMs);
    }, due);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.activityTimer);
    clearTimeout(this.pongTimer);
    clearTimeout(this.authorizeTimer);
    // Wait for in-flight frames so a join finishing after the close is still undone.
    this.queue = this.queue
      .then(() => this.deps.hub.unregister(this, [...this.subscriptions.keys()]))
      .catch((error: unknown) => this.deps.logger.error({ err: error, socketId: this.socketId }, 'realtime cleanup failed'));
  }

  /** Resolves when the close has been fully processed (presence left, counts updated). */
  settled(): Promise<void> {
    return this.queue;
  }
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function parseChannelData(raw: string): { userId: string; userInfo: unknown } | undefined {
  const data = parseJsonObject(raw);
  const id = data?.user_id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  if (String(id) === '') return undefined;
  return { userId: String(id), userInfo: data?.user_info ?? {} };
}

function presenceData(members: Map<string, unknown>): { presence: { ids: string[]; hash: Record<string, unknown>; count: number } } {
  return { presence: { ids: [...members.keys()], hash: Object.fromEntries(members), count: members.size } };
}
