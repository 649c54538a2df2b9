import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { sameAsUsername } from '../../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeOtherTokens } from '../../auth/tokens.ts';
import { findSessionByToken, userInfo } from '../../auth/session-user.ts';
import { diffFields, writeAudit } from '../../db/audit.ts';
import { users } from '../../db/schema/users.ts';
import { updateVersioned } from '../../db/versioned-update.ts';
import { ruleError } from '../../errors/api-error.ts';
import { bearerToken } from '../access-hook.ts';
import { addRoute, signedIn } from '../route.ts';
import { versionField } from './common-fields.ts';
import { passwordSchema, timezoneSchema } from './user-fields.ts';
import { userInfoSchema } from './account-schemas.ts';

// A user edits their own name, e-mail, time zone and password. Roles and modules are an
// administrator's business (users screen), so they are not accepted here.
const profileBody = z.strictObject({
  version: versionField,
  name: z.string().trim().min(1).max(120).optional(),
  email: z.email().max(190).nullable().optional(),
  timezone: timezoneSchema.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  current_password: z.string().max(200).optional(),
  password: passwordSchema.optional(),
});

export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'POST',
    url: '/api/profile',
    response: userInfoSchema,
    access: 'authenticated',
    summary: 'Update the signed-in user’s own profile (send its version)',
    body: profileBody,
    bodyLimit: 65_536,
    handler: async ({ body, user, request }) => {
      const me = signedIn(user);
      const { version, current_password: current, password, ...fields } = body;
      const [row] = await db.select().from(users).where(eq(users.id, me.id));
      if (password !== undefined) {
        const sameName = sameAsUsername(password, me.username);
        if (sameName) throw ruleError('password', sameName);
        if (!current || !(await verifyPassword(row?.passwordHash, current))) {
          throw ruleError('current_password', 'The current password is not correct');
        }
      }
      const passwordHash = password ? await hashPassword(password) : undefined;
      await db.transaction(async (tx) => {
        await updateVersioned(tx, users, me.id, version, {
          ...fields,
          ...(passwordHash ? { passwordHash } : {}),
          updatedBy: me.id,
        });
        const changes = diffFields(row ?? {}, fields);
        if (passwordHash) {
          changes.password = ['***', '***'];
          // Whoever held the old password may hold a session too: only this one stays.
          await revokeOtherTokens(tx, me.id, me.tokenId);
        }
        await writeAudit(tx, {
          entityType: 'users',
          entityId: me.id,
          action: 'update',
          changes,
          userId: me.id,
          ip: request.ip,
        });
      });
      // The session this request carries shows the new profile too, on every process.
      await app.sessions.changed({ userId: me.id });
      // The revoked sessions' websockets close too, on every process.
      if (passwordHash) await deps.realtime.recheckSessions({ userId: me.id });
      const token = bearerToken(request);
      const fresh = token ? await findSessionByToken(db, token) : null;
      const [after] = await db
        .select({ version: users.version })
        .from(users)
        .where(eq(users.id, me.id));
      return { ...userInfo(fresh ?? me), version: after?.version ?? version + 1 };
    },
  });
}
