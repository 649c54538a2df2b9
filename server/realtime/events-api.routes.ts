import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppCredentials } from './credentials.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { channelsOf, eventBodies } from './events-api.schema.ts';
import { channelKind, isCacheChannel, isValidChannelName } from './protocol.ts';
import { DEFAULT_LIMITS, type RealtimeLimits } from './realtime-limits.ts';
import { verifyApiRequest } from './signatures.ts';

// The Pusher HTTP events API, so anything that speaks it (the `pusher` SDK, Laravel's
// broadcaster, a script with curl) can publish to the embedded server exactly as it would to
// Pusher, Soketi or Reverb. Every route is signed, never session-authenticated, hence
// `access: 'pusher-signed'` for the app's authorisation hook.

export interface EventsApiDeps {
  app: AppCredentials;
  hub: Pick<RealtimeHub, 'publish' | 'members' | 'occupiedChannels' | 'terminateUser' | 'cached'>;
  /** Seconds since the epoch; tests move it to check the ±600 s window. */
  now?: () => number;
  /** Event, channel and body limits; Pusher's documented ones when not given. */
  limits?: RealtimeLimits;
}

const signed = { config: { access: 'pusher-signed' } } as const;

type AppParams = { appId: string };
type ChannelParams = AppParams & { channelName: string };
type UserParams = AppParams & { userId: string };

class ApiError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export function registerEventsApi(app: FastifyInstance, deps: EventsApiDeps): void {
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const bodies = eventBodies(limits);
  const checkDataSize = (data: string): void => {
    if (Buffer.byteLength(data) > limits.eventPayloadBytes) throw new ApiError(413, `data exceeds ${limits.eventPayloadBytes} bytes`);
  };
  const validChannel = (name: string): string => {
    if (!isValidChannelName(name, limits.channelNameLength)) throw new ApiError(400, 'Invalid channel name');
    return name;
  };
  void app.register((scope, _options, registered) => {
    // Our own parser keeps the exact bytes: body_md5 is over the raw body, not a re-serialisation.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.apiBodyBytes }, (_req, body, done) => {
      done(null, body);
    });
    scope.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode ?? 500;
      // The status again in the body, for clients that read the body and not the status line.
      return reply.code(status).send({ error: status === 500 ? 'Internal error' : error.message, code: status });
    });
    scope.addHook('preHandler', (request: FastifyRequest<{ Params: AppParams }>, _reply, next) => {
      if (request.params.appId !== deps.app.id) return next(new ApiError(404, 'Unknown app'));
      const [path = '', rawQuery = ''] = request.url.split('?', 2);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
      const query = Object.fromEntries(new URLSearchParams(rawQuery));
      const now = deps.now?.();
      const verdict = verifyApiRequest(deps.app, { method: request.method, path, query, rawBody }, now);
      next(verdict.ok ? undefined : new ApiError(401, verdict.reason));
    });

    // With `info`, the answer carries the requested attributes of each channel published to,
    // read after the publish as Pusher does: {channels: {name: {subscription_count, user_count}}}.
    scope.post<{ Params: AppParams }>('/apps/:appId/events', signed, async (request) => {
      const body = parseBody(bodies.trigger, request.body);
      checkDataSize(body.data);
      const channels = channelsOf(body);
      await deps.hub.publish(publishable(channels, body));
      if (body.info === undefined) return {};
      const info = infoFields(body.info);
      const attributes: Record<string, Record<string, number>> = {};
      for (const name of new Set(channels)) attributes[name] = await channelAttributes(deps, name, info);
      return { channels: attributes };
    });

    scope.post<{ Params: AppParams }>('/apps/:appId/batch_events', signed, async (request) => {
      const { batch } = parseBody(bodies.batch, request.body);
      for (const item of batch) checkDataSize(item.data);
      // One bus message per item, awaited in turn: Redis pub/sub keeps per-publisher order.
      for (const item of batch) await deps.hub.publish(publishable([item.channel], item));
      if (batch.every((item) => item.info === undefined)) return {};
      const answers: Array<Record<string, number>> = [];
      for (const item of batch) answers.push(await channelAttributes(deps, item.channel, infoFields(item.info)));
      return { batch: answers };
    });

    scope.get<{ Params: AppParams; Querystring: { filter_by_prefix?: string; info?: string } }>(
      '/apps/:appId/channels',
      signed,
      async (request) => {
        const prefix = request.query.filter_by_prefix ?? '';
        const info = infoFields(request.query.info);
        if (info.has('user_count') && !prefix.startsWith('presence-')) {
          throw new ApiError(400, 'user_count needs filter_by_prefix=presence-');
        }
        const channels: Record<string, Record<string, number>> = {};
        for (const [name, count] of await deps.hub.occupiedChannels()) {
          if (!name.startsWith(prefix) || name.startsWith('#')) continue;
          const attributes: Record<string, number> = {};
          if (info.has('subscription_count')) attributes.subscription_count = count;
          if (info.has('user_count')) attributes.user_count = (await deps.hub.members(name)).size;
          channels[name] = attributes;
        }
        return { channels };
      },
    );

    scope.get<{ Params: ChannelParams; Querystring: { info?: string } }>(
      '/apps/:appId/channels/:channelName',
      signed,
      async (request) => {
        const name = validChannel(request.params.channelName);
        const info = infoFields(request.query.info);
        const presence = channelKind(name) === 'presence';
        if (info.has('user_count') && !presence) throw new ApiError(400, 'user_count is for presence channels');
        const count = (await deps.hub.occupiedChannels()).get(name) ?? 0;
        const reply: Record<string, unknown> = { occupied: count > 0 };
        if (info.has('subscription_count')) reply.subscription_count = count;
        if (info.has('user_count')) reply.user_count = (await deps.hub.members(name)).size;
        // A cache channel's remembered event, as Pusher's `info=cache` shows it.
        if (info.has('cache') && isCacheChannel(name)) {
          const cached = await deps.hub.cached(name);
          if (cached) reply.cache = { event: cached.event, data: cached.data, ttl: cached.ttl };
        }
        return reply;
      },
    );

    scope.get<{ Params: ChannelParams }>('/apps/:appId/channels/:channelName/users', signed, async (request) => {
      const name = validChannel(request.params.channelName);
      if (channelKind(name) !== 'presence') throw new ApiError(400, 'Users are listed for presence channels only');
      return { users: [...(await deps.hub.members(name)).keys()].map((id) => ({ id })) };
    });

    scope.post<{ Params: UserParams }>(
      '/apps/:appId/users/:userId/terminate_connections',
      signed,
      async (request, reply: FastifyReply) => {
        await deps.hub.terminateUser(request.params.userId);
        return reply.send({});
      },
    );
    registered();
  });
}

function parseBody<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, raw: unknown): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
  } catch {
    throw new ApiError(400, 'Body must be JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

function publishable(channels: string[], body: { name: string; data: string; socket_id?: string | undefined }) {
  const event: { channels: string[]; event: string; data: string; socketId?: string } = { channels, event: body.name, data: body.data };
  if (body.socket_id !== undefined) event.socketId = body.socket_id;
  return event;
}

/** The `info` attributes of one channel; user_count only where there are users (presence). */
async function channelAttributes(deps: EventsApiDeps, name: string, info: Set<string>): Promise<Record<string, number>> {
  const attributes: Record<string, number> = {};
  if (info.has('subscription_count')) attributes.subscription_count = (await deps.hub.occupiedChannels()).get(name) ?? 0;
  if (info.has('user_count') && channelKind(name) === 'presence') attributes.user_count = (await deps.hub.members(name)).size;
  return attributes;
}

function infoFields(info: string | undefined): Set<string> {
  return new Set((info ?? '').split(',').map((s) => s.trim()).filter(Boolean));
}
