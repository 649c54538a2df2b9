import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { skidItems } from '../schema/production-transfers.ts';
import { productStampingOrders, stampingOrderReels } from '../schema/stamping-orders.ts';
import { transferLines, transfers } from '../schema/stock.ts';
import { postMovements } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import { day, idOf, UNITS, type TraceDemo } from './demo-trace-context.ts';
import type { TracedOrder } from './demo-trace-production.ts';

// The traced lot after bottling: stamped on the reel's jurisdiction, loaded on skid SK-0002
// and transferred from the floor to WH-MAIN.

export async function seedTracedStampingAndTransfer(
  tx: Tx,
  d: TraceDemo,
  order: TracedOrder,
): Promise<void> {
  const { who, fg, machine, reel, place } = d;
  const { finishedLot } = order;
  const [stamping] = await tx
    .insert(productStampingOrders)
    .values({
      number: await nextNumber(tx, 'product_stamping_order'),
      productionOrderId: order.id,
      productId: fg,
      lotId: finishedLot,
      locationId: place.floor,
      stampJurisdictionId: reel.jurisdiction,
      machineId: machine,
      plannedUnits: UNITS,
      status: 'finished',
      stampedUnits: UNITS,
      stamperId: who.stamper,
      startedAt: day(13),
      finishedAt: day(13),
      createdBy: who.stamper,
      updatedBy: who.stamper,
    })
    .returning({ id: productStampingOrders.id });
  await tx.insert(stampingOrderReels).values({
    stampingOrderId: stamping!.id,
    reelId: reel.id,
    createdBy: who.stamper,
    updatedBy: who.stamper,
  });

  const [transfer] = await tx
    .insert(transfers)
    .values({
      number: await nextNumber(tx, 'transfer'),
      kind: 'production_output',
      fromLocationId: place.floor,
      toLocationId: place.main,
      productionOrderId: order.id,
      shippedAt: day(12),
      receivedAt: day(12),
      status: 'received',
      createdBy: who.transfer,
      updatedBy: who.transfer,
    })
    .returning({ id: transfers.id });
  const skid = await idOf(tx, sql`select id::int as id from skids where code = 'SK-0002'`);
  await tx.insert(transferLines).values({
    transferId: transfer!.id,
    productId: fg,
    lotId: finishedLot,
    skidId: skid,
    qtySent: String(UNITS),
    qtyReceived: String(UNITS),
  });
  if (skid) {
    await tx.insert(skidItems).values({
      skidId: skid,
      productionOrderId: order.id,
      productId: fg,
      lotId: finishedLot,
      transferId: transfer!.id,
      cases: 10,
      units: UNITS,
      createdBy: who.transfer,
      updatedBy: who.transfer,
    });
  }
  const moved = (
    locationId: number,
    qty: number,
    movementType: 'transfer_out' | 'transfer_in',
  ): MovementInput => ({
    productId: fg,
    lotId: finishedLot,
    locationId,
    qty,
    movementType,
    sourceType: 'transfers',
    sourceId: transfer!.id,
    movedAt: day(12),
  });
  await postMovements(
    tx,
    [moved(place.floor, -UNITS, 'transfer_out'), moved(place.main, UNITS, 'transfer_in')],
    {
      actorId: who.transfer,
    },
  );
}
