import { sql, type SQL } from 'drizzle-orm';
import {
  ASSEMBLY_CHECK_FIELDS,
  ASSEMBLY_EVENTS,
  decideAssemblyOrder,
  shownAssemblyPosition,
  type AssemblyEventName,
  type AssemblyFacts,
  type AssemblyPosition,
} from '../../shared/machines/assembly-order.machine.ts';
import type { AssemblyOrderStatus } from '../../shared/entities/assembly-order-values.ts';
import {
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
  assemblyOrderDoc,
  type AssemblyOrderRow,
} from '../../shared/entities/assembly-orders.entity.ts';
import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Tx } from '../../../../server/db/client.ts';
import {
  applyAssemblyEffect,
  type AssemblyInput,
  type AssemblyOutcome,
} from '../db/assembly-effects.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { stampReelKey, stockKey, type ResourceKey } from '../../../../server/db/resource-locks.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { runEvent, type EventContext } from '../../../../server/http/entity/event-pipeline.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { publishStockPosting } from '../../../../server/http/routes/stock/publish-stock-posting.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// One assembly order event from request to broadcast through the one event
// pipeline (event-pipeline.ts): the machine decides on the facts read under the row lock and
// the locks of the components' stock or the reel the event takes (403 for the role before the
// version, 422 for a guard under the count it is about), then the effect, the status and
// stage, and the status_transitions row commit together.

export type AssemblyTransition = {
  row: AssemblyOrderRow;
  from: AssemblyPosition;
  to: AssemblyPosition;
  event: AssemblyEventName;
  outcome: AssemblyOutcome;
};

export const isAssemblyEvent = (name: string): name is AssemblyEventName =>
  (ASSEMBLY_EVENTS as readonly string[]).includes(name);

/** Where the order stands; an order always has a status, whatever its row's type allows. */
const positionOf = (doc: EntityRow): AssemblyPosition => {
  const { status, stage } = assemblyOrderDoc(doc);
  return { status: status as AssemblyOrderStatus, stage };
};

/** A count the request may leave out. */
const n = (value: unknown) => Number(value ?? 0);

function factsOf(order: AssemblyOrderRow, input: AssemblyInput): AssemblyFacts {
  return {
    stage: order.stage,
    previousStatus: order.previous_status,
    hasComponents: Boolean(order.has_components),
    hasConsumption: Boolean(order.has_consumption),
    sealedUnits: order.sealed_units ?? 0,
    stampedUnits: order.stamped_units ?? 0,
    input: {
      sealed: n(input.sealed_units),
      stamped: n(input.stamped_units),
      stampingWaste: n(input.stamping_waste),
      cartoned: n(input.cartoned_units),
      cartoningWaste: n(input.cartoning_waste),
    },
  };
}

/** The stock keys of `products` (a select of product ids) at every location holding some. */
async function stockKeysOf(tx: Tx, products: SQL): Promise<ResourceKey[]> {
  const held = await queryRows<{ product_id: number; location_id: number }>(
    tx,
    sql`select distinct b.product_id::int as product_id, b.location_id::int as location_id
          from stock_balances b
         where b.qty_on_hand > 0 and b.product_id in (${products})`,
  );
  return held.map((h) => stockKey(h.product_id, h.location_id));
}

/**
 * The stock of each component of the order: sealing consumes it, so two orders sealing (or
 * anyone else posting) the same components take turns.
 */
const componentStockKeys = (tx: Tx, orderId: number) =>
  stockKeysOf(
    tx,
    sql`select product_id from assembly_order_components where assembly_order_id = ${orderId}`,
  );

/**
 * The stock of each component of the kit, before the order has its own snapshot: release
 * counts it free, so two releases of kits sharing a component take turns and the second
 * counts what the first one committed to.
 */
const kitStockKeys = (tx: Tx, kitId: number) =>
  stockKeysOf(
    tx,
    sql`select component_product_id from product_components where product_id = ${kitId}`,
  );

/** The shared resources an event reads before it takes them: components' stock, a reel. */
const RESOURCES: Partial<
  Record<AssemblyEventName, (tx: Tx, ctx: EventContext) => Promise<ResourceKey[]>>
> = {
  release: (tx, { doc }) => kitStockKeys(tx, assemblyOrderDoc(doc).product_id),
  finish_sealing: (tx, { doc }) => componentStockKeys(tx, doc.id),
  finish_stamping: async (_tx, { request }) => {
    const reelId = (request.input as AssemblyInput).reel_id;
    return reelId === undefined ? [] : [stampReelKey(reelId)];
  },
};

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
  const { event, input } = request;
  const t = await runEvent<AssemblyPosition, AssemblyOutcome>(
    tx,
    {
      binding,
      resources: (ctx) => RESOURCES[event]?.(tx, ctx) ?? [],
      decide: ({ doc }) =>
        decisionOf(
          decideAssemblyOrder(positionOf(doc), {
            type: `assembly.${event}`,
            actor: request.actor,
            facts: factsOf(assemblyOrderDoc(doc), input),
            reason: request.reason,
          }),
        ),
      refusalFields: ASSEMBLY_CHECK_FIELDS,
      effect: async ({ doc, to }) => {
        const outcome = await applyAssemblyEffect(event, {
          tx,
          actorId: request.actor.id,
          order: assemblyOrderDoc(doc),
          reason: request.reason,
          input,
          from: positionOf(doc),
          to,
        });
        const payload = Object.keys(input).length > 0 ? { ...input } : null;
        return { set: outcome.set, payload, after: outcome };
      },
      position: (to, { doc }) => {
        const from = positionOf(doc);
        const moved = to.status !== from.status || to.stage !== from.stage;
        return { status: to.status, stage: to.stage, ...(moved ? { stageSince: new Date() } : {}) };
      },
      from: positionOf,
      shown: (position) =>
        typeof position === 'string' ? position : shownAssemblyPosition(position),
    },
    { ...request, input: { ...input } },
  );
  return {
    row: assemblyOrderDoc(t.row),
    from: positionOf(t.before),
    to: t.to,
    event,
    outcome: t.after ?? {},
  };
}

/**
 * After commit: the row on the orders' channel (the list and the assembly dashboard), its
 * stage change, the stamps that moved, the stock posting, and the shipping dashboard's news
 * when the order comes to (or leaves) its kits-in-stock column.
 */
export async function publishAssemblyTransition(
  deps: Pick<AppDeps, 'realtime'>,
  t: AssemblyTransition,
): Promise<void> {
  const { publisher } = deps.realtime;
  const shipping = t.from.status === 'completed' || t.to.status === 'completed';
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
