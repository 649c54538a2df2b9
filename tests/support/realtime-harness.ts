import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { type Realtime, createRealtime } from '../../server/realtime/realtime.factory.ts';

// A bare Fastify node with the realtime server attached, the signed events API registered and
// a test-only `/broadcasting/auth` that signs with the same functions the app uses. It is a
// fixture around the thing under test, not a mock of it: clients talk real HTTP and websockets.
//
// Test identity travels in `Authorization: Bearer <userId>[:<name>]`. Channels whose name
// contains "forbidden" answer 403, as the app does when a role may not see a channel.

export const TEST_APP = { id: 'test-app', key: 'test-key', secret: 'test-secret-0123456789abcdef' } as const;
/** Shared by every node of one test run, as PUSHER_ENCRYPTION_MASTER_KEY_BASE64 would be. */
export const TEST_MASTER_KEY_BASE64 = randomBytes(32).toString('base64');

export interface HarnessOptions {
  redisUrl?: string;
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
  /** Extra environment, e.g. PUSHER_HOST to make this node publish to an external server. */
  env?: Record<string, string>;
  /** `anyone` here (the protocol's own rule, which these suites test); the app's is `signed-in`. */
  publicChannels?: 'anyone' | 'signed-in';
}

export interface RealtimeNode {
  readonly port: number;
  readonly host: string;
  /** `http://127.0.0.1:{port}` */
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly realtime: Realtime;
  /** Every route the node registered, with the access it declared (the app refuses none). */
  readonly routes: Array<{ url: string; method: string; access: unknown }>;
  close(): Promise<void>;
}

export async function startRealtimeNode(options: HarnessOptions = {}): Promise<RealtimeNode> {
  const config = loadConfig({
    PUSHER_APP_ID: TEST_APP.id,
    PUSHER_APP_KEY: TEST_APP.key,
    PUSHER_APP_SECRET: TEST_APP.secret,
    PUSHER_ENCRYPTION_MASTER_KEY_BASE64: TEST_MASTER_KEY_BASE64,
    PUSHER_ACTIVITY_TIMEOUT: String(options.activityTimeoutSeconds ?? 30),
    ...options.env,
  });
  const realtime = await createRealtime({
    config,
    redisUrl: options.redisUrl,
    publicChannels: options.publicChannels ?? 'anyone',
    ...(options.pongTimeoutMs === undefined ? {} : { pongTimeoutMs: options.pongTimeoutMs }),
  });
  const app = Fastify();
  const routes: RealtimeNode['routes'] = [];
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    routes.push({ url: route.url, method: String(route.method), access });
  });
  await app.register(formbody);
  realtime.registerEventsApi(app);
  registerTestAuth(app, realtime);
  realtime.attach(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    host: '127.0.0.1',
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    realtime,
    routes,
    async close() {
      await realtime.close();
      await app.close();
    },
  };
}

function registerTestAuth(app: FastifyInstance, realtime: Realtime): void {
  const identity = (header: string | undefined) => {
    const token = header?.replace(/^Bearer\s+/i, '') ?? '';
    const [id = '', name = id] = token.split(':');
    return id === '' ? undefined : { id, name };
  };
  app.post<{ Body: { socket_id?: string; channel_name?: string } }>(
    '/broadcasting/auth',
    { config: { access: 'public' } },
    async (request, reply) => {
      const user = identity(request.headers.authorization);
      const { socket_id: socketId = '', channel_name: channel = '' } = request.body;
      if (!user) return reply.code(401).send({ message: 'not_authorized' });
      if (channel.includes('forbidden')) return reply.code(403).send({ message: 'no_privileges' });
      const member = channel.startsWith('presence-') ? { user_id: user.id, user_info: { name: user.name } } : undefined;
      return reply.send(realtime.authorizeChannel(socketId, channel, member));
    },
  );
  app.post<{ Body: { socket_id?: string } }>(
    '/broadcasting/user-auth',
    { config: { access: 'public' } },
    async (request, reply) => {
      const user = identity(request.headers.authorization);
      if (!user) return reply.code(401).send({ message: 'not_authorized' });
      return reply.send(realtime.authenticateUser(request.body.socket_id ?? '', { id: user.id, name: user.name }));
    },
  );
}
