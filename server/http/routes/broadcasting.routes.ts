import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { canJoinChannel } from '../../../src/domain/channel-access.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { ChannelAuthorization } from '../../realtime/signatures.ts';
import { ApiError } from '../../errors/api-error.ts';
import { addRoute, signedIn } from '../route.ts';

// Laravel's /broadcasting/auth as Echo calls it: form-encoded socket_id and channel_name with
// the bearer token. The channel must be one the user's roles and modules may see (access table); the
// answer is the bare `{auth, channel_data?, shared_secret?}` pusher-js expects, not enveloped.
//
// The batch form authorises every channel a page resubscribes after a reconnect in one request
// (src/api/channel-authorizer.ts), so a server restart under a thousand pages meets a thousand
// authorisations rather than one per channel (docs/realtime.md).

const socketId = z.string().regex(/^\d+\.\d+$/);
const channelName = z
  .string()
  .min(1)
  .max(164)
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/);

const authBody = z.object({ socket_id: socketId, channel_name: channelName });

/** A page has a handful of private and presence channels; ten is room and a bound. */
export const MAX_BATCH_CHANNELS = 10;

const batchBody = z.object({
  socket_id: socketId,
  channel_names: z
    .array(channelName)
    .min(1)
    .max(MAX_BATCH_CHANNELS)
    .refine((names) => new Set(names).size === names.length, 'unique'),
});

const channelAuthorization = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
  shared_secret: z.string().optional(),
});

const batchAnswer = z.object({
  /** The answer pusher-js expects for each channel the user may see. */
  authorized: z.record(z.string(), channelAuthorization),
  /** The channels the user may not see: each of them fails its subscription alone. */
  refused: z.array(z.string()),
});

export function registerBroadcastingRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** The channel's signature, once the user may see it, bound to the session it depends on. */
  async function authorize(
    me: SessionUser,
    socket: string,
    channel: string,
  ): Promise<ChannelAuthorization> {
    const member = channel.startsWith('presence-')
      ? { user_id: me.id, user_info: { name: me.name, username: me.username } }
      : undefined;
    const answer = deps.realtime.authorizeChannel(socket, channel, member);
    // The socket keeps the channel only while this session lives and may see it.
    await deps.realtime.bindSession({
      socketId: socket,
      channel,
      userId: String(me.id),
      tokenId: me.tokenId,
      expiresAt: me.tokenExpiresAt.getTime(),
      roles: me.roles,
      modules: me.modules,
    });
    return answer;
  }

  addRoute(app, {
    method: 'POST',
    url: '/api/broadcasting/auth',
    // Pusher's own answer (docs/realtime.md), not the envelope: what pusher-js reads.
    replyType: 'application/json',
    response: z.object({
      auth: z.string(),
      channel_data: z.string().optional(),
      shared_secret: z.string().optional(),
    }),
    access: 'authenticated',
    summary: 'Authorise a private, presence or encrypted channel for the signed-in user',
    body: authBody,
    bodyLimit: 4096,
    handler: async ({ body, user, reply }) => {
      const me = signedIn(user);
      if (!canJoinChannel(me, body.channel_name)) throw new ApiError('no_privileges');
      return reply.send(await authorize(me, body.socket_id, body.channel_name));
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/broadcasting/auth/batch',
    access: 'authenticated',
    summary: 'Authorise several channels of one socket at once (a page resubscribing)',
    body: batchBody,
    response: batchAnswer,
    bodyLimit: 4096,
    handler: async ({ body, user }) => {
      const me = signedIn(user);
      const authorized: Record<string, ChannelAuthorization> = {};
      const refused: string[] = [];
      for (const channel of body.channel_names) {
        if (canJoinChannel(me, channel))
          authorized[channel] = await authorize(me, body.socket_id, channel);
        else refused.push(channel);
      }
      return { authorized, refused };
    },
  });
}
