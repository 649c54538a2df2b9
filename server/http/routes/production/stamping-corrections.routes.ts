import { refuseEvent } from '../../workflow-refusal.ts';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import type { StampingCorrectionField } from '../../../../src/domain/entities/production/stamping-order-values.ts';
import { STAMPING_CORRECTIONS } from '../../../../src/domain/entities/production/stamping-corrections.entity.ts';
import { STAMPING_ORDERS } from '../../../../src/domain/entities/production/stamping-orders.entity.ts';
import {
  decideStampingCorrection,
  decideStampingCorrectionRequest,
  isStampingCorrectionEvent,
} from '../../../../src/machines/workflows/stamping-order-correction.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import {
  applyStampingCorrection,
  currentStampingValue,
  isReelField,
  stampingApplyProblem,
} from '../../../db/production/stamping-correction-effects.ts';
import { productStampingOrderCorrections as corrections } from '../../../db/schema/stamping-orders.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { ruleError, validationError } from '../../api-error.ts';
import {
  qualified,
  type EntityBinding,
  type EntityRow,
  type ResolvedBinding,
} from '../../entity/entity-binding.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { readOrFail, registerEntityRoutes, staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { userName } from '../inventory/log-table.ts';
import { createdLabels } from '../stock/stock-labels.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';

// Stamping order corrections STC- (domain.md §3.2), the shape of production order corrections:
// requested with a reason by the correction roles, decided by a manager who did not request
// them, applied with compensating reel and stock movements. Each write locks the correction,
// then its stamping order, decides on the machine with facts read under those locks, and
// commits the status, the counts, both ledgers and the status_transitions row together.

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

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

async function lockedOrder(tx: Tx, orders: ResolvedBinding, id: number): Promise<EntityRow> {
  await tx.execute(sql`select 1 from product_stamping_orders where id = ${id} for update`);
  const row = await findRow(tx, orders, id);
  if (!row) throw validationError({ stamping_order_id: 'exists' });
  return row;
}

export function registerStampingCorrectionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const { db } = deps.database;
  const resolved = registerEntityRoutes(app, deps, binding);
  const access = { area: STAMPING_CORRECTIONS.area } as const;

  addRoute(app, {
    method: 'POST',
    url: STAMPING_CORRECTIONS.api,
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
        const st = await lockedOrder(tx, orders, Number(body.stamping_order_id));
        const reason = String(body.reason);
        const decision = decideStampingCorrectionRequest(actor, String(st.status), reason);
        if (!decision.ok) refuseEvent(decision);
        const oldValue = await currentStampingValue(tx, st, field, reelId);
        if (oldValue === newValue) {
          throw ruleError(
            'new_value',
            `The order's ${field.replaceAll('_', ' ')} is already ${oldValue}`,
          );
        }
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
        await writeAudit(tx, {
          entityType: STAMPING_CORRECTIONS.name,
          entityId: inserted.id,
          action: 'create',
          changes: diffFields({}, { number, ...body, old_value: oldValue }),
          userId: actor.id,
          ip: request.ip,
        });
        await logTransition(tx, {
          entityType: STAMPING_CORRECTIONS.name,
          entityId: inserted.id,
          from: 'new',
          to: 'requested',
          event: 'request',
          reason,
          payload: {
            stamping_order_id: st.id,
            field,
            reel_id: reelId,
            old_value: oldValue,
            new_value: newValue,
          },
          actorId: actor.id,
        });
        return readOrFail(tx, resolved, inserted.id);
      });
      await publishChange(deps, STAMPING_CORRECTIONS, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${STAMPING_CORRECTIONS.api}/:id/events/:event`,
    access,
    summary: 'Approve, reject (with a reason) or apply a stamping order correction',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const reason = body.reason ?? null;
      const result = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from product_stamping_order_corrections where id = ${params.id} for update`,
        );
        const doc = await readOrFail(tx, resolved, params.id);
        if (doc.version !== body.version) throw await staleVersion(tx, resolved, params.id);
        const from = String(doc.status);
        if (!isStampingCorrectionEvent(params.event)) {
          throw ruleError('status', `Transition ${from}→${params.event} not allowed`);
        }
        const st = await lockedOrder(tx, orders, Number(doc.stamping_order_id));
        const decision = decideStampingCorrection(from, {
          type: `stamping_correction.${params.event}`,
          actor,
          reason,
          facts: {
            requestedBy: (doc.created_by as number | null) ?? null,
            orderStatus: String(st.status),
            applyProblem: params.event === 'apply' ? await stampingApplyProblem(tx, st, doc) : null,
          },
        });
        if (!decision.ok) refuseEvent(decision);
        const now = new Date();
        const set: Partial<typeof corrections.$inferInsert> = {};
        if (params.event === 'approve')
          Object.assign(set, { approvedBy: actor.id, approvedAt: now });
        if (params.event === 'reject') set.rejectReason = reason;
        const applied =
          params.event === 'apply' ? await applyStampingCorrection(tx, st, doc, actor.id) : null;
        if (applied) set.appliedAt = now;
        const updated = await tx
          .update(corrections)
          .set({ ...set, status: decision.to, updatedBy: actor.id })
          .where(and(eq(corrections.id, params.id), eq(corrections.version, body.version)))
          .returning({ id: corrections.id });
        if (updated.length !== 1) throw await staleVersion(tx, resolved, params.id);
        await logTransition(tx, {
          entityType: STAMPING_CORRECTIONS.name,
          entityId: params.id,
          from,
          to: decision.to,
          event: params.event,
          reason,
          payload: applied
            ? {
                field: doc.field,
                reel_id: doc.reel_id,
                old_value: doc.old_value,
                new_value: doc.new_value,
              }
            : null,
          actorId: actor.id,
        });
        return {
          row: await readOrFail(tx, resolved, params.id),
          order: applied ? await readOrFail(tx, orders, st.id) : null,
          applied,
        };
      });
      await publishChange(deps, STAMPING_CORRECTIONS, 'updated', result.row);
      if (result.order) await publishChange(deps, STAMPING_ORDERS, 'updated', result.order);
      if (result.applied?.posting) await publishStockPosting(deps, result.applied.posting);
      return result.row;
    },
  });
}
