import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TRAINING_DOCUMENTS } from '../../shared/entities/training-documents.entity.ts';
import { TRAINING_CHANNEL } from '../../shared/entities/training-values.ts';
import { TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import {
  TRAINING_DOCUMENT_TRANSITIONS,
  trainingDocumentMachine,
} from '../../shared/machines/training-document.machine.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { trainingDocumentCodeKey } from '../../../../server/db/resource-locks.ts';
import { makeRevisionEffective, type EffectiveOutcome } from '../db/assign-trainings.ts';
import { logTraining } from '../db/training-log.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { byTransitionTable, runEvent } from '../../../../server/http/entity/event-pipeline.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { publishTraining } from './publish-training.ts';
import { announceAssigned, plantTodayText } from './training-assign.routes.ts';

// A document revision's events (training-document.machine.ts): approve; make effective,
// which supersedes the code's previous effective revision, moves its curricula on, cancels the
// trainings still open on it as superseded and assigns the new revision to their trainees, its
// completers and the curricula's roles (assign-trainings.ts); obsolete, with a
// reason, which cancels the trainings still open on it. Announced after commit as
// `document.updated`, `document.effective` and `training.assigned` on private-training. Each
// runs through the one event pipeline (event-pipeline.ts).

/** What an event did besides its revision, for the answer and the broadcasts. */
type Effected = { outcome?: EffectiveOutcome; cancelled?: number[] };

export function registerDocumentEventRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  documents: ResolvedBinding,
  trainingsBinding: ResolvedBinding,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: `${TRAINING_DOCUMENTS.api}/:id/events/:event`,
    access: { area: 'training_trainer' },
    callers: { events: eventRolesOf(TRAINING_DOCUMENT_TRANSITIONS) },
    summary:
      'Send a training document event (approve; make_effective: supersedes the previous revision and re-assigns its trainees; obsolete with a reason); send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    // make_effective adds what it did to the document's row (assign-trainings.ts EffectiveOutcome).
    response: entityRowSchema(TRAINING_DOCUMENTS).extend({
      superseded: z.array(z.number().int()).optional(),
      retired: z.array(z.number().int()).optional(),
      assigned: z.array(z.number().int()).optional(),
    }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { event } = params;
      const reason = body.reason ?? null;
      const result = await db.transaction(async (tx) => {
        const { row, after } = await runEvent<string, Effected>(
          tx,
          {
            binding: documents,
            // One effective revision per code: two made effective at once take turns.
            resources: ({ doc }) => [trainingDocumentCodeKey(rowOf(TRAINING_DOCUMENTS, doc).code)],
            ...byTransitionTable(
              { machine: trainingDocumentMachine, table: TRAINING_DOCUMENT_TRANSITIONS },
              event,
              actor,
            ),
            effect: async ({ doc }) => {
              if (event === 'make_effective') {
                const { code, revision } = rowOf(TRAINING_DOCUMENTS, doc);
                const today = await plantTodayText(tx);
                const outcome = await makeRevisionEffective(
                  tx,
                  { id: params.id, code, revision },
                  { today, actorId: actor.id },
                );
                return { set: { effectiveDate: today }, payload: outcome, after: { outcome } };
              }
              if (event !== 'obsolete') return;
              const rows = await queryRows<{ id: number }>(
                tx,
                sql`update trainings set status = 'cancelled', cancel_reason = ${`Document made obsolete: ${reason ?? ''}`},
                      updated_by = ${actor.id}
                    where training_document_id = ${params.id}
                      and status in ('assigned', 'in_progress', 'overdue', 'failed')
                    returning id`,
              );
              const cancelled = rows.map((r) => Number(r.id));
              await logTraining(tx, cancelled, {
                event: 'cancelled',
                note: 'Document made obsolete',
                actorId: actor.id,
              });
              return { after: { cancelled } };
            },
          },
          { id: params.id, event, version: body.version, reason, actor, input: {} },
        );
        const outcome = after?.outcome ?? null;
        // One after another: the transaction is one connection.
        const supersededRows = [];
        for (const id of outcome?.superseded ?? []) {
          supersededRows.push(await readOrFail(tx, documents, id));
        }
        return { row, outcome, supersededRows, cancelled: after?.cancelled ?? [] };
      });
      for (const old of result.supersededRows) {
        await publishChange(deps, TRAINING_DOCUMENTS, 'updated', old);
      }
      await publishChange(deps, TRAINING_DOCUMENTS, 'updated', result.row);
      if (result.outcome) {
        await deps.realtime.publisher.publish({
          channels: [TRAINING_CHANNEL],
          event: 'document.effective',
          data: {
            id: result.row.id,
            seq: result.row.seq,
            version: result.row.version,
            data: { ...result.row, ...result.outcome },
          },
        });
        await announceAssigned(deps, trainingsBinding, result.outcome.assigned);
      }
      for (const id of [...(result.outcome?.retired ?? []), ...result.cancelled]) {
        const training = await readOrFail(db, trainingsBinding, id);
        await publishTraining(deps, 'updated', rowOf(TRAININGS, training));
      }
      return { ...result.row, ...(result.outcome ?? {}) };
    },
  });
}
