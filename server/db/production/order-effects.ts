import { and, eq, sql } from 'drizzle-orm';
import type { OrderPosition } from '../../../src/machines/workflows/production-order.machine.ts';
import type { OrderEventName } from '../../../src/machines/workflows/production-order-events.ts';
import type { ReworkKind } from '../../../src/domain/entities/production/potency-rework.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { stockLots } from '../schema/inventory.ts';
import {
  batchingPicks,
  hplcResults,
  productionOrderIngredients,
} from '../schema/production-orders.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import type { OrderInput } from './order-facts.ts';
import { setPhaseOperations, skipOpen, switchRunning } from './order-operations.ts';
import { locationOfType } from '../location-of-type.ts';
import { raiseHplcRequest } from './hplc-tests.ts';
import { applyReworkAddition } from './rework-effect.ts';
import { releaseOrder } from './release-order.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What each order event writes beside the status (docs/domain/production.md §3.2 tables):
// operations, the ledger (consume picked lots, produce the bulk lot, consume bulk at bottling,
// produce finished units), HPLC requests and the lot's release. Runs in the event's transaction.

export type OrderEventInput = OrderInput & {
  cart_id?: number | null;
  /** The addition a rework accepts (rework-effect.ts). */
  rework_kind?: ReworkKind;
  rework_ml?: number;
};

export type EffectContext = {
  tx: Tx;
  actorId: number;
  order: EntityRow;
  reason: string | null;
  input: OrderEventInput;
  to: OrderPosition;
};

export type EffectOutcome = {
  /** Order columns (Drizzle keys) written with the status. */
  set?: Record<string, unknown>;
  posting?: StockPosting;
  operations?: number[];
  warnings?: string[];
  hplcRequestId?: number;
};

type Effect = (ctx: EffectContext) => Promise<EffectOutcome>;

const move = (
  order: EntityRow,
  m: Omit<MovementInput, 'sourceType' | 'sourceId'>,
): MovementInput => ({ ...m, sourceType: 'production_orders', sourceId: order.id });

const phasesOf = (order: EntityRow) => ((order.flow_phases as string | null) ?? '').split(',');

async function setLotStatus(tx: Tx, lotId: unknown, status: 'released' | 'quarantine') {
  if (typeof lotId !== 'number') return;
  await tx.update(stockLots).set({ status }).where(eq(stockLots.id, lotId));
}

/** Picked lots consumed into the batch; the batch produced as its quarantine lot. */
const finishBatching: Effect = async ({ tx, actorId, order, input, to }) => {
  const floor = await locationOfType(tx, 'production');
  const picks = await tx
    .select()
    .from(batchingPicks)
    .where(eq(batchingPicks.productionOrderId, order.id));
  const moves = picks
    .filter((p) => Number(p.pickedQty) > 0)
    .map((p, line) =>
      move(order, {
        productId: p.productId,
        lotId: p.lotId,
        locationId: p.locationId,
        binId: p.binId,
        qty: -Number(p.pickedQty),
        movementType: 'consume',
        line,
      }),
    );
  const [recipeProduct] = await queryRows<{ product_id: number }>(
    tx,
    sql`select product_id::int as product_id from recipes where id = ${Number(order.recipe_id)}`,
  );
  const batchMl = Number(input.actual_batch_ml);
  moves.push(
    move(order, {
      productId: Number(recipeProduct?.product_id),
      lotId: (order.batch_lot_id as number | null) ?? null,
      locationId: floor,
      qty: batchMl,
      movementType: 'produce',
    }),
  );
  const posting = await postMovements(tx, moves, { actorId });
  await tx.execute(sql`
    update production_order_ingredients i set consumed_qty = i.picked_qty
     where i.production_order_id = ${order.id}`);
  const operations = await setPhaseOperations(tx, order.id, 'batching', { status: 'done' });
  const tested = to.stage === 'hplc_pending';
  if (!tested) await setLotStatus(tx, order.batch_lot_id, 'released');
  const hplcRequestId = tested ? await raiseHplcRequest(tx, order, 'initial', actorId) : undefined;
  if (tested)
    operations.push(...(await setPhaseOperations(tx, order.id, 'hplc', { status: 'in_progress' })));
  return {
    set: { actualBatchMl: String(batchMl), hplcStatus: tested ? 'pending' : 'none' },
    posting,
    operations,
    hplcRequestId,
  };
};

/** Finished units of the order's product, in a lot numbered like the order, on the floor. */
async function produceFinished(tx: Tx, order: EntityRow, units: number, actorId: number) {
  const floor = await locationOfType(tx, 'production');
  const [lot] = await tx
    .insert(stockLots)
    .values({
      productId: Number(order.product_id),
      lotNo: String(order.number),
      source: 'production',
      productionOrderId: order.id,
      status: 'released',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .onConflictDoUpdate({
      target: [stockLots.productId, stockLots.lotNo],
      set: { updatedBy: actorId },
    })
    .returning({ id: stockLots.id });
  return postMovements(
    tx,
    [
      move(order, {
        productId: Number(order.product_id),
        lotId: lot?.id ?? null,
        locationId: floor,
        qty: units,
        movementType: 'produce',
      }),
    ],
    { actorId },
  );
}

/** Whether finishing `phase` leaves nothing that counts units: the finished goods exist now. */
const lastCountingPhase = (order: EntityRow, phase: 'bottling' | 'labeling') => {
  const phases = phasesOf(order);
  return phase === 'bottling'
    ? !phases.includes('labeling') && !phases.includes('stamping')
    : !phases.includes('stamping');
};

const EFFECTS: Partial<Record<OrderEventName, Effect>> = {
  submit: async ({ actorId }) => ({ set: { submittedBy: actorId } }),
  reject: async () => ({ set: { submittedBy: null } }),
  release: async ({ tx, order, actorId }) => releaseOrder(tx, order, actorId),
  cancel: async ({ tx, order }) => ({ operations: await skipOpen(tx, order.id) }),
  hold: async ({ tx, order, reason }) => ({
    set: { previousStatus: order.status, holdReason: reason },
    operations: await switchRunning(tx, order.id, 'in_progress'),
  }),
  resume: async ({ tx, order }) => ({
    set: { previousStatus: null, holdReason: null },
    operations: await switchRunning(tx, order.id, 'paused'),
  }),
  close: async () => ({ set: { closedAt: new Date() } }),
  scrap: async ({ tx, order, actorId, reason }) => {
    const [held] = await queryRows<{ product_id: number; location_id: number; qty: number }>(
      tx,
      sql`select product_id::int as product_id, location_id::int as location_id, qty_on_hand::float8 as qty
            from stock_balances where lot_id = ${Number(order.batch_lot_id)} and qty_on_hand > 0
            limit 1`,
    );
    const posting = held
      ? await postMovements(
          tx,
          [
            move(order, {
              productId: held.product_id,
              lotId: Number(order.batch_lot_id),
              locationId: held.location_id,
              qty: -held.qty,
              movementType: 'scrap',
              note: reason,
            }),
          ],
          { actorId },
        )
      : undefined;
    return { posting, operations: await skipOpen(tx, order.id) };
  },
  start_batching: async ({ tx, order, actorId, input }) => ({
    set: { startedAt: new Date() },
    operations: await setPhaseOperations(tx, order.id, 'batching', {
      status: 'in_progress',
      assignedTo: actorId,
      cartId: input.cart_id,
    }),
  }),
  finish_batching: finishBatching,
  hplc_pass: async ({ tx, order }) => {
    await setLotStatus(tx, order.batch_lot_id, 'released');
    return {
      set: { hplcStatus: 'passed' },
      operations: await setPhaseOperations(tx, order.id, 'hplc', { status: 'done' }),
    };
  },
  hplc_fail: async () => ({ set: { hplcStatus: 'failed' } }),
  retest: async ({ tx, order, actorId }) => ({
    set: { hplcStatus: 'pending' },
    hplcRequestId: await raiseHplcRequest(tx, order, 'retest', actorId),
  }),
  rework: async ({ tx, order, actorId, input }) => {
    const { rework_kind: kind, rework_ml: ml } = input;
    const added = kind && ml ? await applyReworkAddition(tx, order, { kind, ml }, actorId) : null;
    return {
      set: { hplcStatus: 'pending', ...added?.set },
      ...(added ? { posting: added.posting } : {}),
      hplcRequestId: await raiseHplcRequest(tx, order, 'rework', actorId),
    };
  },
  override: async ({ tx, order, actorId, reason }) => {
    await tx
      .update(hplcResults)
      .set({
        overridePassed: true,
        overrideReason: reason,
        overrideBy: actorId,
        updatedBy: actorId,
      })
      .where(
        sql`${hplcResults.hplcRequestId} = (select max(id) from hplc_requests where production_order_id = ${order.id})`,
      );
    await setLotStatus(tx, order.batch_lot_id, 'released');
    return {
      set: { hplcStatus: 'overridden' },
      operations: await setPhaseOperations(tx, order.id, 'hplc', { status: 'done' }),
    };
  },
  start_bottling: async ({ tx, order, actorId, input }) => ({
    operations: await setPhaseOperations(tx, order.id, 'bottling', {
      status: 'in_progress',
      assignedTo: actorId,
      cartId: input.cart_id,
    }),
  }),
  finish_bottling: async ({ tx, order, actorId, input }) => {
    const bottled = input.bottled_units ?? 0;
    const waste = input.bottling_waste_units ?? 0;
    const floor = await locationOfType(tx, 'production');
    const [bulk] = await queryRows<{ product_id: number }>(
      tx,
      sql`select product_id::int as product_id from stock_lots where id = ${Number(order.batch_lot_id)}`,
    );
    const moves = [
      move(order, {
        productId: Number(bulk?.product_id),
        lotId: Number(order.batch_lot_id),
        locationId: floor,
        qty: -Math.round((bottled + waste) * Number(order.volume_ml) * 100) / 100,
        movementType: 'consume',
      }),
    ];
    const consumed = await postMovements(tx, moves, { actorId });
    const produced = lastCountingPhase(order, 'bottling')
      ? await produceFinished(tx, order, bottled, actorId)
      : undefined;
    const operations = await setPhaseOperations(tx, order.id, 'bottling', {
      status: 'done',
      qtyGood: bottled,
      qtyWaste: waste,
    });
    if (phasesOf(order).includes('labeling')) {
      operations.push(
        ...(await setPhaseOperations(tx, order.id, 'labeling', {
          status: 'in_progress',
          assignedTo: actorId,
        })),
      );
    }
    return {
      set: { bottledUnits: bottled, bottlingWasteUnits: waste },
      posting: merge(consumed, produced),
      operations,
    };
  },
  finish_labeling: async ({ tx, order, actorId, input }) => {
    const labeled = input.labeled_units ?? 0;
    const waste = input.label_waste_units ?? 0;
    if (labeled + waste > Number(order.bottled_units)) {
      throw ruleError('labeled_units', 'Labeled and wasted units exceed the bottled units');
    }
    const produced = lastCountingPhase(order, 'labeling')
      ? await produceFinished(tx, order, labeled, actorId)
      : undefined;
    const operations = await setPhaseOperations(tx, order.id, 'labeling', {
      status: 'done',
      qtyGood: labeled,
      qtyWaste: waste,
    });
    return {
      set: { labeledUnits: labeled, labelWasteUnits: waste },
      posting: produced,
      operations,
    };
  },
  // Sent by the server when the order's stamping order finishes (stamping-orders.routes.ts):
  // the stamped units are the finished goods (labeling produced none when the flow stamps).
  finish_stamping: async ({ tx, order, actorId, input }) => {
    const stamped = input.stamped_units ?? 0;
    const waste = input.stamping_waste_units ?? 0;
    if (stamped + waste > Number(order.labeled_units)) {
      throw ruleError(
        'stamped_units',
        `Stamped and wasted units (${stamped + waste}) exceed the ${Number(order.labeled_units)} labeled units`,
      );
    }
    const produced = await produceFinished(tx, order, stamped, actorId);
    const operations = await setPhaseOperations(tx, order.id, 'stamping', {
      status: 'done',
      qtyGood: stamped,
      qtyWaste: waste,
    });
    return {
      set: { stampedUnits: stamped, stampingWasteUnits: waste },
      posting: produced,
      operations,
    };
  },
  // Sent by the server when the order's last transfer is received (production-transfers.ts).
  transfer_received: async ({ tx, order, input }) => ({
    set: { transferredUnits: input.transferred_units ?? 0 },
    operations: await setPhaseOperations(tx, order.id, 'transfer', { status: 'done' }),
  }),
};

function merge(a: StockPosting, b: StockPosting | undefined): StockPosting {
  return b ? { moved: [...a.moved, ...b.moved], balances: [...a.balances, ...b.balances] } : a;
}

export async function applyOrderEffect(
  name: OrderEventName,
  ctx: EffectContext,
): Promise<EffectOutcome> {
  return (await EFFECTS[name]?.(ctx)) ?? {};
}

/** Picks as the batcher confirms them; each ingredient's picked total follows. */
export async function recordPicks(
  tx: Tx,
  orderId: number,
  picks: ReadonlyArray<{ id: number; picked_qty: number }> | null,
  actorId: number,
): Promise<void> {
  if (picks === null) {
    await tx
      .update(batchingPicks)
      .set({ pickedQty: sql`${batchingPicks.requiredQty}`, pickedBy: actorId })
      .where(eq(batchingPicks.productionOrderId, orderId));
  } else {
    for (const pick of picks) {
      await tx
        .update(batchingPicks)
        .set({ pickedQty: String(pick.picked_qty), pickedBy: actorId })
        .where(and(eq(batchingPicks.id, pick.id), eq(batchingPicks.productionOrderId, orderId)));
    }
  }
  await tx.execute(sql`
    update ${productionOrderIngredients} i set picked_qty = coalesce(
      (select sum(p.picked_qty) from batching_picks p
        where p.production_order_id = i.production_order_id and p.product_id = i.product_id), 0)
     where i.production_order_id = ${orderId}`);
}
