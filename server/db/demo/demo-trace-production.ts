import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { stockLots } from '../schema/inventory.ts';
import {
  batchingPicks,
  hplcRequests,
  hplcResults,
  productionOrders,
} from '../schema/production-orders.ts';
import { postMovements } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import { logTransition } from '../transition-log.ts';
import { day, isoDay, UNITS, type TraceDemo } from './demo-trace-context.ts';

// The traced lot's production order: picked from the released lots, batched, HPLC passed and
// bottled, with its batch and finished lots, movements and transitions as the workflows
// write them.

const BATCH_ML = 15_000;

export type TracedOrder = { id: number; batchLot: number; finishedLot: number };

export async function seedTracedOrder(tx: Tx, d: TraceDemo): Promise<TracedOrder | null> {
  const { who, fg, bulk, recipe, flow, reel, place, inputs } = d;
  const number = await nextNumber(tx, 'production_order');
  const [order] = await tx
    .insert(productionOrders)
    .values({
      number,
      productId: fg,
      recipeId: recipe,
      flowId: flow,
      stampJurisdictionId: reel.jurisdiction,
      plannedUnits: UNITS,
      plannedMl: String(BATCH_ML),
      dueDate: isoDay(12),
      status: 'completed',
      stage: 'transferred',
      hplcStatus: 'passed',
      actualBatchMl: String(BATCH_ML),
      bottledUnits: UNITS,
      labeledUnits: UNITS,
      stampedUnits: UNITS,
      transferredUnits: UNITS,
      submittedBy: who.planning,
      startedAt: day(16),
      completedAt: day(12),
      createdBy: who.planning,
      updatedBy: who.planning,
    })
    .returning({ id: productionOrders.id });
  if (!order) return null;
  const lot = async (productId: number, lotNo: string, daysAgo: number) => {
    const [row] = await tx
      .insert(stockLots)
      .values({
        productId,
        lotNo,
        source: 'production',
        productionOrderId: order.id,
        receivedAt: day(daysAgo),
        createdBy: who.batcher,
        updatedBy: who.batcher,
      })
      .returning({ id: stockLots.id });
    return row!.id;
  };
  const batchLot = await lot(bulk, `${number}-B`, 16);
  const finishedLot = await lot(fg, number, 14);
  await tx.execute(
    sql`update production_orders set batch_lot_id = ${batchLot} where id = ${order.id}`,
  );

  const made = (m: Omit<MovementInput, 'sourceType' | 'sourceId'>): MovementInput => ({
    ...m,
    sourceType: 'production_orders',
    sourceId: order.id,
  });
  for (const [stock, qty] of inputs) {
    await tx.insert(batchingPicks).values({
      productionOrderId: order.id,
      productId: stock.product,
      lotId: stock.lot,
      locationId: stock.location,
      binId: stock.bin,
      requiredQty: String(Math.min(qty, stock.qty)),
      pickedQty: String(Math.min(qty, stock.qty)),
      pickedBy: who.batcher,
    });
  }
  await postMovements(
    tx,
    [
      ...inputs.map(([stock, qty]) =>
        made({
          productId: stock.product,
          lotId: stock.lot,
          locationId: stock.location,
          binId: stock.bin,
          qty: -Math.min(qty, stock.qty),
          movementType: 'consume',
          movedAt: day(16),
        }),
      ),
      made({
        productId: bulk,
        lotId: batchLot,
        locationId: place.floor,
        qty: BATCH_ML,
        movementType: 'produce',
        movedAt: day(16),
      }),
    ],
    { actorId: who.batcher },
  );
  await postMovements(
    tx,
    [
      made({
        productId: bulk,
        lotId: batchLot,
        locationId: place.floor,
        qty: -BATCH_ML,
        movementType: 'consume',
        movedAt: day(14),
      }),
      made({
        productId: fg,
        lotId: finishedLot,
        locationId: place.floor,
        qty: UNITS,
        movementType: 'produce',
        movedAt: day(13),
      }),
    ],
    { actorId: who.bottler },
  );
  const steps: Array<[string, string, string, number, number]> = [
    ['approved', 'released', 'release', who.planning, 17],
    ['released', 'in_progress', 'start_batching', who.batcher, 16],
    ['in_progress', 'in_progress', 'hplc_pass', who.hplc_tech, 15],
    ['in_progress', 'in_progress', 'finish_bottling', who.bottler, 14],
    ['in_progress', 'in_progress', 'finish_stamping', who.stamper, 13],
    ['in_progress', 'completed', 'transfer_received', who.transfer, 12],
  ];
  for (const [from, to, event, actorId] of steps) {
    await logTransition(tx, {
      entityType: 'production_orders',
      entityId: order.id,
      from,
      to,
      event,
      reason: null,
      actorId,
    });
  }

  const [request] = await tx
    .insert(hplcRequests)
    .values({
      number: await nextNumber(tx, 'hplc_request'),
      productionOrderId: order.id,
      productId: bulk,
      lotId: batchLot,
      sampledAt: day(16),
      status: 'passed',
      createdBy: who.batcher,
      updatedBy: who.hplc_tech,
    })
    .returning({ id: hplcRequests.id });
  await tx.insert(hplcResults).values({
    hplcRequestId: request!.id,
    nominalMg: '6',
    minPct: '90',
    maxPct: '110',
    measuredMg: '5.94',
    replicates: [5.92, 5.95, 5.95],
    percentOfClaim: '99',
    passed: true,
    analystId: who.hplc_tech,
    testedAt: day(15),
    createdBy: who.hplc_tech,
    updatedBy: who.hplc_tech,
  });

  return { id: order.id, batchLot, finishedLot };
}
