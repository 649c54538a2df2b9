import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  USER_LIST_ROLES,
  USERS,
  type UserRow,
} from '../../../modules/general/shared/entities/users.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { canLoadOptions } from '../../../src/domain/entities/options-access.ts';
import { filterableFields } from '../../../src/domain/entity/entity-declaration.ts';
import { flag01Schema } from '../../../src/domain/entity/field-schema.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROLES } from '../../../src/domain/roles.ts';
import { tableQueryShape } from '../../../src/domain/table-filter/table-query.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserTokens } from '../../auth/tokens.ts';
import { deletedFields, diffFields, writeAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { setUserModules, setUserRoles } from '../../db/user-grants.ts';
import { insertUser } from '../../db/users.commands.ts';
import { updateVersioned } from '../../db/versioned-update.ts';
import { ApiError, ruleError } from '../../errors/api-error.ts';
import { resolveBinding } from '../entity/entity-binding.ts';
import { EXPORT_MEDIA_TYPES, sendExport } from '../entity/entity-export.ts';
import { batchedChangesSince, findRow, listPage, options } from '../entity/entity-queries.ts';
import { committedSeq } from '../../db/committed-seq.ts';
import {
  entityChangesSchema,
  entityPageSchema,
  entityRowSchema,
  optionsSchema,
} from '../entity/entity-row-schema.ts';
import { staleVersion } from '../entity/entity-routes.ts';
import { publishChange, type ChangeVerb } from '../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { idParams, versionField } from './common-fields.ts';
import {
  userListWhere,
  usersBinding,
  type UserListParams,
} from '../../../modules/general/server/routes/users.binding.ts';
import { passwordSchema, timezoneSchema, usernameSchema } from './user-fields.ts';

// Users are read like any declared entity (the table filter, the change seq, the delta poll,
// export), plus the list parameters of docs/product.md §3 (`role`) and of earlier callers
// (`search`, `active`). Writes stay bespoke: the password is hashed and never logged, roles and
// modules are rows of their own, tokens are revoked when access ends, and the user's own channel
// hears about their account.

const ACCESS = { area: USERS.area } as const;

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

const listParams = {
  role: z.enum(USER_LIST_ROLES).optional(),
  search: z.string().trim().max(100).optional(),
  active: flag01Schema.optional(),
};

const listQuery = z.object({ ...tableQueryShape(filterableFields(USERS)), ...listParams });

const exportQuery = listQuery.omit({ page: true, per_page: true }).extend({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string().max(60)).max(200).optional(),
});

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding = resolveBinding(usersBinding);
  const filtered = (params: UserListParams) => ({ ...binding, where: userListWhere(params) });
  const changes = batchedChangesSince(db, binding);

  // The user's own channel hears it too: their sessions reload or end (use-own-account-updates).
  const publish = (verb: ChangeVerb, row: UserRow, socketId?: string) =>
    publishChange(deps, USERS, verb, row, { alsoTo: [`private-users.${row.id}`], socketId });

  async function reread(source: Db | Tx, id: number): Promise<UserRow> {
    const row = await findRow(source, binding, id);
    if (!row) throw new ApiError('not_found');
    return rowOf(USERS, row);
  }

  addRoute(app, {
    method: 'GET',
    url: USERS.api,
    access: ACCESS,
    summary:
      'Users: a filtered, sorted page with its total and the change seq; also role (admin, director, batcher), search, active',
    query: listQuery,
    response: entityPageSchema(USERS),
    handler: async ({ query }) => {
      const seq = await committedSeq(db);
      const page = await listPage(db, filtered(query), query);
      return { ...page, page: query.page, per_page: query.per_page, seq };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${USERS.api}/changes`,
    access: ACCESS,
    summary: 'Users written or deleted after a change seq (live-store delta poll)',
    query: z.object({ since: z.coerce.number().int().min(0) }),
    response: entityChangesSchema(USERS),
    handler: async ({ query }) => changes(query.since),
  });

  addRoute(app, {
    method: 'GET',
    url: `${USERS.api}/export`,
    access: { area: USERS.area, action: 'export' },
    summary: 'Users: every filtered, sorted row as CSV or XLSX (streamed)',
    query: exportQuery,
    replyType: EXPORT_MEDIA_TYPES,
    handler: async ({ query, reply }) => sendExport(reply, db, filtered(query), query),
  });

  // A form's people picker (a sample's flavorist): whoever works in an area whose records
  // name a user may load them, narrowed to one role when the picker names it. A person is
  // offered by their name, found by it or by their username.
  const people = {
    ...binding,
    entity: { ...USERS, labelField: 'name' },
    optionSearch: [sql`${users.username}`],
  };
  addRoute(app, {
    method: 'GET',
    url: `${USERS.api}/options`,
    access: 'authenticated',
    summary: 'Users as {value, label} for pickers (parameter_type: holders of one role)',
    query: z.object({
      search: z.string().trim().max(100).optional(),
      ids: z.array(z.coerce.number().int().positive()).max(100).default([]),
      parameter_type: z.enum(ROLES).optional(),
    }),
    response: optionsSchema,
    handler: async ({ query, user }) => {
      if (!canLoadOptions(signedIn(user).roles, USERS, query.parameter_type)) {
        throw new ApiError('no_privileges');
      }
      return options(db, people, query.search, query.ids, query.parameter_type);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${USERS.api}/:id`,
    access: ACCESS,
    summary: 'One user',
    params: idParams,
    response: entityRowSchema(USERS),
    handler: async ({ params }) => reread(db, params.id),
  });

  addRoute(app, {
    method: 'POST',
    url: USERS.api,
    access: ACCESS,
    summary: 'Create a user with roles and modules',
    body: createBody,
    response: entityRowSchema(USERS),
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
      await publish('created', row, request.socketId);
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${USERS.api}/:id`,
    access: ACCESS,
    summary: 'Update a user; send the version you read (409 stale_version otherwise)',
    params: idParams,
    body: updateBody,
    response: entityRowSchema(USERS),
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
        // Who saved first goes with the 409, for the form's stale-version dialog.
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
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
      // Any field of the user may be in a session someone holds (name, roles, version…).
      await app.sessions.changed({ userId: params.id });
      await publish('updated', row, request.socketId);
      // Open websockets follow at once (after the user's own channel heard the change):
      // closed when the sessions ended, channels the new roles or modules hide dropped.
      if (body.active !== undefined || passwordHash || body.roles || body.modules) {
        await deps.realtime.recheckSessions({ userId: params.id });
      }
      return row;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: `${USERS.api}/:id`,
    access: ACCESS,
    summary: 'Delete a user nobody references (409 database_delete_1451 otherwise: deactivate)',
    params: idParams,
    query: z.object({ version: versionField.optional() }),
    response: z.null(),
    handler: async ({ params, query, user, request }) => {
      const actor = signedIn(user);
      if (params.id === actor.id) throw ruleError('id', 'You cannot delete yourself');
      const before = await db.transaction(async (tx) => {
        const row = await reread(tx, params.id);
        if (query.version !== undefined && query.version !== row.version) {
          throw await staleVersion(tx, binding, params.id);
        }
        const seq = await writeAudit(tx, {
          entityType: 'users',
          entityId: params.id,
          action: 'delete',
          changes: deletedFields(row),
          userId: actor.id,
          ip: request.ip,
        });
        await tx.delete(users).where(eq(users.id, params.id));
        // The broadcast carries the delete's own seq, its audit row's.
        return { ...row, seq };
      });
      await app.sessions.changed({ userId: params.id });
      await publish('deleted', before, request.socketId);
      await deps.realtime.recheckSessions({ userId: params.id });
      return null;
    },
  });
}
