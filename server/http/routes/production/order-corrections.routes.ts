import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import { refuse } from '../../entity/event-pipeline.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import type { CorrectionField } from '../../../../src/domain/entities/production/correction-values.ts';
import { PRODUCTION_ORDER_CORRECTIONS } from '../../../../src/domain/entities/production/production-order-corrections.entity.ts';
import { PRODUCTION_ORDERS } from '../../../../src/domain/entities/production/production-orders.entity.ts';
import { CORRECTIONS_LOG } from '../../../../src/domain/entities/production/production-reports.entity.ts';
import {
  decideCorrection,
  decideCorrectionRequest,
  isCorrectionEvent,
  CORRECTION_EVENT_ROLES,
} from '../../../../src/machines/workflows/production-order-correction.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { writeAudit } from '../../../db/audit.ts';
import { nextNumber } from '../../../db/document-number.ts';
import {
  applyCorrection,
  applyProblem,
  currentValue,
  operationOf,
  stampCountsOwner,
  type AppliedCorrection,
} from '../../../db/production/correction-effects.ts';
import { productionOrderCorrections as corrections } from '../../../db/schema/production-corrections.ts';
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
import { createdLabels, productLabels } from '../../entity/shared-field-labels.ts';
import { publishOrder } from './order-transition.ts';
import { productOf } from '../../entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import { lockedOrder, registerCorrectionEventRoute } from './correction-event-route.ts';
import { recordCorrectionRequest, refuseUnchangedValue } from './correction-request.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';

// Production order corrections CR- (docs/domain/production.md §3.2): requested by the correction
// roles with a reason, decided by a manager who did not request them, applied with compensating
// movements. Each write locks the correction, then its order (the order's close reads the open ones
// under the order's lock), decides on the machine with facts read under those locks, and commits
// the status, the order's counts, the ledger and the status_transitions row together.

const order = (column: string) =>
  sql`(select o.${sql.identifier(column)} from production_orders o where o.id = ${qualified(corrections.productionOrderId)})`;

export const correctionBinding: EntityBinding = {
  entity: PRODUCTION_ORDER_CORRECTIONS,
  table: corrections,
  computed: {
    production_order_number: order('number'),
    production_order_status: order('status'),
    ...productLabels(corrections.productId),
    operation_name: sql`(select p.code || coalesce(': ' || op.name, '')
        from production_order_operations o join phases p on p.id = o.phase_id
        left join operations op on op.id = o.operation_id
       where o.id = ${qualified(corrections.productionOrderOperationId)})`,
    delta:
      sql<number>`(${qualified(corrections.newValue)} - ${qualified(corrections.oldValue)})::float8`.mapWith(
        Number,
      ),
    approved_by_name: userName(corrections.approvedBy),
    ...createdLabels(corrections.createdBy),
  },
  ownWrites: true,
};

const orderProduct = order('product_id');

/** production-orders-corrections-logs: the corrections with their order's product. */
const correctionsLogBinding: EntityBinding = {
  entity: CORRECTIONS_LOG,
  table: corrections,
  computed: {
    ...correctionBinding.computed,
    ...productOf(orderProduct),
    product_id: orderProduct,
    ingredient_sku: productLabels(corrections.productId).product_sku!,
  },
};

export function registerOrderCorrectionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, correctionBinding);
  const corrected = { binding: orders, field: 'production_order_id' };
  const access = { area: PRODUCTION_ORDER_CORRECTIONS.area } as const;
  registerReportRoutes(app, deps, CORRECTIONS_LOG, z.object({}), () => correctionsLogBinding);

  addRoute(app, {
    method: 'POST',
    url: PRODUCTION_ORDER_CORRECTIONS.api,
    response: entityRowSchema(PRODUCTION_ORDER_CORRECTIONS),
    access,
    summary:
      'Request a correction of an order count (the server reads the old value); a manager approves it',
    body: createSchema(PRODUCTION_ORDER_CORRECTIONS),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const field = body.field as CorrectionField;
      const productId = (body.product_id as number | null | undefined) ?? null;
      const newValue = Number(body.new_value);
      if (field === 'ingredient_consumed' && productId === null) {
        throw validationError({ product_id: 'required' });
      }
      if (field !== 'ingredient_consumed' && productId !== null) {
        throw ruleError('product_id', 'Only an ingredient correction names a product');
      }
      if (field.endsWith('_units') && !Number.isInteger(newValue)) {
        throw ruleError('new_value', 'Units are whole numbers');
      }
      const row = await db.transaction(async (tx) => {
        const mo = await lockedOrder(tx, corrected, Number(body.production_order_id));
        const reason = String(body.reason);
        const decision = decisionOf(decideCorrectionRequest(actor, String(mo.status), reason));
        if (decision.kind !== 'ok') refuse(decision);
        const owner = await stampCountsOwner(tx, mo.id, field);
        if (owner) throw ruleError('field', owner);
        const oldValue = await currentValue(tx, mo, field, productId);
        refuseUnchangedValue(field, oldValue, Math.abs(oldValue - newValue) < 1e-9);
        const number = await nextNumber(tx, 'production_order_correction');
        const [inserted] = await tx
          .insert(corrections)
          .values({
            number,
            productionOrderId: mo.id,
            productionOrderOperationId: await operationOf(tx, mo.id, field),
            field,
            productId,
            oldValue: String(oldValue),
            newValue: String(newValue),
            reason,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: corrections.id });
        if (!inserted) throw new Error('production_order_corrections: insert returned no row');
        await recordCorrectionRequest(tx, PRODUCTION_ORDER_CORRECTIONS, {
          id: inserted.id,
          number,
          body,
          oldValue,
          reason,
          payload: { production_order_id: mo.id, field, old_value: oldValue, new_value: newValue },
          actorId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, binding, inserted.id);
      });
      await publishChange(deps, PRODUCTION_ORDER_CORRECTIONS, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  registerCorrectionEventRoute<AppliedCorrection>(app, deps, {
    entity: PRODUCTION_ORDER_CORRECTIONS,
    correction: binding,
    order: corrected,
    summary: 'Approve, reject (with a reason) or apply a correction; send the version you read',
    isEvent: isCorrectionEvent,
    eventRoles: CORRECTION_EVENT_ROLES,
    decide: (from, event, probe) =>
      decideCorrection(from, { type: `correction.${event}`, ...probe }),
    applyProblem,
    apply: applyCorrection,
    appliedPayload: (doc) => ({
      field: doc.field,
      old_value: doc.old_value,
      new_value: doc.new_value,
    }),
    afterApply: async (tx, mo, doc, actorId) => {
      await writeAudit(tx, {
        entityType: PRODUCTION_ORDERS.name,
        entityId: mo.id,
        action: 'update',
        changes: {
          [rowOf(PRODUCTION_ORDER_CORRECTIONS, doc).field]: [doc.old_value, doc.new_value],
        },
        userId: actorId,
      });
    },
    publish: async (deps, { row, order, applied }) => {
      await publishChange(deps, PRODUCTION_ORDER_CORRECTIONS, 'updated', row);
      if (!order || !applied) return;
      await publishOrder(deps, 'updated', order);
      for (const id of applied.operations) {
        await deps.realtime.publisher.publish({
          channels: [PRODUCTION_ORDERS.channel],
          event: 'operation.updated',
          data: { id, production_order_id: order.id },
        });
      }
      await publishStockPosting(deps, applied.posting);
    },
  });
}
