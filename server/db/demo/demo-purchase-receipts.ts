import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { applyPurchaseReceipt } from '../purchase/po-receipt-cache.ts';
import { writePurchaseOrderFigures } from '../purchase/purchase-order-totals.ts';
import { locations } from '../schema/general.ts';
import { products, stockLots } from '../schema/inventory.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  supplierProducts,
  suppliers,
} from '../schema/purchase.ts';
import { receivingLines, receivings } from '../schema/stock.ts';
import { users } from '../schema/users.ts';
import { postMovements } from '../stock/post-movements.ts';
import { logTransition } from '../transition-log.ts';

// Sent purchase orders the warehouse received against: one received in part, one in full, through
// posted receivings that wrote their lots, `receipt` movements and the PO lines' received cache the
// way a posting does (applyPurchaseReceipt), so the PO list shows every receipt status. Comes after
// demo-purchase.ts (its suppliers and prices).

export type ReceiptPlan = {
  supplier: string;
  daysAgo: number;
  /** sku, ordered, received */
  lines: ReadonlyArray<readonly [string, number, number]>;
  packingSlip: string;
};

const PLANS: readonly ReceiptPlan[] = [
  {
    supplier: 'SUP-GLYC',
    daysAgo: 12,
    lines: [
      ['RM-PG-USP', 40000, 40000],
      ['RM-VG-USP', 40000, 24000],
    ],
    packingSlip: 'GLG-88412',
  },
  {
    supplier: 'SUP-PACK',
    daysAgo: 18,
    lines: [
      ['PK-CTN-30-24', 500, 500],
      ['PK-CTN-60-12', 500, 500],
    ],
    packingSlip: 'MP-20931',
  },
];

const DAY = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

export async function seedDemoPurchaseReceipts(tx: Tx): Promise<void> {
  for (const plan of PLANS) await seedReceivedOrder(tx, plan);
}

/** A received PO line of the demo: the order's line and its product. */
export type ReceivedLine = { purchaseOrderLineId: number; productId: number };

/**
 * One sent order at the supplier's prices, received a week after it was placed through a
 * posted receiving; answers the order and its lines, or null when the demo lacks a part.
 */
export async function seedReceivedOrder(
  tx: Tx,
  plan: ReceiptPlan,
): Promise<{ orderId: number; lines: ReceivedLine[] } | null> {
  const [buyer] = await tx.select().from(users).where(eq(users.username, 'purchase'));
  const [clerk] = await tx.select().from(users).where(eq(users.username, 'warehouse'));
  const [warehouse] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  if (!buyer || !clerk || !warehouse) return null;
  const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.code, plan.supplier));
  if (!supplier) return null;
  const sold = await tx
    .select({
      productId: supplierProducts.productId,
      price: supplierProducts.unitPrice,
      sku: products.sku,
      tracked: products.isLotTracked,
    })
    .from(supplierProducts)
    .innerJoin(products, eq(products.id, supplierProducts.productId))
    .where(
      and(
        eq(supplierProducts.supplierId, supplier.id),
        inArray(
          products.sku,
          plan.lines.map(([sku]) => sku),
        ),
      ),
    );
  const bySku = new Map(sold.map((s) => [s.sku, s]));
  const lines = plan.lines.filter(([sku]) => bySku.has(sku));
  if (lines.length === 0) return null;

  const [order] = await tx
    .insert(purchaseOrders)
    .values({
      number: await nextNumber(tx, 'purchase_order'),
      supplierId: supplier.id,
      orderDate: isoDay(plan.daysAgo),
      expectedDate: isoDay(plan.daysAgo - 7),
      shipToLocationId: warehouse.id,
      createdBy: buyer.id,
      updatedBy: buyer.id,
    })
    .returning({ id: purchaseOrders.id });
  if (!order) return null;
  const poLines = await tx
    .insert(purchaseOrderLines)
    .values(
      lines.map(([sku, qty]) => ({
        purchaseOrderId: order.id,
        productId: bySku.get(sku)!.productId,
        qty: String(qty),
        unitPrice: bySku.get(sku)!.price,
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })),
    )
    .returning({ id: purchaseOrderLines.id, productId: purchaseOrderLines.productId });
  await writePurchaseOrderFigures(tx, order.id, null);
  const [figured] = await tx
    .select({ rate: purchaseOrders.exchangeRate })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, order.id));
  let from = 'draft';
  for (const [event, to] of [
    ['submit', 'approved'],
    ['send', 'sent'],
  ] as const) {
    await logTransition(tx, {
      entityType: 'purchase_orders',
      entityId: order.id,
      from,
      to,
      event,
      reason: null,
      actorId: buyer.id,
    });
    from = to;
  }
  await tx
    .update(purchaseOrders)
    .set({ status: 'sent', submittedBy: buyer.id })
    .where(eq(purchaseOrders.id, order.id));

  // The goods came a week after the order; the receiving was posted the same day.
  const receivedDate = isoDay(plan.daysAgo - 7);
  const [rc] = await tx
    .insert(receivings)
    .values({
      number: await nextNumber(tx, 'receiving'),
      supplierId: supplier.id,
      purchaseOrderId: order.id,
      locationId: warehouse.id,
      receivedDate,
      packingSlipNo: plan.packingSlip,
      status: 'draft',
      createdBy: clerk.id,
      updatedBy: clerk.id,
    })
    .returning({ id: receivings.id, number: receivings.number });
  if (!rc) return null;
  const moves = [];
  const cacheLines = [];
  for (const [index, [sku, , received]] of lines.entries()) {
    const item = bySku.get(sku)!;
    const poLine = poLines.find((l) => l.productId === item.productId)!;
    const lotNo = item.tracked ? `${plan.packingSlip}-${index + 1}` : null;
    const [lot] = lotNo
      ? await tx
          .insert(stockLots)
          .values({
            productId: item.productId,
            lotNo,
            source: 'receipt',
            receivedAt: new Date(`${receivedDate}T12:00:00Z`),
          })
          .returning({ id: stockLots.id })
      : [];
    const unitCost = Math.round(Number(item.price) * Number(figured?.rate ?? 1) * 10000) / 10000;
    const [line] = await tx
      .insert(receivingLines)
      .values({
        receivingId: rc.id,
        purchaseOrderLineId: poLine.id,
        productId: item.productId,
        lotNo,
        lotId: lot?.id ?? null,
        qty: String(received),
        unitCost: String(unitCost),
        createdBy: clerk.id,
        updatedBy: clerk.id,
      })
      .returning({ id: receivingLines.id });
    moves.push({
      productId: item.productId,
      locationId: warehouse.id,
      lotId: lot?.id ?? null,
      qty: received,
      unitCost,
      movementType: 'receipt' as const,
      sourceType: 'receivings' as const,
      sourceId: rc.id,
      sourceLineId: line?.id ?? null,
      movedAt: new Date(`${receivedDate}T15:00:00Z`),
      line: index,
    });
    cacheLines.push({ purchaseOrderLineId: poLine.id, qty: received });
  }
  await postMovements(tx, moves, { actorId: clerk.id });
  await applyPurchaseReceipt(tx, clerk, cacheLines, {
    through: 'Inventory receiving',
    number: rc.number,
  });
  await logTransition(tx, {
    entityType: 'receivings',
    entityId: rc.id,
    from: 'draft',
    to: 'posted',
    event: 'post',
    reason: null,
    actorId: clerk.id,
  });
  await tx.update(receivings).set({ status: 'posted' }).where(eq(receivings.id, rc.id));
  return {
    orderId: order.id,
    lines: poLines.map((l) => ({ purchaseOrderLineId: l.id, productId: l.productId })),
  };
}
