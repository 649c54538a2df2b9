import { refuseEvent } from '../../workflow-refusal.ts';
import { and, eq, sql } from 'drizzle-orm';
import {
  ORDER_EVENTS,
  decideProductionOrder,
  shownPosition,
  type OrderEventName,
  type OrderPosition,
} from '../../../../src/machines/workflows/production-order.machine.ts';
import type {
  OrderStage,
  OrderStatus,
} from '../../../../src/domain/entities/production/production-order-values.ts';
import {
  DASHBOARD_ORDERS,
  PRODUCTION_ORDERS,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import { DAILY_ORDERS } from '../../../../src/domain/entities/production/daily-orders.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  applyOrderEffect,
  type EffectOutcome,
  type OrderEventInput,
} from '../../../db/production/order-effects.ts';
import { orderFacts } from '../../../db/production/order-facts.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { publishChange, type ChangeVerb } from '../../entity/publish-change.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import { TRANSFER_CHANNEL } from './transfer-broadcasts.ts';
import { followDailyOrder, lockDailyOrderOf } from './daily-order-sync.ts';

// One order event from request to broadcast (domain.md §3.2): the machine decides on the facts
// read under the row lock (403 for the role, 422 for a guard or an unmapped event), then the
// effect, the status and stage, and the status_transitions row commit together. Events the
// server raises itself (an HPLC result settles) come through here too, as `auto`.

export type OrderTransition = {
  row: EntityRow;
  from: OrderPosition;
  to: OrderPosition;
  event: OrderEventName;
  outcome: EffectOutcome;
  /** The daily order this order's line belongs to, when the transition moved it. */
  dailyOrder: EntityRow | null;
};

export const isOrderEvent = (name: string): name is OrderEventName =>
  (ORDER_EVENTS as readonly string[]).includes(name);

const positionOf = (row: EntityRow): OrderPosition => ({
  status: row.status as OrderStatus,
  stage: (row.stage as OrderStage | null) ?? null,
});

export async function transitionOrder(
  tx: Tx,
  binding: ResolvedBinding,
  request: {
    id: number;
    /** The version the person read; null for events the server raises. */
    version: number | null;
    event: OrderEventName;
    actor: { id: number; roles: readonly string[] };
    reason: string | null;
    input: OrderEventInput;
    /** The server settles it (an HPLC verdict): the person's own role was checked upstream. */
    auto?: boolean;
    /** Sent by its daily order's own event (cancel), which writes the daily order itself. */
    fromDailyOrder?: boolean;
  },
): Promise<OrderTransition> {
  // Locks go daily order first, then its production order, as a daily order's own events take
  // them: the other way round, two such requests at once could deadlock on PostgreSQL.
  if (!request.fromDailyOrder) await lockDailyOrderOf(tx, request.id);
  await tx.execute(sql`select 1 from production_orders where id = ${request.id} for update`);
  const order = await readOrFail(tx, binding, request.id);
  const from = positionOf(order);
  const decision = decideProductionOrder(from, {
    type: `order.${request.event}`,
    actor: request.auto ? { id: request.actor.id, roles: ['admin'] } : request.actor,
    facts: await orderFacts(tx, order, request.input),
    reason: request.reason,
  });
  // A caller whose role may not send the event hears only that: the stale-version answer
  // names who saved last, which is not theirs to know.
  if (!decision.ok && decision.check === 'isPermitted') refuseEvent(decision);
  if (request.version !== null && order.version !== request.version) {
    throw await staleVersion(tx, binding, request.id);
  }
  if (!decision.ok) refuseEvent(decision);
  const to = decision.to;
  const outcome = await applyOrderEffect(request.event, {
    tx,
    actorId: request.actor.id,
    order,
    reason: request.reason,
    input: request.input,
    to,
  });
  const now = new Date();
  const moved = to.status !== from.status || to.stage !== from.stage;
  const updated = await tx
    .update(productionOrders)
    .set({
      ...(outcome.set ?? {}),
      status: to.status,
      stage: to.stage,
      ...(moved ? { stageSince: now } : {}),
      ...(to.status === 'completed' && from.status !== 'completed' ? { completedAt: now } : {}),
      updatedBy: request.actor.id,
    })
    .where(and(eq(productionOrders.id, request.id), eq(productionOrders.version, order.version)))
    .returning({ id: productionOrders.id });
  if (updated.length !== 1) throw await staleVersion(tx, binding, request.id);
  await logTransition(tx, {
    entityType: PRODUCTION_ORDERS.name,
    entityId: request.id,
    from: shownPosition(from),
    to: shownPosition(to),
    event: request.event,
    reason: request.reason,
    payload: Object.keys(request.input).length > 0 ? { ...request.input } : null,
    actorId: request.actor.id,
  });
  const dailyOrder =
    request.fromDailyOrder || !moved
      ? null
      : await followDailyOrder(tx, request.id, request.actor.id);
  return {
    dailyOrder,
    row: await readOrFail(tx, binding, request.id),
    from,
    to,
    event: request.event,
    outcome,
  };
}

/** An order's row to its readers: the orders' channel and the dashboard's. */
export async function publishOrder(
  deps: Pick<AppDeps, 'realtime'>,
  verb: ChangeVerb,
  row: EntityRow,
): Promise<void> {
  await publishChange(deps, PRODUCTION_ORDERS, verb, row, { alsoTo: [DASHBOARD_ORDERS.channel] });
}

/** After commit: the row, its status or stage change, its operations, stock and HPLC news. */
export async function publishOrderTransition(
  deps: Pick<AppDeps, 'realtime'>,
  t: OrderTransition,
): Promise<void> {
  const { publisher } = deps.realtime;
  const channels = [PRODUCTION_ORDERS.channel, DASHBOARD_ORDERS.channel];
  await publishOrder(deps, 'updated', t.row);
  const change = { id: t.row.id, number: t.row.number, event: t.event, from: t.from, to: t.to };
  if (t.from.status !== t.to.status) {
    await publisher.publish({ channels, event: 'order.status_changed', data: change });
  }
  if (t.from.stage !== t.to.stage) {
    await publisher.publish({ channels, event: 'order.stage_changed', data: change });
  }
  for (const id of t.outcome.operations ?? []) {
    await publisher.publish({
      channels,
      event: 'operation.updated',
      data: { id, production_order_id: t.row.id },
    });
  }
  if (t.outcome.hplcRequestId !== undefined) {
    await publisher.publish({
      channels: ['private-production.hplc'],
      event: 'hplc.requested',
      data: { id: t.outcome.hplcRequestId, production_order_id: t.row.id },
    });
  }
  if (t.outcome.posting) await publishStockPosting(deps, t.outcome.posting);
  if (t.dailyOrder) await publishChange(deps, DAILY_ORDERS, 'updated', t.dailyOrder);
  // The transfer dashboard lists the orders waiting for transfer: it hears them come and go.
  if (t.from.stage === 'transfer_pending' || t.to.stage === 'transfer_pending') {
    await publisher.publish({
      channels: [TRANSFER_CHANNEL],
      event: 'order.updated',
      data: { id: t.row.id, seq: Number(t.row.seq), version: t.row.version, data: null },
    });
  }
}
