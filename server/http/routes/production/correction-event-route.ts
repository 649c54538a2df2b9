import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import type {
  CorrectionActor,
  CorrectionEventName,
  CorrectionFacts,
} from '../../../../src/machines/workflows/correction-workflow.ts';
import {
  decisionOf,
  type EventRoles,
} from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { validationError } from '../../../errors/api-error.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { lockRow, readOrFail } from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// The events of a correction of a finished count (correction-workflow.ts), one route for
// every kind (production orders CR-, stamping orders STC-), through the one event pipeline
// (event-pipeline.ts): lock the correction, then its order; decide on the kind's machine with
// facts read under those locks; then commit the status, what applying writes and the
// status_transitions row together. The news goes out after the commit.

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
    response: entityRowSchema(entity),
    access: { area: entity.area },
    callers: { events: kind.eventRoles },
    summary: kind.summary,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const reason = body.reason ?? null;
      const event = params.event;
      const outcome = await deps.database.db.transaction(async (tx) => {
        // The corrected order, locked after the correction and read under its lock.
        let order: EntityRow | null = null;
        const t = await runEvent<string, Applied | null>(
          tx,
          {
            binding: correction,
            lockRecord: async (t, id) => {
              await lockRow(t, correction, id);
              const doc = await findRow(t, correction, id);
              if (doc) order = await lockedOrder(t, kind.order, Number(doc[kind.order.field]));
            },
            decide: async ({ doc }) => {
              // The route took only the events of eventRoles; the machine names the same.
              if (!kind.isEvent(event) || !order) {
                return { kind: 'unmapped', reason: `${event} is not a correction event` };
              }
              return decisionOf(
                kind.decide(String(doc.status), event, {
                  actor,
                  reason,
                  facts: {
                    requestedBy: (doc.created_by as number | null) ?? null,
                    orderStatus: String(order.status),
                    applyProblem:
                      event === 'apply' ? await kind.applyProblem(tx, order, doc) : null,
                  },
                }),
              );
            },
            effect: async ({ doc }) => {
              const applied =
                event === 'apply' ? await kind.apply(tx, order!, doc, actor.id) : null;
              const now = sql`now()`;
              const set = {
                approve: { approvedBy: actor.id, approvedAt: now },
                reject: { rejectReason: reason },
                apply: { appliedAt: now },
              }[event as CorrectionEventName];
              const payload = applied === null ? null : kind.appliedPayload(doc);
              return { set, payload, after: applied };
            },
          },
          { id: params.id, event, version: body.version, reason, actor, input: {} },
        );
        const applied = t.after ?? null;
        if (applied !== null) await kind.afterApply?.(tx, order!, t.before, actor.id);
        return {
          row: t.row,
          order: applied === null ? null : await readOrFail(tx, kind.order.binding, order!.id),
          applied,
        };
      });
      await kind.publish(deps, outcome);
      return outcome.row;
    },
  });
}
