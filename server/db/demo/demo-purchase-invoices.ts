import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { applyBilled, writePurchaseInvoiceFigures } from '../purchase/purchase-invoice-figures.ts';
import { purchaseInvoiceLines, purchaseInvoices } from '../schema/purchase-invoices.ts';
import { users } from '../schema/users.ts';
import { logTransition } from '../transition-log.ts';
import { seedReceivedOrder } from './demo-purchase-receipts.ts';

// Supplier invoices of the demo: one posted whose price variance was accepted with a reason, one
// draft that bills more than was received (the match flags it), one paid. Each bills an order of
// its own that goods came in against through a posted receiving (seedReceivedOrder). Comes after
// seedDemoPurchase (suppliers and their prices).

type InvoicePlan = {
  supplier: string;
  sku: string;
  ordered: number;
  received: number;
  billed: number;
  /** The supplier's unit price on the invoice (the order is at the supplier's list price). */
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
  if (!buyer) return;
  for (const plan of PLANS) {
    // Goods came a week after the order and a week before the invoice.
    const order = await seedReceivedOrder(tx, {
      supplier: plan.supplier,
      daysAgo: plan.daysAgo + 14,
      lines: [[plan.sku, plan.ordered, plan.received]],
      packingSlip: `${plan.supplierInvoiceNo}-PS`,
    });
    const poLine = order?.lines[0];
    if (!order || !poLine) continue;
    const [invoice] = await tx
      .insert(purchaseInvoices)
      .values({
        number: await nextNumber(tx, 'purchase_invoice'),
        purchaseOrderId: order.orderId,
        supplierInvoiceNo: plan.supplierInvoiceNo,
        invoiceDate: isoDay(plan.daysAgo),
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })
      .returning({ id: purchaseInvoices.id });
    if (!invoice) continue;
    await tx.insert(purchaseInvoiceLines).values({
      purchaseInvoiceId: invoice.id,
      purchaseOrderLineId: poLine.purchaseOrderLineId,
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
