import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  createSchema,
  filterableFields,
  updateSchema,
  writableFields,
} from '../../../src/domain/entity/entity-declaration.ts';
import { canLoadOptions } from '../../../src/domain/entities/options-access.ts';
import { tableQueryShape } from '../../../src/domain/table-filter/table-query.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { deletedFields, diffFields, writeAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../errors/api-error.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { idParams, versionField } from '../routes/common-fields.ts';
import {
  resolveBinding,
  toColumnValues,
  type EntityBinding,
  type ResolvedBinding,
} from './entity-binding.ts';
import { rememberBinding } from './binding-registry.ts';
import {
  entityChangesSchema,
  entityPageSchema,
  entityRowSchema,
  optionsSchema,
} from './entity-row-schema.ts';
import { EXPORT_MEDIA_TYPES, sendExport } from './entity-export.ts';
import { batchedChangesSince, findRow, listPage, options } from './entity-queries.ts';
import { committedSeq } from '../../db/committed-seq.ts';
import { assertRefs, registerRefTarget } from './entity-refs.ts';
import { publishChange } from './publish-change.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// The routes every declared entity gets under its `api`: list (table filter, sort, page),
// changes since a seq, picker options, export, one row, and (when writable) create, update
// with version, delete. Each write is one transaction with its audit row, and is broadcast on
// the entity's channel after commit.

/** 409 `stale_version` with who saved first, so the form can say so and offer a reload. */
export async function staleVersion(
  tx: Tx,
  binding: ResolvedBinding,
  id: number,
): Promise<ApiError> {
  const current = await findRow(tx, binding, id);
  if (!current) return new ApiError('not_found');
  return new ApiError(
    'stale_version',
    {
      version: 'other',
      current: {
        version: current.version,
        updated_by_name: current.updated_by_name ?? null,
        updated_at: current.updated_at,
      },
    },
    409,
  );
}

export async function readOrFail(
  tx: Db | Tx,
  binding: ResolvedBinding,
  id: number,
): Promise<EntityRow> {
  const row = await findRow(tx, binding, id);
  if (!row) throw new ApiError('not_found');
  return row;
}

/** Locks row `id` of the binding's table for the rest of the transaction: one writer at a time. */
export async function lockRow(tx: Tx, binding: ResolvedBinding, id: number): Promise<void> {
  const table = binding.table;
  await tx.execute(sql`select 1 from ${table} where ${table.id} = ${id} for update`);
}

/** The row, locked for the rest of the transaction; 404 when there is none. */
export async function lockedRead(tx: Tx, binding: ResolvedBinding, id: number): Promise<EntityRow> {
  await lockRow(tx, binding, id);
  return readOrFail(tx, binding, id);
}

export function registerEntityRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  spec: EntityBinding,
): ResolvedBinding {
  const binding = resolveBinding(spec);
  rememberBinding(app, binding);
  const { entity } = binding;
  const { db } = deps.database;
  const table: PgTable = binding.table;
  const access = { area: entity.area } as const;
  const listShape = tableQueryShape(filterableFields(entity));
  registerRefTarget(entity.name, table);
  const changes = batchedChangesSince(db, binding);

  addRoute(app, {
    method: 'GET',
    url: entity.api,
    access,
    summary: `${entity.pluralLabel}: a filtered, sorted page with its total and the change seq`,
    query: z.object(listShape),
    response: entityPageSchema(entity),
    handler: async ({ query }) => {
      const seq = await committedSeq(db);
      const page = await listPage(db, binding, query);
      return { ...page, page: query.page, per_page: query.per_page, seq };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/changes`,
    access,
    summary: `${entity.pluralLabel} written or deleted after a change seq (live-store delta poll)`,
    query: z.object({ since: z.coerce.number().int().min(0) }),
    response: entityChangesSchema(entity),
    handler: async ({ query }) => changes(query.since),
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/options`,
    // Checked below: the roles that read the entity or edit a record that references it.
    access: 'authenticated',
    summary: `${entity.pluralLabel} as {value, label} for pickers (parameter_type: one family)`,
    query: z.object({
      search: z.string().trim().max(100).optional(),
      ids: z.array(z.coerce.number().int().positive()).max(100).default([]),
      parameter_type: z.string().trim().min(1).max(60).optional(),
    }),
    response: optionsSchema,
    handler: async ({ query, user }) => {
      if (!canLoadOptions(signedIn(user).roles, entity, query.parameter_type)) {
        throw new ApiError('no_privileges');
      }
      return options(db, binding, query.search, query.ids, query.parameter_type);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/export`,
    replyType: EXPORT_MEDIA_TYPES,
    access: { area: entity.area, action: 'export' },
    summary: `${entity.pluralLabel}: every filtered, sorted row as CSV or XLSX (streamed)`,
    query: z.object({
      ...listShape,
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.string().max(60)).max(200).optional(),
    }),
    handler: async ({ query, reply }) => sendExport(reply, db, binding, query),
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/:id`,
    access,
    summary: `One ${entity.label.toLowerCase()}`,
    params: idParams,
    response: entityRowSchema(entity),
    handler: async ({ params }) => withExtra(db, await readOrFail(db, binding, params.id)),
  });

  async function withExtra(source: Db | Tx, row: EntityRow): Promise<EntityRow> {
    return binding.readExtra ? { ...row, ...(await binding.readExtra(source, row)) } : row;
  }

  if (entity.writable === false || binding.ownWrites) return binding;
  const writeAccess = { area: entity.writeArea ?? entity.area } as const;
  const callers = binding.writers ? { callers: { roles: binding.writers } } : {};

  const hooks = binding.hooks ?? {};
  const extra = binding.extraBody ?? {};
  const declared = writableFields(entity);
  // A create that leaves a field out gets its declared default, as the rules should see it.
  const defaults = Object.fromEntries(
    declared.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]),
  );

  /** Runs the afterWrite hook, then reads the row again: columns computed from lines changed. */
  async function afterWrite(
    tx: Tx,
    actor: SessionUser,
    values: Record<string, unknown>,
    before: EntityRow | null,
    id: number,
  ): Promise<EntityRow> {
    const written = await readOrFail(tx, binding, id);
    if (!hooks.afterWrite) return written;
    await hooks.afterWrite({ tx, actor, values, before, after: written });
    return readOrFail(tx, binding, id);
  }

  async function prepared(
    tx: Tx,
    actor: SessionUser,
    values: Record<string, unknown>,
    before: EntityRow | null,
  ) {
    const extra = await hooks.beforeWrite?.({ tx, actor, values, before });
    return { ...values, ...(extra ?? {}) };
  }

  addRoute(app, {
    method: 'POST',
    url: entity.api,
    access: writeAccess,
    ...callers,
    summary: `Create a ${entity.label.toLowerCase()}`,
    body: createSchema(entity).extend(extra),
    response: entityRowSchema(entity),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        await assertRefs(tx, declared, body, { record: { ...defaults, ...body } });
        const values = await prepared(tx, actor, body, null);
        const [inserted] = (await tx
          .insert(table)
          .values({ ...toColumnValues(binding, values), createdBy: actor.id, updatedBy: actor.id })
          .returning({ id: binding.table.id })) as { id: number }[];
        if (!inserted) throw new Error(`${entity.name}: insert returned no row`);
        const after = await afterWrite(tx, actor, values, null, inserted.id);
        await writeAudit(tx, {
          entityType: entity.name,
          entityId: after.id,
          action: 'create',
          changes: diffFields({}, values),
          userId: actor.id,
          ip: request.ip,
        });
        return withExtra(tx, after);
      });
      await publishChange(deps, entity, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${entity.api}/:id`,
    access: writeAccess,
    ...callers,
    summary: `Update a ${entity.label.toLowerCase()}; send the version you read (409 stale_version otherwise)`,
    params: idParams,
    body: updateSchema(entity).extend(extra),
    response: entityRowSchema(entity),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const { version, ...fields } = body as Record<string, unknown> & { version: number };
      const row = await db.transaction(async (tx) => {
        const before = await readOrFail(tx, binding, params.id);
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
        await assertRefs(tx, declared, fields, { record: { ...before, ...fields } });
        const values = await prepared(tx, actor, fields, before);
        const updated = await tx
          .update(table)
          .set({ ...toColumnValues(binding, values), updatedBy: actor.id })
          .where(and(eq(binding.table.id, params.id), eq(binding.table.version, version)))
          .returning({ id: binding.table.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        const after = await afterWrite(tx, actor, values, before, params.id);
        await writeAudit(tx, {
          entityType: entity.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, values),
          userId: actor.id,
          ip: request.ip,
        });
        return withExtra(tx, after);
      });
      await publishChange(deps, entity, 'updated', row);
      return row;
    },
  });

  // Rows kept for the record (a rejected reel) have no delete route at all.
  if (entity.deletable === false) return binding;
  addRoute(app, {
    method: 'DELETE',
    url: `${entity.api}/:id`,
    access: writeAccess,
    ...callers,
    response: z.null(),
    summary: `Delete a ${entity.label.toLowerCase()} nothing references (409 database_delete_1451 otherwise)`,
    params: idParams,
    query: z.object({ version: versionField.optional() }),
    handler: async ({ params, query, user, request }) => {
      const actor = signedIn(user);
      const before = await db.transaction(async (tx) => {
        const row = await readOrFail(tx, binding, params.id);
        if (query.version !== undefined && query.version !== row.version) {
          throw await staleVersion(tx, binding, params.id);
        }
        await hooks.beforeDelete?.({ tx, actor, before: row });
        const seq = await writeAudit(tx, {
          entityType: entity.name,
          entityId: params.id,
          action: 'delete',
          changes: deletedFields(row),
          userId: actor.id,
          ip: request.ip,
        });
        await tx.delete(table).where(eq(binding.table.id, params.id));
        // The broadcast carries the delete's own seq, its audit row's.
        return { ...row, seq };
      });
      await publishChange(deps, entity, 'deleted', before);
      return null;
    },
  });

  return binding;
}
