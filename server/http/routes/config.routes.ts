import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { WEB_CLIENT } from '../../../src/domain/auth-client.ts';
import type { AppDeps } from '../../app-deps.ts';
import { usesExternalPusher } from '../../config.ts';
import { DEMO_PASSWORD } from '../../db/demo/demo-users.ts';
import { addRoute } from '../route.ts';
import { queryRows } from '../../db/query-rows.ts';
import { publicConfigSchema } from './account-schemas.ts';

/** What the browser needs before signing in: title, demo logins and its Echo settings. */
export function registerConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  const { db } = deps.database;
  const external = usesExternalPusher(config);

  addRoute(app, {
    method: 'GET',
    url: '/api/config',
    response: publicConfigSchema,
    access: 'public',
    summary: 'Public settings of this installation (title, demo logins, realtime settings)',
    handler: async () => {
      const demo = config.PLANTLINE_DEMO
        ? await queryRows<{ username: string }>(
            db,
            sql`select username from users where is_demo and active order by id`,
          )
        : undefined;
      return {
        app_title: 'Plantline',
        timezone: config.COMPANY_TIMEZONE,
        demo: {
          enabled: Boolean(demo && demo.length > 0),
          password: demo && demo.length > 0 ? DEMO_PASSWORD : null,
          usernames: demo?.map((r) => r.username) ?? [],
        },
        auth_client: { client_id: WEB_CLIENT.client_id, client_secret: WEB_CLIENT.client_secret },
        echo: {
          broadcaster: 'pusher',
          key: config.PUSHER_APP_KEY,
          cluster: config.PUSHER_CLUSTER ?? 'mt1',
          // null = the page's own host and port (the embedded server shares the HTTP port).
          wsHost: external ? (config.PUSHER_HOST ?? null) : null,
          wsPort: external ? (config.PUSHER_PORT ?? null) : null,
          wssPort: external ? (config.PUSHER_PORT ?? null) : null,
          forceTLS: external ? config.PUSHER_SCHEME === 'https' : false,
          // The embedded server speaks on the page's own port whatever the page was served
          // over, and pusher-js's `ws` transport already uses TLS on a secure page. Its `wss`
          // fallback (tried 2 s into a handshake) could only fail there, and in a reconnect
          // storm, where most handshakes take longer, every page sent one and retried it.
          enabledTransports: external ? ['ws', 'wss'] : ['ws'],
          authEndpoint: '/api/broadcasting/auth',
          activity_timeout: config.PUSHER_ACTIVITY_TIMEOUT,
        },
      };
    },
  });
}
