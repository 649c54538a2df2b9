import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { applyBilled, writePurchaseInvoiceFigures } from '../purchase/purchase-invoice-figures.ts';
import { writePurchaseOrderFigures } from '../purchase/purchase-order-totals.ts';
import { locations } from '../schema/general.ts';
import { products } from '../schema/inventory.ts';
import { purchaseInvoiceLines, purchaseInvoices } from '../schema/purchase-invoices.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../schema/purchase.ts';
import { users } from '../schema/users.ts';
import { logTransition } from '../stock/transition-log.ts';

// Supplier invoices of the demo (issue 16 item 8): one posted whose price variance was
// accepted with a reason, one draft that bills more than was received (the match flags it),
// one paid. Each bills an order of its own that goods came in against. Until receipts against
// POs are seeded, the received quantities of these orders are written as a receipt's cache
// would write them. Comes after seedDemoPurchase (suppliers and their prices).

type InvoicePlan = {
  supplier: string;
  sku: string;
  price: string;
  ordered: number;
  received: number;
  billed: number;
  /** The supplier's unit price on the invoice. */
  billedPrice: string;
  status: 'draft' | 'posted' | 'paid';
  supplierInvoiceNo: string;
  daysAgo: number;
  varianceReason?: string;
};

const PLANS: readonly InvoicePlan[] = [
  {
    supplier: 'SUP-PACK',
    sku: 'PK-BTL-60',
    price: '0.1450',
    ordered: 5000,
    received: 5000,
    billed: 5000,
    billedPrice: '0.1525',
    status: 'posted',
    supplierInvoiceNo: 'MP-77120',
    daysAgo: 12,
    varianceReason: 'Resin surcharge announced by Maple Packaging in March, agreed by phone',
  },
  {
    supplier: 'SUP-GLYC',
    sku: 'RM-PG-USP',
    price: '0.0039',
    ordered: 10000,
    received: 6000,
    billed: 8000,
    billedPrice: '0.0039',
    status: 'draft',
    supplierInvoiceNo: 'GLY-2026-0418',
    daysAgo: 8,
  },
  {
    supplier: 'SUP-PACK',
    sku: 'PK-CAP-CR',
    price: '0.0650',
    ordered: 6000,
    received: 6000,
    billed: 6000,
    billedPrice: '0.0650',
    status: 'paid',
    supplierInvoiceNo: 'MP-76988',
    daysAgo: 30,
  },
];

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const STEPS: Readonly<Record<InvoicePlan['status'], readonly (readonly [string, string])[]>> = {
  draft: [],
  posted: [
    ['accept_variance', 'draft'],
    ['post', 'posted'],
  ],
  paid: [
    ['post', 'posted'],
    ['pay', 'paid'],
  ],
};

export async function seedDemoPurchaseInvoices(tx: Tx): Promise<void> {
  const [buyer] = await tx.select().from(users).where(eq(users.username, 'purchase'));
  const [warehouse] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  if (!buyer || !warehouse) return;
  const supplierIds = new Map(
    (await tx.select({ id: suppliers.id, code: suppliers.code }).from(suppliers)).map((s) => [
      s.code,
      s.id,
    ]),
  );
  const productIds = new Map(
    (
      await tx
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, [...new Set(PLANS.map((p) => p.sku))]))
    ).map((p) => [p.sku, p.id]),
  );
  for (const plan of PLANS) {
    const supplierId = supplierIds.get(plan.supplier);
    const productId = productIds.get(plan.sku);
    if (!supplierId || !productId) continue;
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        number: await nextNumber(tx, 'purchase_order'),
        supplierId,
        orderDate: isoDay(plan.daysAgo + 14),
        expectedDate: isoDay(plan.daysAgo + 2),
        shipToLocationId: warehouse.id,
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })
      .returning({ id: purchaseOrders.id });
    if (!order) continue;
    const [poLine] = await tx
      .insert(purchaseOrderLines)
      .values({
        purchaseOrderId: order.id,
        productId,
        qty: String(plan.ordered),
        unitPrice: plan.price,
        qtyReceived: String(plan.received),
      })
      .returning({ id: purchaseOrderLines.id });
    if (!poLine) continue;
    await writePurchaseOrderFigures(tx, order.id, null);
    const received = plan.received >= plan.ordered ? 'received' : 'partially_received';
    await tx
      .update(purchaseOrders)
      .set({ status: received, submittedBy: buyer.id })
      .where(eq(purchaseOrders.id, order.id));
    const [invoice] = await tx
      .insert(purchaseInvoices)
      .values({
        number: await nextNumber(tx, 'purchase_invoice'),
        purchaseOrderId: order.id,
        supplierInvoiceNo: plan.supplierInvoiceNo,
        invoiceDate: isoDay(plan.daysAgo),
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })
      .returning({ id: purchaseInvoices.id });
    if (!invoice) continue;
    await tx.insert(purchaseInvoiceLines).values({
      purchaseInvoiceId: invoice.id,
      purchaseOrderLineId: poLine.id,
      qty: String(plan.billed),
      unitPrice: plan.billedPrice,
      createdBy: buyer.id,
      updatedBy: buyer.id,
    });
    await writePurchaseInvoiceFigures(tx, invoice.id, null);
    let from = 'draft';
    for (const [event, to] of STEPS[plan.status]) {
      await logTransition(tx, {
        entityType: 'purchase_invoices',
        entityId: invoice.id,
        from,
        to,
        event,
        reason: event === 'accept_variance' ? (plan.varianceReason ?? null) : null,
        actorId: buyer.id,
      });
      from = to;
    }
    if (plan.status === 'draft') continue;
    await applyBilled(tx, invoice.id, 1);
    await tx
      .update(purchaseInvoices)
      .set({
        status: plan.status,
        varianceReason: plan.varianceReason ?? null,
        varianceAcceptedBy: plan.varianceReason ? buyer.id : null,
        paidDate: plan.status === 'paid' ? isoDay(plan.daysAgo - 25) : null,
        paymentReference: plan.status === 'paid' ? 'EFT-0042117' : null,
      })
      .where(eq(purchaseInvoices.id, invoice.id));
  }
}
