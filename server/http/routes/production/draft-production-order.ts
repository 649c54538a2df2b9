import { PRODUCTION_ORDERS } from '../../../../src/domain/entities/production/production-orders.entity.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { plannedMl } from './production-orders.binding.ts';

// A draft production order made by another document in its transaction (a daily order's line
// on accept, a forecast's plan row on "create orders"): numbered MO-, its planned ml from the
// product's size and the overage setting, linked to what it came from, with its audit row.

export type DraftOrder = {
  readonly productId: number;
  readonly flowId: number;
  readonly units: number;
  readonly dueDate: string;
  readonly priority?: string;
  readonly note: string;
  readonly dailyOrderLineId?: number;
  readonly forecastProductionPlanId?: number;
  /** What the audit row says it came from (`{ daily_order: 'DO-00012' }`). */
  readonly source: Record<string, unknown>;
};

/** Inserts the draft; its id. */
export async function insertDraftOrder(
  tx: Tx,
  actor: SessionUser,
  order: DraftOrder,
): Promise<number> {
  const number = await nextNumber(tx, 'production_order');
  const [mo] = await tx
    .insert(productionOrders)
    .values({
      number,
      productId: order.productId,
      flowId: order.flowId,
      plannedUnits: order.units,
      plannedMl: String(await plannedMl(tx, order.productId, order.units)),
      dueDate: order.dueDate,
      ...(order.priority ? { priority: order.priority } : {}),
      dailyOrderLineId: order.dailyOrderLineId ?? null,
      forecastProductionPlanId: order.forecastProductionPlanId ?? null,
      note: order.note,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: productionOrders.id });
  if (!mo) throw new Error('production order insert returned no row');
  await writeAudit(tx, {
    entityType: PRODUCTION_ORDERS.name,
    entityId: mo.id,
    action: 'create',
    changes: diffFields(
      {},
      { number, ...order.source, product_id: order.productId, planned_units: order.units },
    ),
    userId: actor.id,
  });
  return mo.id;
}
