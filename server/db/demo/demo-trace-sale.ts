import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { salesOrderLines, salesOrders } from '../schema/sales.ts';
import { allocationLines, allocations } from '../schema/allocations.ts';
import { writeSalesOrderFigures } from '../../../modules/sales/server/db/sales-order-totals.ts';
import { postMovements } from '../stock/post-movements.ts';
import { logTransition } from '../transition-log.ts';
import { isoDay, day, type TraceDemo } from './demo-trace-context.ts';

// The traced lot's sale: part of it shipped to customer C-0002 on a packing list, on an order
// that stays open for its other line.

const SHIPPED = 120;

export async function seedTracedSale(tx: Tx, d: TraceDemo, finishedLot: number): Promise<void> {
  const { who, fg, place, customer, other } = d;
  // Shipped in part: the 60 ml line waits for stock, so the order stays confirmed.
  const [sale] = await tx
    .insert(salesOrders)
    .values({
      number: await nextNumber(tx, 'sales_order'),
      customerId: customer,
      shipFromLocationId: place.main,
      orderDate: isoDay(11),
      requestedShipDate: isoDay(9),
      status: 'confirmed',
      allocationStatus: 'partially_allocated',
      shippingStatus: 'partially_shipped',
      createdBy: who.sale,
      updatedBy: who.sale,
    })
    .returning({ id: salesOrders.id });
  const [line] = await tx
    .insert(salesOrderLines)
    .values([
      {
        salesOrderId: sale!.id,
        productId: fg,
        qty: String(SHIPPED),
        qtyAllocated: String(SHIPPED),
        qtyShipped: String(SHIPPED),
        createdBy: who.sale,
        updatedBy: who.sale,
      },
      {
        salesOrderId: sale!.id,
        productId: other,
        qty: '24',
        createdBy: who.sale,
        updatedBy: who.sale,
      },
    ])
    .returning({ id: salesOrderLines.id });
  await writeSalesOrderFigures(tx, sale!.id);
  await logTransition(tx, {
    entityType: 'sales_orders',
    entityId: sale!.id,
    from: 'draft',
    to: 'confirmed',
    event: 'confirm',
    reason: null,
    actorId: who.sale,
  });
  const [list] = await tx
    .insert(allocations)
    .values({
      number: await nextNumber(tx, 'allocation'),
      salesOrderId: sale!.id,
      customerId: customer,
      shipFromLocationId: place.main,
      shipDate: isoDay(9),
      carrier: 'Purolator',
      status: 'shipped',
      createdBy: who.shipping,
      updatedBy: who.shipping,
    })
    .returning({ id: allocations.id });
  const [listLine] = await tx
    .insert(allocationLines)
    .values({
      allocationId: list!.id,
      salesOrderLineId: line!.id,
      productId: fg,
      lotId: finishedLot,
      qtyAllocated: String(SHIPPED),
      qtyPicked: String(SHIPPED),
      qtyShipped: String(SHIPPED),
    })
    .returning({ id: allocationLines.id });
  await logTransition(tx, {
    entityType: 'allocations',
    entityId: list!.id,
    from: 'packed',
    to: 'shipped',
    event: 'ship',
    reason: null,
    actorId: who.shipping,
  });
  await postMovements(
    tx,
    [
      {
        productId: fg,
        lotId: finishedLot,
        locationId: place.main,
        qty: -SHIPPED,
        movementType: 'ship',
        sourceType: 'allocations',
        sourceId: list!.id,
        sourceLineId: listLine!.id,
        movedAt: day(9),
      },
    ],
    { actorId: who.shipping },
  );
}
