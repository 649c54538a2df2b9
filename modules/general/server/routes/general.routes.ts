import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '../../../../src/domain/roles.ts';
import { roleLabel } from '../../../../src/domain/role-labels.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { timePunches } from '../../../../server/db/schema/general.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { punchSchema } from '../../../../server/http/routes/account-schemas.ts';

const punchBody = z.strictObject({
  kind: z.enum(['in', 'out']).default('in'),
  note: z.string().trim().max(255).optional(),
});

export function registerGeneralRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const timezones = Intl.supportedValuesOf('timeZone');

  addRoute(app, {
    method: 'GET',
    url: '/api/general/timezones',
    response: z.array(z.object({ value: z.string(), label: z.string() })),
    access: 'authenticated',
    summary: 'IANA time zones a user may choose',
    handler: async () => timezones.map((tz) => ({ value: tz, label: tz.replaceAll('_', ' ') })),
  });

  // Decision: the role catalogue with the active users holding each role, for pickers that
  // assign people by role (operators, approvers). Names only: no e-mail, no credentials.
  addRoute(app, {
    method: 'GET',
    url: '/api/general/find_user_roles',
    response: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        users: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
      }),
    ),
    access: 'authenticated',
    summary: 'Roles with the active users holding each one',
    query: z.object({ roles: z.array(z.enum(ROLES)).max(ROLES.length).optional() }),
    handler: async ({ query }) => {
      const wanted: readonly Role[] = query.roles ?? ROLES;
      const rows = await queryRows<{ role: string; id: number; name: string; username: string }>(
        db,
        sql`
        select r.code as role, u.id::int as id, u.name, u.username
          from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id
         where u.active order by r.code, u.name`,
      );
      return wanted.map((code) => ({
        code,
        name: roleLabel(code),
        users: rows
          .filter((row) => row.role === code)
          .map(({ id, name, username }) => ({ id: Number(id), name, username })),
      }));
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/general/punch_in',
    response: punchSchema,
    access: 'authenticated',
    summary: 'Record an attendance punch (in or out) for the signed-in user',
    body: punchBody,
    bodyLimit: 4096,
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      const [punch] = await db
        .insert(timePunches)
        .values({ userId: actor.id, kind: body.kind, note: body.note, createdBy: actor.id })
        .returning();
      return new Answer(punch, 'created', 201);
    },
  });
}
