import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import { refuse } from '../../entity/event-pipeline.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import type { StampingCorrectionField } from '../../../../src/domain/entities/production/stamping-order-values.ts';
import { STAMPING_CORRECTIONS } from '../../../../src/domain/entities/production/stamping-corrections.entity.ts';
import { STAMPING_ORDERS } from '../../../../src/domain/entities/production/stamping-orders.entity.ts';
import {
  decideStampingCorrection,
  decideStampingCorrectionRequest,
  isStampingCorrectionEvent,
  STAMPING_CORRECTION_EVENT_ROLES,
} from '../../../../src/machines/workflows/stamping-order-correction.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { nextNumber } from '../../../db/document-number.ts';
import {
  applyStampingCorrection,
  currentStampingValue,
  isReelField,
  stampingApplyProblem,
} from '../../../db/production/stamping-correction-effects.ts';
import { productStampingOrderCorrections as corrections } from '../../../db/schema/stamping-orders.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';
import {
  qualified,
  type EntityBinding,
  type ResolvedBinding,
} from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { userName } from '../../entity/log-table.ts';
import { createdLabels } from '../../entity/shared-field-labels.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import { lockedOrder, registerCorrectionEventRoute } from './correction-event-route.ts';
import { recordCorrectionRequest, refuseUnchangedValue } from './correction-request.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';

// Stamping order corrections STC- (docs/domain/production.md §3.2), the shape of production order
// corrections: requested with a reason by the correction roles, decided by a manager who did not
// request them (correction-event-route.ts), applied with compensating reel and stock movements. A
// request locks the stamping order and reads the old value under that lock.

const order = (column: string) =>
  sql`(select o.${sql.identifier(column)} from product_stamping_orders o
        where o.id = ${qualified(corrections.stampingOrderId)})`;

const binding: EntityBinding = {
  entity: STAMPING_CORRECTIONS,
  table: corrections,
  computed: {
    stamping_order_number: order('number'),
    stamping_order_status: order('status'),
    reel_no: sql`(select r.reel_no from stamp_reels r where r.id = ${qualified(corrections.reelId)})`,
    delta:
      sql<number>`(${qualified(corrections.newValue)} - ${qualified(corrections.oldValue)})`.mapWith(
        Number,
      ),
    approved_by_name: userName(corrections.approvedBy),
    ...createdLabels(corrections.createdBy),
  },
  ownWrites: true,
};

export function registerStampingCorrectionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const { db } = deps.database;
  const resolved = registerEntityRoutes(app, deps, binding);
  const corrected = { binding: orders, field: 'stamping_order_id' };
  const access = { area: STAMPING_CORRECTIONS.area } as const;

  addRoute(app, {
    method: 'POST',
    url: STAMPING_CORRECTIONS.api,
    response: entityRowSchema(STAMPING_CORRECTIONS),
    access,
    summary:
      'Request a correction of a finished stamping order count (the server reads the old value)',
    body: createSchema(STAMPING_CORRECTIONS),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const field = body.field as StampingCorrectionField;
      const reelId = (body.reel_id as number | null | undefined) ?? null;
      const newValue = Number(body.new_value);
      if (isReelField(field) && reelId === null) throw validationError({ reel_id: 'required' });
      if (!isReelField(field) && reelId !== null) {
        throw ruleError('reel_id', 'Only a stamp counter names a reel');
      }
      if (!Number.isInteger(newValue)) throw validationError({ new_value: 'integer' });
      const row = await db.transaction(async (tx) => {
        const st = await lockedOrder(tx, corrected, Number(body.stamping_order_id));
        const reason = String(body.reason);
        const decision = decisionOf(
          decideStampingCorrectionRequest(actor, String(st.status), reason),
        );
        if (decision.kind !== 'ok') refuse(decision);
        const oldValue = await currentStampingValue(tx, st, field, reelId);
        refuseUnchangedValue(field, oldValue, oldValue === newValue);
        const number = await nextNumber(tx, 'stamping_order_correction');
        const [inserted] = await tx
          .insert(corrections)
          .values({
            number,
            stampingOrderId: st.id,
            reelId,
            field,
            oldValue,
            newValue,
            reason,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: corrections.id });
        if (!inserted)
          throw new Error('product_stamping_order_corrections: insert returned no row');
        await recordCorrectionRequest(tx, STAMPING_CORRECTIONS, {
          id: inserted.id,
          number,
          body,
          oldValue,
          reason,
          payload: {
            stamping_order_id: st.id,
            field,
            reel_id: reelId,
            old_value: oldValue,
            new_value: newValue,
          },
          actorId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, resolved, inserted.id);
      });
      await publishChange(deps, STAMPING_CORRECTIONS, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  registerCorrectionEventRoute(app, deps, {
    entity: STAMPING_CORRECTIONS,
    correction: resolved,
    order: corrected,
    summary: 'Approve, reject (with a reason) or apply a stamping order correction',
    isEvent: isStampingCorrectionEvent,
    eventRoles: STAMPING_CORRECTION_EVENT_ROLES,
    decide: (from, event, probe) =>
      decideStampingCorrection(from, { type: `stamping_correction.${event}`, ...probe }),
    applyProblem: stampingApplyProblem,
    apply: applyStampingCorrection,
    appliedPayload: (doc) => ({
      field: doc.field,
      reel_id: doc.reel_id,
      old_value: doc.old_value,
      new_value: doc.new_value,
    }),
    publish: async (deps, { row, order, applied }) => {
      await publishChange(deps, STAMPING_CORRECTIONS, 'updated', row);
      if (order) await publishChange(deps, STAMPING_ORDERS, 'updated', order);
      if (applied?.posting) await publishStockPosting(deps, applied.posting);
    },
  });
}
