import { and, eq, sql } from 'drizzle-orm';
import {
  ASSEMBLY_CHECK_FIELDS,
  ASSEMBLY_EVENTS,
  decideAssemblyOrder,
  shownAssemblyPosition,
  type AssemblyEventName,
  type AssemblyFacts,
  type AssemblyPosition,
} from '../../../../src/machines/workflows/assembly-order.machine.ts';
import type {
  AssemblyOrderStatus,
  AssemblyStage,
} from '../../../../src/domain/entities/assembly/assembly-order-values.ts';
import {
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
} from '../../../../src/domain/entities/assembly/assembly-orders.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  applyAssemblyEffect,
  type AssemblyInput,
  type AssemblyOutcome,
} from '../../../db/assembly/assembly-effects.ts';
import { assemblyOrders } from '../../../db/schema/assembly.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { refuseEvent } from '../../workflow-refusal.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';

// One assembly order event from request to broadcast (domain.md §4), as production orders do
// theirs: the machine decides on the facts read under the row lock (403 for the role before
// the version, 422 for a guard under the count it is about), then the effect, the status and
// stage, and the status_transitions row commit together.

export type AssemblyTransition = {
  row: EntityRow;
  from: AssemblyPosition;
  to: AssemblyPosition;
  event: AssemblyEventName;
  outcome: AssemblyOutcome;
};

export const isAssemblyEvent = (name: string): name is AssemblyEventName =>
  (ASSEMBLY_EVENTS as readonly string[]).includes(name);

const positionOf = (row: EntityRow): AssemblyPosition => ({
  status: row.status as AssemblyOrderStatus,
  stage: (row.stage as AssemblyStage | null) ?? null,
});

const n = (value: unknown) => Number(value ?? 0);

function factsOf(order: EntityRow, input: AssemblyInput): AssemblyFacts {
  return {
    stage: positionOf(order).stage,
    previousStatus: (order.previous_status as AssemblyOrderStatus | null) ?? null,
    hasComponents: Boolean(order.has_components),
    hasConsumption: Boolean(order.has_consumption),
    sealedUnits: n(order.sealed_units),
    stampedUnits: n(order.stamped_units),
    input: {
      sealed: n(input.sealed_units),
      stamped: n(input.stamped_units),
      stampingWaste: n(input.stamping_waste),
      cartoned: n(input.cartoned_units),
      cartoningWaste: n(input.cartoning_waste),
    },
  };
}

export async function transitionAssemblyOrder(
  tx: Tx,
  binding: ResolvedBinding,
  request: {
    id: number;
    version: number;
    event: AssemblyEventName;
    actor: { id: number; roles: readonly string[] };
    reason: string | null;
    input: AssemblyInput;
  },
): Promise<AssemblyTransition> {
  await tx.execute(sql`select 1 from assembly_orders where id = ${request.id} for update`);
  const order = await readOrFail(tx, binding, request.id);
  const from = positionOf(order);
  const decision = decideAssemblyOrder(from, {
    type: `assembly.${request.event}`,
    actor: request.actor,
    facts: factsOf(order, request.input),
    reason: request.reason,
  });
  // A caller whose role may not send the event hears only that, never the row's version.
  if (!decision.ok && decision.check === 'isPermitted') refuseEvent(decision);
  if (order.version !== request.version) throw await staleVersion(tx, binding, request.id);
  if (!decision.ok) refuseEvent(decision, ASSEMBLY_CHECK_FIELDS);
  const to = decision.to;
  const outcome = await applyAssemblyEffect(request.event, {
    tx,
    actorId: request.actor.id,
    order,
    reason: request.reason,
    input: request.input,
    from,
    to,
  });
  const moved = to.status !== from.status || to.stage !== from.stage;
  const updated = await tx
    .update(assemblyOrders)
    .set({
      ...(outcome.set ?? {}),
      status: to.status,
      stage: to.stage,
      ...(moved ? { stageSince: new Date() } : {}),
      updatedBy: request.actor.id,
    })
    .where(and(eq(assemblyOrders.id, request.id), eq(assemblyOrders.version, order.version)))
    .returning({ id: assemblyOrders.id });
  if (updated.length !== 1) throw await staleVersion(tx, binding, request.id);
  await logTransition(tx, {
    entityType: ASSEMBLY_ORDERS.name,
    entityId: request.id,
    from: shownAssemblyPosition(from),
    to: shownAssemblyPosition(to),
    event: request.event,
    reason: request.reason,
    payload: Object.keys(request.input).length > 0 ? { ...request.input } : null,
    actorId: request.actor.id,
  });
  return {
    row: await readOrFail(tx, binding, request.id),
    from,
    to,
    event: request.event,
    outcome,
  };
}

/** The stages the shipping dashboard follows: an order arrives there once transferred. */
const SHIPPING_STAGES: ReadonlySet<string | null> = new Set(['transferred', 'shipped']);

/**
 * After commit: the row on the orders' channel (the list and the assembly dashboard), its
 * stage change, the stamps that moved, the stock posting, and the shipping dashboard's news.
 */
export async function publishAssemblyTransition(
  deps: Pick<AppDeps, 'realtime'>,
  t: AssemblyTransition,
): Promise<void> {
  const { publisher } = deps.realtime;
  const shipping = SHIPPING_STAGES.has(t.from.stage) || SHIPPING_STAGES.has(t.to.stage);
  await publishChange(deps, ASSEMBLY_ORDERS, 'updated', t.row, {
    alsoTo: shipping ? [ASSEMBLY_SHIPPING_ORDERS.channel] : [],
  });
  const change = {
    id: t.row.id,
    number: t.row.number,
    event: t.event,
    from: t.from,
    to: t.to,
  };
  if (t.from.stage !== t.to.stage || t.from.status !== t.to.status) {
    await publisher.publish({
      channels: [ASSEMBLY_ORDERS.channel],
      event: 'order.stage_changed',
      data: change,
    });
  }
  for (const reelId of t.outcome.reels ?? []) {
    await publisher.publish({
      channels: ['private-assembly.stamping'],
      event: 'stamping.updated',
      data: { reel_id: reelId, assembly_order_id: t.row.id },
    });
  }
  if (shipping) {
    await publisher.publish({
      channels: [ASSEMBLY_SHIPPING_ORDERS.channel],
      event: 'shipment.updated',
      data: change,
    });
  }
  if (t.outcome.posting) await publishStockPosting(deps, t.outcome.posting);
}
