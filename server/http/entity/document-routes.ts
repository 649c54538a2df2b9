import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  createSchema,
  updateSchema,
  writableFields,
} from '../../../src/domain/entity/entity-declaration.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { deletedFields, diffFields, writeAudit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { nextNumber } from '../../db/document-number.ts';
import { ApiError, ruleError } from '../../errors/api-error.ts';
import { resolveBinding, toColumnValues, type EntityTable } from './entity-binding.ts';
import { registerEntityRoutes, staleVersion } from './entity-routes.ts';
import { assertLineRefs, assertRefs } from './entity-refs.ts';
import { publishChange } from './publish-change.ts';
import { addRoute, Answer, signedIn } from '../route.ts';
import { idParams, versionField } from '../routes/common-fields.ts';
import { registerDocumentEvents } from './document-events.ts';
import {
  documentSchema,
  lockedRow,
  readDocument,
  readLines,
  shownLines,
  type DocumentSpec,
  type ResolvedDocument,
} from './document-spec.ts';

// A stock document (adjustment, receiving, transfer, count): list and read on the entity
// pattern, plus create/edit/delete of a draft with its lines, and workflow events. Every event
// writes status, ledger, caches and its status_transitions row in one transaction.

export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps, spec: DocumentSpec) {
  const { db } = deps.database;
  const linesBinding = resolveBinding(spec.lines);
  const resolved: ResolvedDocument = {
    ...spec,
    linesBinding,
    binding: resolveBinding(spec.header),
  };
  const binding = registerEntityRoutes(app, deps, {
    ...spec.header,
    ownWrites: true,
    readExtra: async (source, row) => ({ lines: await shownLines(source, resolved, row) }),
  });
  const { entity } = binding;
  const table = binding.table as EntityTable & { status: AnyPgColumn };
  // Drafts are written by the area's writers when the entity names them (daily orders).
  const access = { area: entity.writeArea ?? entity.area } as const;
  const lineSchema = createSchema(spec.lines.entity);
  const lines = spec.linesOptional ? z.array(lineSchema).default([]) : z.array(lineSchema).min(1);
  const read = (tx: Tx, id: number) => readDocument(tx, resolved, id);

  async function writeLines(
    tx: Tx,
    id: number,
    rows: Record<string, unknown>[],
    actor: SessionUser,
  ) {
    await tx.delete(spec.lines.table).where(eq(spec.linesKey.column, id));
    if (rows.length === 0) return;
    await tx.insert(spec.lines.table).values(
      rows.map((line) => ({
        ...toColumnValues(linesBinding, line),
        [spec.linesKey.key]: id,
        createdBy: actor.id,
        updatedBy: actor.id,
      })),
    );
  }

  addRoute(app, {
    method: 'POST',
    url: entity.api,
    access,
    summary: `Create a draft ${entity.label.toLowerCase()} with its lines`,
    body: createSchema(entity).extend({ lines }),
    response: documentSchema(spec),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const { lines: rows, ...header } = body as Record<string, unknown> & {
        lines: Record<string, unknown>[];
      };
      const row = await db.transaction(async (tx) => {
        await assertRefs(tx, writableFields(entity), header);
        await assertLineRefs(tx, writableFields(spec.lines.entity), rows);
        await spec.checkDraft?.(tx, header, rows);
        const number = await nextNumber(tx, spec.docType);
        const [inserted] = (await tx
          .insert(table)
          .values({
            ...toColumnValues(binding, header),
            number,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: table.id })) as { id: number }[];
        if (!inserted) throw new Error(`${entity.name}: insert returned no row`);
        await writeLines(tx, inserted.id, rows, actor);
        await spec.afterWrite?.(tx, inserted.id, null);
        await writeAudit(tx, {
          entityType: entity.name,
          entityId: inserted.id,
          action: 'create',
          changes: diffFields({}, { number, ...header }),
          userId: actor.id,
          ip: request.ip,
        });
        return read(tx, inserted.id);
      });
      await publishChange(deps, entity, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${entity.api}/:id`,
    access,
    summary: `Edit a draft ${entity.label.toLowerCase()} and replace its lines; send the version you read`,
    params: idParams,
    body: updateSchema(entity).extend({ lines: lines.optional() }),
    response: documentSchema(spec),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const {
        version,
        lines: rows,
        ...header
      } = body as Record<string, unknown> & {
        version: number;
        lines?: Record<string, unknown>[];
      };
      const row = await db.transaction(async (tx) => {
        const before = await lockedRow(tx, resolved, params.id);
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
        if (before.status !== 'draft') {
          throw ruleError(
            'status',
            `A ${String(before.status)} ${entity.label.toLowerCase()} cannot be edited`,
          );
        }
        await assertRefs(tx, writableFields(entity), header);
        if (rows) await assertLineRefs(tx, writableFields(spec.lines.entity), rows);
        const currentLines = rows ?? (await readLines(tx, resolved, params.id));
        await spec.checkDraft?.(tx, { ...before, ...header }, currentLines);
        await tx
          .update(table)
          .set({ ...toColumnValues(binding, header), updatedBy: actor.id })
          .where(and(eq(table.id, params.id), eq(table.version, version)));
        if (rows) await writeLines(tx, params.id, rows, actor);
        await spec.afterWrite?.(tx, params.id, before);
        await writeAudit(tx, {
          entityType: entity.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, header),
          userId: actor.id,
          ip: request.ip,
        });
        return read(tx, params.id);
      });
      await publishChange(deps, entity, 'updated', row);
      return row;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: `${entity.api}/:id`,
    access,
    summary: `Delete a draft ${entity.label.toLowerCase()} (409 database_delete_7 past draft)`,
    params: idParams,
    query: z.object({ version: versionField.optional() }),
    response: z.null(),
    handler: async ({ params, query, user, request }) => {
      const actor = signedIn(user);
      const before = await db.transaction(async (tx) => {
        const row = await lockedRow(tx, resolved, params.id);
        if (query.version !== undefined && query.version !== row.version) {
          throw await staleVersion(tx, binding, params.id);
        }
        if (row.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
        const seq = await writeAudit(tx, {
          entityType: entity.name,
          entityId: params.id,
          action: 'delete',
          changes: deletedFields(row),
          userId: actor.id,
          ip: request.ip,
        });
        await tx.delete(table).where(eq(table.id, params.id));
        // The broadcast carries the delete's own seq, its audit row's.
        return { ...row, seq };
      });
      await publishChange(deps, entity, 'deleted', before);
      return null;
    },
  });

  registerDocumentEvents(app, deps, resolved);

  return resolved;
}
