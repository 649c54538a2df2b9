import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import type {
  CorrectionActor,
  CorrectionEventName,
  CorrectionFacts,
} from '../../../../src/machines/workflows/correction-workflow.ts';
import type { EventRoles } from '../../../../src/machines/workflows/stock-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { ruleError, validationError } from '../../api-error.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { lockedRead, lockRow, readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { addRoute, signedIn } from '../../route.ts';
import { refuseEvent } from '../../workflow-refusal.ts';
import { idParams, versionField } from '../common-fields.ts';

// The events of a correction of a finished count (correction-workflow.ts), one route for
// every kind (production orders CR-, stamping orders STC-): lock the correction, then its
// order; decide on the kind's machine with facts read under those locks; then commit the
// status, what applying writes and the status_transitions row together. The news goes out
// after the commit.

export type CorrectionOutcome<Applied> = {
  row: EntityRow;
  /** The corrected order as applying left it; null for approve and reject. */
  order: EntityRow | null;
  applied: Applied | null;
};

export type CorrectionKind<Applied> = {
  /** The correction's declaration: its api, name (entity_type of the logs). */
  entity: EntityDeclaration;
  correction: ResolvedBinding;
  order: CorrectionOrder;
  decide: (
    from: string,
    event: CorrectionEventName,
    probe: { actor: CorrectionActor; reason: string | null; facts: CorrectionFacts },
  ) => { ok: true; to: string } | { ok: false; check: string; reason: string };
  isEvent: (event: string) => event is CorrectionEventName;
  /** Who may send each event at all (the machine's), refused before anything is read. */
  eventRoles: EventRoles;
  /** Why applying would leave the order wrong, read under the locks; null when clean. */
  applyProblem: (tx: Tx, order: EntityRow, doc: EntityRow) => Promise<string | null>;
  /** Writes the corrected counts and their compensating movements. */
  apply: (tx: Tx, order: EntityRow, doc: EntityRow, actorId: number) => Promise<Applied>;
  /** What the transition log keeps of an applied correction. */
  appliedPayload: (doc: EntityRow) => Record<string, unknown>;
  /** More of applying, in its transaction (the order's audit row). */
  afterApply?: (tx: Tx, order: EntityRow, doc: EntityRow, actorId: number) => Promise<void>;
  /** The broadcasts, once committed. */
  publish: (deps: AppDeps, outcome: CorrectionOutcome<Applied>) => Promise<void>;
  summary: string;
};

/** The corrected order: its binding, and the correction's field naming it. */
export type CorrectionOrder = { binding: ResolvedBinding; field: string };

/** The order, locked for the rest of the transaction; a missing one is the field's fault. */
export async function lockedOrder(tx: Tx, order: CorrectionOrder, id: number): Promise<EntityRow> {
  await lockRow(tx, order.binding, id);
  const row = await findRow(tx, order.binding, id);
  if (!row) throw validationError({ [order.field]: 'exists' });
  return row;
}

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

export function registerCorrectionEventRoute<Applied>(
  app: FastifyInstance,
  deps: AppDeps,
  kind: CorrectionKind<Applied>,
): void {
  const { entity, correction } = kind;
  addRoute(app, {
    method: 'POST',
    url: `${entity.api}/:id/events/:event`,
    access: { area: entity.area },
    callers: { events: kind.eventRoles },
    summary: kind.summary,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const reason = body.reason ?? null;
      const outcome = await deps.database.db.transaction(async (tx) => {
        const doc = await lockedRead(tx, correction, params.id);
        if (doc.version !== body.version) throw await staleVersion(tx, correction, params.id);
        const from = String(doc.status);
        const event = params.event;
        // The route took only the events of eventRoles; the machine names the same.
        if (!kind.isEvent(event)) throw ruleError('status', `${event} is not a correction event`);
        const order = await lockedOrder(tx, kind.order, Number(doc[kind.order.field]));
        const decision = kind.decide(from, event, {
          actor,
          reason,
          facts: {
            requestedBy: (doc.created_by as number | null) ?? null,
            orderStatus: String(order.status),
            applyProblem: event === 'apply' ? await kind.applyProblem(tx, order, doc) : null,
          },
        });
        if (!decision.ok) refuseEvent(decision);
        const applied = event === 'apply' ? await kind.apply(tx, order, doc, actor.id) : null;
        // The row's trigger moves version on; a changed version means someone else was first.
        const updated = await queryRows<{ id: number }>(
          tx,
          sql`update ${correction.table}
                 set status = ${decision.to}, updated_by = ${actor.id}
                     ${event === 'approve' ? sql`, approved_by = ${actor.id}, approved_at = now()` : sql``}
                     ${event === 'reject' ? sql`, reject_reason = ${reason}` : sql``}
                     ${event === 'apply' ? sql`, applied_at = now()` : sql``}
               where id = ${params.id} and version = ${body.version}
           returning id`,
        );
        if (updated.length !== 1) throw await staleVersion(tx, correction, params.id);
        await logTransition(tx, {
          entityType: entity.name,
          entityId: params.id,
          from,
          to: decision.to,
          event,
          reason,
          payload: applied === null ? null : kind.appliedPayload(doc),
          actorId: actor.id,
        });
        if (applied !== null) await kind.afterApply?.(tx, order, doc, actor.id);
        return {
          row: await readOrFail(tx, correction, params.id),
          order: applied === null ? null : await readOrFail(tx, kind.order.binding, order.id),
          applied,
        };
      });
      await kind.publish(deps, outcome);
      return outcome.row;
    },
  });
}
