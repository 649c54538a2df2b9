import { asc, eq, sql } from 'drizzle-orm';
import {
  billingStatusOf,
  orderFigures,
} from '../../../src/domain/entities/purchase/purchase-order-figures.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { purchaseInvoiceLines, purchaseInvoices } from '../schema/purchase-invoices.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../schema/purchase.ts';
import {
  allowBillBeforeReceipt,
  priceVariancePct,
  priceVarianceTolerance,
  qtyOver,
} from './invoice-match.sql.ts';
import { taxRatesOf } from '../tax-setup-rates.ts';

// What the server writes of a supplier invoice (never the client): the supplier, currency
// and exchange rate of its purchase order, the due date from the supplier's terms when left
// blank, line totals and the PO's taxes on them, the match flags of each line; and, as it
// posts or is cancelled, the billed quantities of the PO's lines with its billing status.

type Before = Readonly<Record<string, unknown>> | null;

/** Writes each line's match flags from the PO, the other invoices and the settings, now. */
export async function refreshInvoiceMatch(tx: Tx, invoiceId: number): Promise<void> {
  const line = {
    invoiceId: sql`l.purchase_invoice_id`,
    poLineId: sql`l.purchase_order_line_id`,
    qty: sql`l.qty`,
  };
  const pct = priceVariancePct(sql`l.unit_price`, sql`pl.unit_price`);
  await tx.execute(sql`update purchase_invoice_lines l
      set qty_mismatch = (not ${allowBillBeforeReceipt}) and ${qtyOver(line, sql`pl.qty_received`)} > 0,
          price_variance_pct = ${pct},
          price_variance = abs(${pct}) > ${priceVarianceTolerance}
     from purchase_order_lines pl
    where pl.id = l.purchase_order_line_id and l.purchase_invoice_id = ${invoiceId}`);
}

export async function writePurchaseInvoiceFigures(tx: Tx, id: number, before: Before) {
  const [invoice] = await tx.select().from(purchaseInvoices).where(eq(purchaseInvoices.id, id));
  if (!invoice) return;
  const [order] = await tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, invoice.purchaseOrderId));
  if (!order) return;
  const [supplier] = await tx
    .select({ terms: suppliers.paymentTermsDays })
    .from(suppliers)
    .where(eq(suppliers.id, order.supplierId));
  const rates = await taxRatesOf(tx, order.taxSetupId);
  const lines = await tx
    .select({
      id: purchaseInvoiceLines.id,
      qty: purchaseInvoiceLines.qty,
      unitPrice: purchaseInvoiceLines.unitPrice,
      lineTotal: purchaseInvoiceLines.lineTotal,
      taxable: purchaseOrderLines.taxable,
    })
    .from(purchaseInvoiceLines)
    .innerJoin(
      purchaseOrderLines,
      eq(purchaseOrderLines.id, purchaseInvoiceLines.purchaseOrderLineId),
    )
    .where(eq(purchaseInvoiceLines.purchaseInvoiceId, id))
    .orderBy(asc(purchaseInvoiceLines.id));
  const exchangeRate = Number(order.exchangeRate);
  const figures = orderFigures(
    lines.map((l) => ({ qty: Number(l.qty), unit_price: Number(l.unitPrice), taxable: l.taxable })),
    rates,
    exchangeRate,
  );
  for (const [i, line] of lines.entries()) {
    const lineTotal = figures.line_totals[i] ?? 0;
    if (Number(line.lineTotal) === lineTotal) continue;
    await tx
      .update(purchaseInvoiceLines)
      .set({ lineTotal: String(lineTotal) })
      .where(eq(purchaseInvoiceLines.id, line.id));
  }
  const [due] = invoice.dueDate
    ? [{ due: invoice.dueDate }]
    : await queryRows<{ due: string }>(
        tx,
        sql`select to_char(${invoice.invoiceDate}::date + ${supplier?.terms ?? 0}::int, 'YYYY-MM-DD') as due`,
      );
  await tx
    .update(purchaseInvoices)
    .set({
      supplierId: order.supplierId,
      currencyId: order.currencyId,
      exchangeRate: String(exchangeRate),
      dueDate: due?.due ?? invoice.invoiceDate,
      subtotal: String(figures.subtotal),
      taxTotal: String(figures.tax_total),
      total: String(figures.total),
      totalCad: String(figures.total_cad),
      taxes: figures.taxes,
      // An accepted variance was accepted for the lines as they were: an edit asks again.
      ...(before === null ? {} : { varianceReason: null, varianceAcceptedBy: null }),
    })
    .where(eq(purchaseInvoices.id, id));
  await refreshInvoiceMatch(tx, id);
}

/**
 * Adds (+1, posting) or takes back (−1, cancelling a posted invoice) its quantities on the PO
 * lines' `qty_billed` cache, and derives the PO's billing status from the lines again.
 */
export async function applyBilled(tx: Tx, invoiceId: number, sign: 1 | -1): Promise<number> {
  const rows = await queryRows<{ purchase_order_id: number }>(
    tx,
    sql`update purchase_order_lines pl
          set qty_billed = greatest(0, pl.qty_billed + ${sign} * l.qty)
         from purchase_invoice_lines l
        where l.purchase_invoice_id = ${invoiceId} and pl.id = l.purchase_order_line_id
      returning pl.purchase_order_id`,
  );
  const [invoice] = await tx
    .select({ orderId: purchaseInvoices.purchaseOrderId })
    .from(purchaseInvoices)
    .where(eq(purchaseInvoices.id, invoiceId));
  const orderId = Number(rows[0]?.purchase_order_id ?? invoice?.orderId);
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, orderId));
  const billingStatus = billingStatusOf(
    lines.map((l) => ({
      qty: Number(l.qty),
      qty_received: Number(l.qtyReceived),
      qty_billed: Number(l.qtyBilled),
      qty_cancelled: Number(l.qtyCancelled),
    })),
  );
  await tx.update(purchaseOrders).set({ billingStatus }).where(eq(purchaseOrders.id, orderId));
  return orderId;
}
