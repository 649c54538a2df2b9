import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROLES } from '../../../src/domain/roles.ts';
import type { AppDeps } from '../../app-deps.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserTokens } from '../../auth/tokens.ts';
import { deletedFields, diffFields, writeAudit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { setUserModules, setUserRoles } from '../../db/user-grants.ts';
import { insertUser } from '../../db/users.commands.ts';
import { findUser, listUsers, type UserRow } from '../../db/users.queries.ts';
import { StaleVersionError, updateVersioned } from '../../db/versioned-update.ts';
import { ApiError, ruleError } from '../api-error.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { idParams, pageQuery, versionField } from './common-fields.ts';
import { flag01Schema } from '../../../src/domain/entity/field-schema.ts';
import { passwordSchema, timezoneSchema, usernameSchema } from './user-fields.ts';

const ACCESS = { area: 'general' } as const;
const CHANNEL = 'private-general.users';

const userFields = {
  name: z.string().trim().min(1).max(120),
  email: z.email().max(190).nullable(),
  company: z.string().trim().max(120),
  timezone: timezoneSchema,
  active: flag01Schema,
  roles: z.array(z.enum(ROLES)).min(1).max(ROLES.length),
  modules: z.array(z.enum(MODULES)).max(MODULES.length),
  config: z.record(z.string(), z.unknown()),
};

const createBody = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  ...userFields,
  email: userFields.email.optional(),
  company: userFields.company.optional(),
  timezone: userFields.timezone.optional(),
  active: userFields.active.optional(),
  modules: userFields.modules.optional(),
  config: userFields.config.optional(),
});

const updateBody = z.strictObject({
  version: versionField,
  username: usernameSchema.optional(),
  password: passwordSchema.optional(),
  ...z.object(userFields).partial().shape,
});

const listQuery = pageQuery.extend({
  role: z.enum(['admin', 'director', 'batcher']).optional(),
  search: z.string().trim().max(100).optional(),
  active: flag01Schema.optional(),
});

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  async function publish(event: string, row: UserRow | { id: number }, socketId?: string) {
    const payload = {
      id: row.id,
      seq: 'seq' in row ? row.seq : null,
      version: 'version' in row ? row.version : null,
      data: row,
    };
    await deps.realtime.publisher.publish({
      channels: [CHANNEL, `private-users.${row.id}`],
      event,
      data: payload,
      socketId,
    });
  }

  async function reread(tx: Tx, id: number): Promise<UserRow> {
    const row = await findUser(tx, id);
    if (!row) throw new ApiError('not_found');
    return row;
  }

  addRoute(app, {
    method: 'GET',
    url: '/api/general/users',
    access: ACCESS,
    summary: 'List users; filter by role (admin, director, batcher), search, active',
    query: listQuery,
    handler: async ({ query }) => {
      const { rows, total } = await listUsers(db, query, {
        offset: (query.page - 1) * query.per_page,
        limit: query.per_page,
      });
      return { rows, total, page: query.page, per_page: query.per_page };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/general/users/:id',
    access: ACCESS,
    summary: 'One user',
    params: idParams,
    handler: async ({ params }) => {
      const row = await findUser(db, params.id);
      if (!row) throw new ApiError('not_found');
      return row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/general/users',
    access: ACCESS,
    summary: 'Create a user with roles and modules',
    body: createBody,
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const passwordHash = await hashPassword(body.password);
      const row = await db.transaction(async (tx) => {
        const id = await insertUser(tx, {
          username: body.username,
          passwordHash,
          name: body.name,
          email: body.email ?? null,
          company: body.company ?? actor.company,
          timezone: body.timezone ?? deps.config.COMPANY_TIMEZONE,
          active: body.active ?? true,
          config: body.config ?? {},
          createdBy: actor.id,
          updatedBy: actor.id,
          roles: body.roles,
          modules: body.modules ?? [],
        });
        const { password: _secret, ...visible } = body;
        await writeAudit(tx, {
          entityType: 'users',
          entityId: id,
          action: 'create',
          changes: diffFields({}, visible),
          userId: actor.id,
          ip: request.ip,
        });
        return reread(tx, id);
      });
      await publish('user.created', row, request.socketId);
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/api/general/users/:id',
    access: ACCESS,
    summary: 'Update a user; send the version you read (409 stale_version otherwise)',
    params: idParams,
    body: updateBody,
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      if (
        params.id === actor.id &&
        (body.active === false || (body.roles && !body.roles.includes('admin')))
      ) {
        throw ruleError('roles', 'You cannot remove your own admin role or deactivate yourself');
      }
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const row = await db.transaction(async (tx) => {
        const before = await reread(tx, params.id);
        const { version, password: _secret, roles, modules, ...fields } = body;
        await updateVersioned(tx, users, params.id, version, {
          ...fields,
          ...(passwordHash ? { passwordHash } : {}),
          updatedBy: actor.id,
        });
        if (roles) await setUserRoles(tx, params.id, roles);
        if (modules) await setUserModules(tx, params.id, modules);
        const after = await reread(tx, params.id);
        const changes = diffFields(before, {
          ...fields,
          ...(roles ? { roles } : {}),
          ...(modules ? { modules } : {}),
        });
        if (passwordHash) changes.password = ['***', '***'];
        await writeAudit(tx, {
          entityType: 'users',
          entityId: params.id,
          action: 'update',
          changes,
          userId: actor.id,
          ip: request.ip,
        });
        // A deactivated user or a new password ends every open session at once.
        if (body.active === false || passwordHash) await revokeUserTokens(tx, params.id);
        return after;
      });
      await publish('user.updated', row, request.socketId);
      return row;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/api/general/users/:id',
    access: ACCESS,
    summary: 'Delete a user nobody references (409 database_delete_1451 otherwise: deactivate)',
    params: idParams,
    query: z.object({ version: versionField.optional() }),
    handler: async ({ params, query, user, request }) => {
      const actor = signedIn(user);
      if (params.id === actor.id) throw ruleError('id', 'You cannot delete yourself');
      await db.transaction(async (tx) => {
        const before = await reread(tx, params.id);
        if (query.version !== undefined && query.version !== before.version) {
          throw new StaleVersionError(params.id);
        }
        await writeAudit(tx, {
          entityType: 'users',
          entityId: params.id,
          action: 'delete',
          changes: deletedFields(before),
          userId: actor.id,
          ip: request.ip,
        });
        await tx.delete(users).where(eq(users.id, params.id));
      });
      await publish('user.deleted', { id: params.id }, request.socketId);
      return null;
    },
  });
}
