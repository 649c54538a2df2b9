import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventRolesOf } from '../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { byTransitionTable, runEvent, type EventContext } from './event-pipeline.ts';
import { publishChange } from './publish-change.ts';
import { addRoute, signedIn } from '../route.ts';
import { idParams, versionField } from '../routes/common-fields.ts';
import { documentSchema, readDocument, readLines, type ResolvedDocument } from './document-spec.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import type {
  EventContext as DocumentEventContext,
  EventOutcome,
} from '../../db/document-event.ts';

// POST /:id/events/:event of a stock-pattern document (header and lines) through the one event
// pipeline (event-pipeline.ts): the resources its event declares are locked, the workflow
// machine decides on facts read under those locks, and the effect, the status and the
// status_transitions row commit together; the change and what the effect announces (a stock
// posting's events among them, stock/posting-effects.ts) go out after commit.

/** A document event's context: the pipeline's, with the lines and the rest of the body. */
function eventContext(
  ctx: EventContext,
  actor: SessionUser,
  lines: EntityRow[],
): DocumentEventContext {
  return {
    tx: ctx.tx,
    actor,
    doc: ctx.doc,
    lines,
    reason: ctx.request.reason,
    body: ctx.request.input,
  };
}

export function registerDocumentEvents(
  app: FastifyInstance,
  deps: AppDeps,
  resolved: ResolvedDocument,
): void {
  const { db } = deps.database;
  const spec = resolved;
  const binding = resolved.binding;
  const { entity } = binding;
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
    response: documentSchema(resolved),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { version, reason, ...input } = body;
      const result = await db.transaction(async (tx) => {
        // The lines, read once under the header's row lock (every writer of a document's lines
        // holds it), shared by its resources, the machine's facts and the effect.
        let lines: EntityRow[] | undefined;
        const linesOf = async () => (lines ??= await readLines(tx, resolved, params.id));
        const outcome = await runEvent<string, EventOutcome>(
          tx,
          {
            binding,
            resources: async (ctx) => {
              const declared = spec.resources?.[params.event];
              return declared ? declared(eventContext(ctx, actor, await linesOf())) : [];
            },
            ...byTransitionTable(spec.workflow, params.event, actor, async ({ doc }) => {
              const lines = await linesOf();
              return {
                status: String(doc.status),
                submitted_by: (doc.submitted_by as number | null | undefined) ?? null,
                created_by: (doc.created_by as number | null | undefined) ?? null,
                ...(await spec.workflowFacts?.(tx, doc, lines)),
              };
            }),
            effect: async (ctx) => {
              const effect = spec.effects?.[params.event];
              const outcome = (await effect?.(eventContext(ctx, actor, await linesOf()))) ?? {};
              return {
                set: outcome.set,
                ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
                after: outcome,
              };
            },
            answer: read,
          },
          { id: params.id, event: params.event, version, reason: reason ?? null, actor, input },
        );
        return {
          row: outcome.row,
          afterCommit: outcome.after?.afterCommit,
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
      await result.afterCommit?.();
      await spec.afterEvent?.(result.row, params.event);
      return result.row;
    },
  });
}
