import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { WEB_CLIENT } from '../../../src/domain/auth-client.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  clearFailures,
  recordFailure,
  secondsBlocked,
  throttleKeys,
} from '../../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { findSessionByToken, userInfo } from '../../auth/session-user.ts';
import { issueToken, revokeToken } from '../../auth/tokens.ts';
import { writeAudit } from '../../db/audit.ts';
import { users } from '../../db/schema/users.ts';
import { insertUser } from '../../db/users.commands.ts';
import { ApiError } from '../api-error.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { guidesReadBy } from './guides.routes.ts';
import { usernameSchema, passwordSchema } from './user-fields.ts';

const loginBody = z.strictObject({
  username: z.string().trim().min(1).max(60),
  password: z.string().min(1).max(200),
  grant_type: z.string().max(40),
  client_id: z.string().max(60),
  client_secret: z.string().max(120),
  scope: z.string().max(200).optional(),
});

const registerBody = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(120),
  email: z.email().max(190).optional(),
  company: z.string().trim().max(120).optional(),
});

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'POST',
    url: '/api/login',
    access: 'public',
    summary: 'Sign in with username and password; answers a bearer token',
    body: loginBody,
    bodyLimit: 16_384,
    handler: async ({ body, request }) => {
      const keys = throttleKeys(body.username, request.ip);
      const wait = await secondsBlocked(db, keys);
      if (wait > 0) {
        throw new ApiError(
          `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
          { retry_after_seconds: wait },
          429,
        );
      }
      const known =
        body.grant_type === WEB_CLIENT.grant_type &&
        body.client_id === WEB_CLIENT.client_id &&
        body.client_secret === WEB_CLIENT.client_secret;
      if (!known)
        throw new ApiError('The client is not allowed to sign in (invalid_client)', null, 401);

      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${body.username})`);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid || !user.active) {
        await recordFailure(db, keys);
        throw new ApiError('Invalid username or password', null, 401);
      }
      const [userKey] = keys;
      if (userKey) await clearFailures(db, userKey);

      const issued = await issueToken(db, {
        userId: user.id,
        clientId: body.client_id,
        ttlHours: deps.config.TOKEN_TTL_HOURS,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // The spec: a user with no roles cannot sign in. Checked on the same view /api/me gives.
      const session = await findSessionByToken(db, issued.accessToken);
      if (!session || session.roles.length === 0) {
        if (session) await revokeToken(db, session.tokenId);
        throw new ApiError(
          'This user has no roles yet; ask an administrator to grant one',
          null,
          403,
        );
      }
      return new Answer(
        {
          access_token: issued.accessToken,
          token_type: 'Bearer',
          expires_in: Math.round((issued.expiresAt.getTime() - Date.now()) / 1000),
        },
        'login_ok',
      );
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/logout',
    access: 'authenticated',
    summary: 'Revoke the token of this request',
    handler: async ({ user }) => {
      await revokeToken(db, signedIn(user).tokenId);
      return null;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/me',
    access: 'authenticated',
    summary: 'The signed-in user: roles, modules, config, company, name',
    handler: async ({ user }) => {
      const me = signedIn(user);
      return { ...userInfo(me), guides_read: await guidesReadBy(db, me.id) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/register',
    access: 'public',
    summary: 'Create an account; it can sign in once an administrator grants a role',
    body: registerBody,
    bodyLimit: 16_384,
    handler: async ({ body, request }) => {
      const passwordHash = await hashPassword(body.password);
      const id = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          username: body.username,
          passwordHash,
          name: body.name,
          email: body.email ?? null,
          company: body.company ?? '',
          timezone: deps.config.COMPANY_TIMEZONE,
        });
        await writeAudit(tx, {
          entityType: 'users',
          entityId: created,
          action: 'create',
          changes: {
            username: [null, body.username],
            name: [null, body.name],
            registered: [null, true],
          },
          userId: created,
          ip: request.ip,
        });
        return created;
      });
      return new Answer({ id, username: body.username }, 'registered', 201);
    },
  });
}
