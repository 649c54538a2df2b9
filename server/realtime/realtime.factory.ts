import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Config, usesExternalPusher } from '../config.ts';
import { type ClusterBus, createLocalBus } from './cluster-bus.ts';
import { type ClusterState, createMemoryClusterState } from './cluster-state.ts';
import { type AppCredentials, resolveCredentials } from './credentials.ts';
import { registerEventsApi } from './events-api.routes.ts';
import { createExternalPublisher, createPusherClient, externalPusherOptions } from './external.publisher.ts';
import { createInProcessPublisher } from './in-process.publisher.ts';
import type { Publisher } from './publisher.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { limitsFromConfig } from './realtime-limits.ts';
import { type RealtimeLogger, silentLogger } from './realtime-logger.ts';
import { createRedisBus } from './redis-cluster-bus.ts';
import { createRedisClusterState } from './redis-cluster-state.ts';
import { type ChannelAuthorization, type PresenceMember, type UserAuthentication, authenticateUser, authorizeChannel } from './signatures.ts';
import type { SessionBinding, SessionLookup, SessionTarget } from './session-watch.ts';
import { WEBHOOK_EVENT_NAMES } from './webhook-events.ts';
import { createWebhooks } from './webhooks.ts';
import { type AttachedRealtime, type AttachOptions, attachRealtime } from './websocket.server.ts';

// The one entry point the app wires: configuration alone chooses embedded (one process),
// Redis (several processes) or external (Pusher/Soketi/Reverb). Route code sees the same
// Publisher and the same channel-auth helpers in all three.

export type RealtimeMode = 'embedded' | 'redis' | 'external';

export interface RealtimeOptions {
  config: Config;
  /** Defaults to config.REDIS_URL. */
  redisUrl?: string | undefined;
  logger?: RealtimeLogger;
  /** Tests shorten these; production uses PUSHER_ACTIVITY_TIMEOUT and the same again for the pong. */
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
  /** False when another listener (Vite HMR in dev) shares upgrades on this HTTP server. */
  rejectOtherUpgradePaths?: boolean;
  /**
   * `signed-in` (default): the app publishes on no public channel, so a socket must sign in
   * (pusher:signin) before it may subscribe to one. `anyone` is Pusher's own rule.
   */
  publicChannels?: 'anyone' | 'signed-in';
}

export interface ChannelInfo {
  /** Occupied channels (cluster-wide), optionally only those starting with `prefix`. */
  occupiedChannels(prefix?: string): Promise<string[]>;
  /** Distinct user ids on a presence channel. */
  presenceUserIds(channel: string): Promise<string[]>;
}

/** What this node's websocket server holds and has sent, for /metrics. */
export interface RealtimeStats {
  connections: number;
  channels: number;
  broadcasts: number;
}

export interface Realtime {
  readonly mode: RealtimeMode;
  /** This node's sockets; zeros when an external Pusher server holds them. */
  stats(): RealtimeStats;
  readonly credentials: AppCredentials;
  readonly publisher: Publisher;
  readonly channelInfo: ChannelInfo;
  /** Serves `/app/{key}` websockets on this server; a no-op when external. */
  attach(httpServer: Server, admit?: AttachOptions['admit']): void;
  /** Registers the signed Pusher HTTP API routes; a no-op when external (it has its own). */
  registerEventsApi(app: FastifyInstance): void;
  /** Body for `POST /broadcasting/auth` once the caller has decided the user may see `channel`. */
  authorizeChannel(socketId: string, channel: string, member?: PresenceMember): ChannelAuthorization;
  authenticateUser(socketId: string, user: { id: string } & Record<string, unknown>): UserAuthentication;
  /** How sockets learn that their session ended or lost access: the app's database lookup. */
  watchSessions(lookup: SessionLookup): void;
  /** After `authorizeChannel`: the session that channel on that socket depends on. */
  bindSession(binding: SessionBinding): Promise<void>;
  /**
   * Every node checks the target's sockets against the database again, within a second:
   * closes those left without a live token, drops channels the user may no longer see.
   * Call it after the transaction that revoked tokens or changed roles or modules commits.
   */
  recheckSessions(target: SessionTarget): Promise<void>;
  /** Sends 4200 to every client, withdraws this node's presence, closes Redis connections. */
  close(): Promise<void>;
}

export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const { config } = options;
  const logger = options.logger ?? silentLogger;
  if (usesExternalPusher(config)) return createExternal(config);

  const redisUrl = options.redisUrl ?? config.REDIS_URL;
  const prefix = `plantline:realtime:${config.PUSHER_APP_ID}:`;
  let bus: ClusterBus;
  let state: ClusterState;
  let credentials: AppCredentials;
  if (redisUrl !== undefined) {
    credentials = await resolveCredentials(config, (name, fresh) => agreeInRedis(redisUrl, `${prefix}credential:${name}`, fresh));
    bus = await createRedisBus({ url: redisUrl, prefix, logger });
    // A crashed node's presence must be gone within the activity timeout (a client would have
    // been dropped by then anyway): its heartbeat lapses after half of it, and survivors sweep
    // every sixth, so members go within two thirds of the timeout.
    const heartbeatMs = (options.activityTimeoutSeconds ?? config.PUSHER_ACTIVITY_TIMEOUT) * (1000 / 6);
    state = await createRedisClusterState({ url: redisUrl, prefix, logger, heartbeatMs });
  } else {
    credentials = await resolveCredentials(config);
    bus = createLocalBus();
    state = createMemoryClusterState();
  }
  const webhooks = config.PUSHER_WEBHOOK_URL === undefined
    ? undefined
    : createWebhooks(credentials, { url: config.PUSHER_WEBHOOK_URL, events: new Set(config.PUSHER_WEBHOOK_EVENTS ?? WEBHOOK_EVENT_NAMES) }, logger);
  const hub = new RealtimeHub({ bus, state, logger, ...(webhooks === undefined ? {} : { webhooks }) });
  // Through the hub in both modes: it remembers cache channels' last events before the bus
  // fans them out.
  const publisher = createInProcessPublisher(hub);
  const attached: AttachedRealtime[] = [];
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? config.PUSHER_ACTIVITY_TIMEOUT;
  const limits = limitsFromConfig(config);

  return {
    mode: redisUrl !== undefined ? 'redis' : 'embedded',
    stats: () => ({
      connections: hub.connectionCount,
      channels: hub.subscribedChannelCount,
      broadcasts: hub.publishedCount,
    }),
    credentials,
    publisher,
    channelInfo: {
      occupiedChannels: async (p = '') => [...(await hub.occupiedChannels()).keys()].filter((c) => c.startsWith(p)),
      presenceUserIds: async (channel) => [...(await hub.members(channel)).keys()],
    },
    attach(httpServer, admit) {
      attached.push(
        attachRealtime(httpServer, {
          app: credentials,
          hub,
          logger,
          activityTimeoutSeconds,
          pongTimeoutMs: options.pongTimeoutMs ?? activityTimeoutSeconds * 1000,
          rejectOtherPaths: options.rejectOtherUpgradePaths ?? true,
          clientEvents: config.PUSHER_CLIENT_EVENTS,
          publicChannels: options.publicChannels ?? 'signed-in',
          limits,
          admit,
        }),
      );
    },
    registerEventsApi: (app) => registerEventsApi(app, { app: credentials, hub, limits }),
    authorizeChannel: (socketId, channel, member) => authorizeChannel(credentials, socketId, channel, member),
    authenticateUser: (socketId, user) => authenticateUser(credentials, socketId, user),
    watchSessions: (lookup) => hub.watchSessions(lookup),
    bindSession: (binding) => hub.bindSession(binding),
    recheckSessions: (target) => hub.recheckSessions(target),
    async close() {
      await Promise.all(attached.map((a) => a.close()));
      // The vacated and member_removed webhooks of the sockets just closed still go out.
      await hub.webhooks.flush();
      await publisher.close();
      await bus.close();
      await state.close();
    },
  };
}

function createExternal(config: Config): Realtime {
  const pusherOptions = externalPusherOptions(config);
  const client = createPusherClient(pusherOptions);
  const credentials: AppCredentials = {
    id: pusherOptions.appId,
    key: pusherOptions.key,
    secret: pusherOptions.secret,
    ...(pusherOptions.encryptionMasterKeyBase64 === undefined
      ? {}
      : { encryptionMasterKey: Buffer.from(pusherOptions.encryptionMasterKeyBase64, 'base64') }),
  };
  const publisher = createExternalPublisher(client);
  return {
    mode: 'external',
    stats: () => ({ connections: 0, channels: 0, broadcasts: 0 }),
    credentials,
    publisher,
    channelInfo: {
      async occupiedChannels(prefix) {
        const params = prefix ? { filter_by_prefix: prefix } : {};
        const res = await client.get({ path: '/channels', params });
        const body = (await res.json()) as { channels?: Record<string, unknown> };
        return Object.keys(body.channels ?? {});
      },
      async presenceUserIds(channel) {
        const res = await client.get({ path: `/channels/${channel}/users` });
        const body = (await res.json()) as { users?: Array<{ id: string }> };
        return (body.users ?? []).map((u) => String(u.id));
      },
    },
    attach: () => undefined,
    registerEventsApi: () => undefined,
    authorizeChannel: (socketId, channel, member) => authorizeChannel(credentials, socketId, channel, member),
    authenticateUser: (socketId, user) => authenticateUser(credentials, socketId, user),
    // An external server keeps its sockets to itself: ended sessions lose their channels at
    // the next authorisation, and the user's own channel tells the browser to sign out.
    watchSessions: () => undefined,
    bindSession: () => Promise.resolve(),
    recheckSessions: () => Promise.resolve(),
    close: () => publisher.close(),
  };
}

/** First node to start picks the value; every later node adopts it. */
async function agreeInRedis(url: string, key: string, fresh: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    await redis.set(key, fresh, 'NX');
    return (await redis.get(key)) ?? fresh;
  } finally {
    await redis.quit();
  }
}
