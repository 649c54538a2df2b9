import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TRAINING_DOCUMENTS } from '../../../../src/domain/entities/training/training-documents.entity.ts';
import { TRAINING_CHANNEL } from '../../../../src/domain/entities/training/training-values.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/stock-workflow.ts';
import {
  decideTrainingDocument,
  TRAINING_DOCUMENT_TRANSITIONS,
} from '../../../../src/machines/workflows/training-document.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import {
  makeRevisionEffective,
  type EffectiveOutcome,
} from '../../../db/training/assign-trainings.ts';
import { logTraining } from '../../../db/training/training-log.ts';
import { validationError } from '../../api-error.ts';
import { settleDecision } from '../../entity/decide-event.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { lockedRead, readOrFail } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { publishTraining } from './publish-training.ts';
import { announceAssigned, plantTodayText } from './training-assign.routes.ts';

// A document revision's events (training-document.machine.ts): approve; make effective,
// which supersedes the code's previous effective revision, moves its curricula on and
// assigns the new revision to its completers and the curricula's roles; obsolete, with a
// reason, which cancels the trainings still open on it. Announced after commit as
// `document.updated`, `document.effective` and `training.assigned` on private-training.

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
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const doc = await lockedRead(tx, documents, params.id);
        const from = String(doc.status);
        const decision = decideTrainingDocument(params.event, actor, { status: from });
        const to = await settleDecision(tx, decision, documents, doc, body.version);
        const needsReason = TRAINING_DOCUMENT_TRANSITIONS[from]?.[params.event]?.needsReason;
        if (needsReason && !body.reason) throw validationError({ reason: 'required' });
        // One effective revision per code: two made effective at once wait for each other.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`training-doc:${String(doc.code)}`}))`,
        );
        let outcome: EffectiveOutcome | null = null;
        let cancelled: number[] = [];
        if (params.event === 'make_effective') {
          outcome = await makeRevisionEffective(
            tx,
            { id: params.id, code: String(doc.code) },
            { today: await plantTodayText(tx), actorId: actor.id },
          );
        } else {
          await tx.execute(sql`update training_documents set status = ${to},
              updated_by = ${actor.id} where id = ${params.id}`);
        }
        if (params.event === 'obsolete') {
          const rows = await queryRows<{ id: number }>(
            tx,
            sql`update trainings set status = 'cancelled', cancel_reason = ${`Document made obsolete: ${body.reason ?? ''}`},
                  updated_by = ${actor.id}
                where training_document_id = ${params.id}
                  and status in ('assigned', 'in_progress', 'overdue', 'failed')
                returning id`,
          );
          cancelled = rows.map((r) => Number(r.id));
          await logTraining(tx, cancelled, {
            event: 'cancelled',
            note: 'Document made obsolete',
            actorId: actor.id,
          });
        }
        await logTransition(tx, {
          entityType: TRAINING_DOCUMENTS.name,
          entityId: params.id,
          from,
          to: to,
          event: params.event,
          reason: body.reason ?? null,
          payload: outcome,
          actorId: actor.id,
        });
        const supersededRows = await Promise.all(
          (outcome?.superseded ?? []).map((id) => readOrFail(tx, documents, id)),
        );
        return {
          row: await readOrFail(tx, documents, params.id),
          outcome,
          supersededRows,
          cancelled,
        };
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
            seq: Number(result.row.seq),
            version: result.row.version,
            data: { ...result.row, ...result.outcome },
          },
        });
        await announceAssigned(deps, trainingsBinding, result.outcome.assigned);
      }
      for (const id of result.cancelled) {
        await publishTraining(deps, 'updated', await readOrFail(db, trainingsBinding, id));
      }
      return { ...result.row, ...(result.outcome ?? {}) };
    },
  });
}
