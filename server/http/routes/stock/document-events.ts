import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { decide, eventRolesOf } from '../../../../src/machines/workflows/stock-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { validationError } from '../../api-error.ts';
import type { EntityTable } from '../../entity/entity-binding.ts';
import { settleDecision } from '../../entity/decide-event.ts';
import { staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { publishStockPosting } from './publish-stock-posting.ts';
import { lockedRow, readDocument, readLines, type ResolvedDocument } from './document-spec.ts';

// POST /:id/events/:event: the workflow machine allows or refuses the event (403 for the
// role, 422 for an unmapped transition or a failed guard); the effect, the status, the
// status_transitions row commit together; the change and the posting's stock events go out after commit.
// The role comes before the version: a refused caller never hears who saved the row last.

export function registerDocumentEvents(
  app: FastifyInstance,
  deps: AppDeps,
  resolved: ResolvedDocument,
): void {
  const { db } = deps.database;
  const spec = resolved;
  const binding = resolved.binding;
  const { entity } = binding;
  const table = binding.table as EntityTable & { status: AnyPgColumn };
  const access = { area: entity.area } as const;
  const read = (tx: Parameters<typeof readDocument>[0], id: number) =>
    readDocument(tx, resolved, id);

  addRoute(app, {
    method: 'POST',
    url: `${entity.api}/:id/events/:event`,
    access: spec.eventAccess ?? access,
    callers: { events: eventRolesOf(spec.workflow.table) },
    summary: `Send a workflow event to a ${entity.label.toLowerCase()}; send the version you read`,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.looseObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { version, reason, ...rest } = body;
      const result = await db.transaction(async (tx) => {
        const doc = await lockedRow(tx, resolved, params.id);
        const docLines = await readLines(tx, resolved, params.id);
        const from = String(doc.status);
        const decision = decide(
          spec.workflow.machine,
          spec.workflow.table,
          params.event,
          { id: actor.id, roles: actor.roles },
          {
            status: from,
            submitted_by: (doc.submitted_by as number | null | undefined) ?? null,
            created_by: (doc.created_by as number | null | undefined) ?? null,
            ...(await spec.workflowFacts?.(tx, doc, docLines)),
          },
        );
        // The route refused roles that never send the event; the status may narrow them.
        const to = await settleDecision(tx, decision, binding, doc, version);
        const rule = spec.workflow.table[from]?.[params.event];
        if (rule?.needsReason && !reason) throw validationError({ reason: 'required' });
        const effect = spec.effects?.[params.event];
        const outcome =
          (await effect?.({
            tx,
            actor,
            doc,
            lines: docLines,
            reason: reason ?? null,
            body: rest,
          })) ?? {};
        const updated = await tx
          .update(table)
          .set({ ...(outcome.set ?? {}), status: to, updatedBy: actor.id })
          .where(and(eq(table.id, params.id), eq(table.version, version)))
          .returning({ id: table.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        await logTransition(tx, {
          entityType: entity.name,
          entityId: params.id,
          from,
          to,
          event: params.event,
          reason: reason ?? null,
          actorId: actor.id,
        });
        return {
          row: await read(tx, params.id),
          posting: outcome.posting,
          afterCommit: outcome.afterCommit,
        };
      });
      await publishChange(deps, entity, 'updated', result.row);
      const announced = spec.announce?.[params.event];
      if (announced) {
        await deps.realtime.publisher.publish({
          channels: [entity.channel],
          event: announced,
          data: {
            id: result.row.id,
            seq: Number(result.row.seq),
            version: result.row.version,
            data: null,
          },
        });
      }
      if (result.posting) await publishStockPosting(deps, result.posting);
      await result.afterCommit?.();
      await spec.afterEvent?.(result.row, params.event);
      return result.row;
    },
  });
}
