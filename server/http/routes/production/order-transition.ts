import {
  decideProductionOrder,
  shownPosition,
  type OrderPosition,
} from '../../../../src/machines/workflows/production-order.machine.ts';
import {
  ORDER_EVENTS,
  type OrderEventName,
} from '../../../../src/machines/workflows/production-order-events.ts';
import {
  DASHBOARD_ORDERS,
  PRODUCTION_ORDERS,
  productionOrderDoc,
  type ProductionOrderRow,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import type { OrderStatus } from '../../../../src/domain/entities/production/production-order-values.ts';
import { DAILY_ORDERS } from '../../../../src/domain/entities/production/daily-orders.entity.ts';
import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  applyOrderEffect,
  type EffectOutcome,
  type OrderEventInput,
} from '../../../db/production/order-effects.ts';
import { orderFacts } from '../../../db/production/order-facts.ts';
import { lockRow } from '../../entity/entity-routes.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { publishChange, type ChangeVerb } from '../../entity/publish-change.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import { TRANSFER_CHANNEL } from './transfer-broadcasts.ts';
import { followDailyOrder, lockDailyOrderOf } from './daily-order-sync.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// One order event from request to broadcast through the one event pipeline
// (event-pipeline.ts): the machine decides on the facts read under the row locks (403 for the
// role, 409 stale, 422 for a guard or an unmapped event), then the effect, the position
// (status and stage) and the status_transitions row commit together. Events the server
// raises itself (an HPLC result settles) come through here too, as `auto`.

export type OrderTransition = {
  row: ProductionOrderRow;
  from: OrderPosition;
  to: OrderPosition;
  event: OrderEventName;
  outcome: EffectOutcome;
  /** The daily order this order's line belongs to, when the transition moved it. */
  dailyOrder: EntityRow | null;
};

export const isOrderEvent = (name: string): name is OrderEventName =>
  (ORDER_EVENTS as readonly string[]).includes(name);

const positionOf = (row: EntityRow): OrderPosition => {
  const { status, stage } = productionOrderDoc(row);
  // The status column is never null; the row's type lets any read-only field be.
  return { status: status as OrderStatus, stage: stage ?? null };
};

const moved = (from: OrderPosition, to: OrderPosition) =>
  to.status !== from.status || to.stage !== from.stage;

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
  const { input } = request;
  const t = await runEvent<OrderPosition, EffectOutcome>(
    tx,
    {
      binding,
      // Locks go daily order first, then its production order, as a daily order's own events
      // take them: the other way round, two such requests at once could deadlock on PostgreSQL.
      lockRecord: async (t, id) => {
        if (!request.fromDailyOrder) await lockDailyOrderOf(t, id);
        await lockRow(t, binding, id);
      },
      decide: async ({ doc }) =>
        decisionOf(
          decideProductionOrder(positionOf(doc), {
            type: `order.${request.event}`,
            actor: request.auto ? { id: request.actor.id, roles: ['admin'] } : request.actor,
            facts: await orderFacts(tx, doc, input),
            reason: request.reason,
          }),
        ),
      effect: async ({ doc, to }) => {
        const outcome = await applyOrderEffect(request.event, {
          tx,
          actorId: request.actor.id,
          order: doc,
          reason: request.reason,
          input,
          to,
        });
        const payload = Object.keys(input).length > 0 ? { ...input } : null;
        return { set: outcome.set, payload, after: outcome };
      },
      position: (to, { doc }) => {
        const from = positionOf(doc);
        const now = new Date();
        return {
          status: to.status,
          stage: to.stage,
          ...(moved(from, to) ? { stageSince: now } : {}),
          ...(to.status === 'completed' && from.status !== 'completed' ? { completedAt: now } : {}),
        };
      },
      from: positionOf,
      shown: (position) => (typeof position === 'string' ? position : shownPosition(position)),
    },
    {
      id: request.id,
      event: request.event,
      version: request.version,
      reason: request.reason,
      actor: request.actor,
      input,
    },
  );
  const from = positionOf(t.before);
  const dailyOrder =
    request.fromDailyOrder || !moved(from, t.to)
      ? null
      : await followDailyOrder(tx, request.id, request.actor.id);
  return {
    dailyOrder,
    row: productionOrderDoc(t.row),
    from,
    to: t.to,
    event: request.event,
    outcome: t.after ?? {},
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
      data: { id: t.row.id, seq: t.row.seq, version: t.row.version, data: null },
    });
  }
}
