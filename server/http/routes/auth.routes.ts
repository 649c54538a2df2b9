import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { WEB_CLIENT } from '../../../src/domain/auth-client.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  refundAttempt,
  secondsBlocked,
  registrationKey,
  takeAttempt,
  throttleKeys,
} from '../../auth/login-throttle.ts';
import { sameAsUsername } from '../../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { findSessionByToken, userInfo } from '../../auth/session-user.ts';
import { revokeSessions } from '../../auth/revoke-sessions.ts';
import { issueToken, revokeToken } from '../../auth/tokens.ts';
import { writeAudit } from '../../db/audit.ts';
import { users } from '../../db/schema/users.ts';
import { insertUser } from '../../db/users.commands.ts';
import { ApiError, ruleError } from '../../errors/api-error.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { usernameSchema, passwordSchema } from './user-fields.ts';
import { meSchema, tokenSchema } from './account-schemas.ts';

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
    response: tokenSchema,
    access: 'public',
    summary: 'Sign in with username and password; answers a bearer token',
    body: loginBody,
    bodyLimit: 16_384,
    handler: async ({ body, request }) => {
      const known =
        body.grant_type === WEB_CLIENT.grant_type &&
        body.client_id === WEB_CLIENT.client_id &&
        body.client_secret === WEB_CLIENT.client_secret;
      if (!known)
        throw new ApiError('The client is not allowed to sign in (invalid_client)', null, 401);

      // The attempt is counted before the password is checked, so parallel guesses cannot
      // all slip in before the first failure is recorded.
      const keys = throttleKeys(body.username, request.ip);
      if (!(await takeAttempt(db, keys))) {
        const wait = await secondsBlocked(db, keys);
        throw new ApiError(
          `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
          { retry_after_seconds: wait },
          429,
        );
      }

      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${body.username})`);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid || !user.active) {
        throw new ApiError('Invalid username or password', null, 401);
      }
      await refundAttempt(db, keys);

      const issued = await issueToken(db, {
        userId: user.id,
        clientId: body.client_id,
        ttlHours: deps.config.TOKEN_TTL_HOURS,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // docs/product.md: a user with no roles cannot sign in. Checked on the same view /api/me
      // gives.
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
    response: z.null(),
    access: 'authenticated',
    summary: 'Revoke the token of this request',
    handler: async ({ user }) => {
      await revokeSessions(
        { db, sessions: app.sessions, realtime: deps.realtime },
        { tokenId: signedIn(user).tokenId },
      );
      return null;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/me',
    response: meSchema,
    access: 'authenticated',
    summary: 'The signed-in user: roles, modules, config, company, name',
    handler: async ({ user }) => {
      const me = signedIn(user);
      // Read with the session (and cached with it): no query of its own on every page load.
      return { ...userInfo(me), guides_read: me.guidesRead };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/register',
    response: z.object({ username: z.string() }),
    access: 'public',
    summary:
      'Ask for an account; it can sign in once an administrator grants a role. The answer is ' +
      'the same whether or not the username or e-mail was free, so it tells no one who exists.',
    body: registerBody,
    bodyLimit: 16_384,
    handler: async ({ body, request }) => {
      const sameName = sameAsUsername(body.password, body.username);
      if (sameName) throw ruleError('password', sameName);
      if (!(await takeAttempt(db, [registrationKey(request.ip)]))) {
        const wait = await secondsBlocked(db, [registrationKey(request.ip)]);
        throw new ApiError(
          `Too many registrations from this address. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
          { retry_after_seconds: wait },
          429,
        );
      }
      // Hashed before looking the name up, so a taken name costs the same time as a free one.
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          const taken = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              body.email
                ? sql`lower(${users.username}) = lower(${body.username}) or lower(${users.email}) = lower(${body.email})`
                : sql`lower(${users.username}) = lower(${body.username})`,
            );
          if (taken.length > 0) return;
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
        });
      } catch (error) {
        // Two registrations of one new name at once: the loser answers as a taken name does.
        if (!isUniqueViolation(error)) throw error;
      }
      return new Answer({ username: body.username }, 'registered', 201);
    },
  });
}
