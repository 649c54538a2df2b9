import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { canJoinChannel } from '../../../src/domain/channel-access.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ApiError } from '../api-error.ts';
import { addRoute, signedIn } from '../route.ts';

// Laravel's /broadcasting/auth as Echo calls it: form-encoded socket_id and channel_name with
// the bearer token. The channel must be one the user's roles and modules may see (access table); the
// answer is the bare `{auth, channel_data?, shared_secret?}` pusher-js expects, not enveloped.

const authBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z
    .string()
    .min(1)
    .max(164)
    .regex(/^[A-Za-z0-9_\-=@,.;]+$/),
});

export function registerBroadcastingRoutes(app: FastifyInstance, deps: AppDeps): void {
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
      const member = body.channel_name.startsWith('presence-')
        ? { user_id: me.id, user_info: { name: me.name, username: me.username } }
        : undefined;
      const answer = deps.realtime.authorizeChannel(body.socket_id, body.channel_name, member);
      // The socket keeps the channel only while this session lives and may see it.
      await deps.realtime.bindSession({
        socketId: body.socket_id,
        channel: body.channel_name,
        userId: String(me.id),
        tokenId: me.tokenId,
        expiresAt: me.tokenExpiresAt.getTime(),
        roles: me.roles,
        modules: me.modules,
      });
      return reply.send(answer);
    },
  });
}
