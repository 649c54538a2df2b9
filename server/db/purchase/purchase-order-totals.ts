import { asc, eq } from 'drizzle-orm';
import {
  billingStatusOf,
  orderFigures,
  receiptStatusOf,
} from '../../../src/domain/entities/purchase/purchase-order-figures.ts';
import type { Tx } from '../client.ts';
import { currencies, locations } from '../schema/general.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../schema/purchase.ts';
import { taxRatesOf, taxSetupInForce } from '../tax-setup-rates.ts';

// Figures of a purchase order written by the server after every draft write (never sent by
// the client): its currency (the supplier's when left blank), the exchange rate taken when
// the order is created or its currency changes, the tax setup of the ship-to province in
// force on the order date when left blank, line totals, taxes, totals and derived statuses.

type Before = Readonly<Record<string, unknown>> | null;

/** The province of the location the order ships to. */
async function provinceOf(tx: Tx, locationId: number): Promise<number | null> {
  const [place] = await tx
    .select({ provinceId: locations.provinceId })
    .from(locations)
    .where(eq(locations.id, locationId));
  return place?.provinceId ?? null;
}

export async function writePurchaseOrderFigures(tx: Tx, id: number, before: Before) {
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!order) return;
  let currencyId = order.currencyId;
  if (currencyId === null) {
    const [supplier] = await tx
      .select({ currencyId: suppliers.currencyId })
      .from(suppliers)
      .where(eq(suppliers.id, order.supplierId));
    currencyId = supplier?.currencyId ?? null;
  }
  let exchangeRate = Number(order.exchangeRate);
  if (before === null || Number(before.currency_id ?? 0) !== Number(currencyId ?? 0)) {
    const [currency] = currencyId
      ? await tx
          .select({ rate: currencies.rateToCad })
          .from(currencies)
          .where(eq(currencies.id, currencyId))
      : [];
    exchangeRate = currency ? Number(currency.rate) : 1;
  }
  const taxSetupId =
    order.taxSetupId ??
    (await taxSetupInForce(tx, await provinceOf(tx, order.shipToLocationId), order.orderDate));
  const rates = await taxRatesOf(tx, taxSetupId);
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  const quantities = lines.map((l) => ({
    qty: Number(l.qty),
    unit_price: Number(l.unitPrice),
    taxable: l.taxable,
    qty_received: Number(l.qtyReceived),
    qty_billed: Number(l.qtyBilled),
    qty_cancelled: Number(l.qtyCancelled),
  }));
  const figures = orderFigures(quantities, rates, exchangeRate);
  for (const [i, line] of lines.entries()) {
    const lineTotal = String(figures.line_totals[i] ?? 0);
    if (Number(line.lineTotal) === Number(lineTotal)) continue;
    await tx
      .update(purchaseOrderLines)
      .set({ lineTotal })
      .where(eq(purchaseOrderLines.id, line.id));
  }
  await tx
    .update(purchaseOrders)
    .set({
      currencyId,
      exchangeRate: String(exchangeRate),
      taxSetupId,
      subtotal: String(figures.subtotal),
      taxTotal: String(figures.tax_total),
      total: String(figures.total),
      totalCad: String(figures.total_cad),
      taxes: figures.taxes,
      receiptStatus: receiptStatusOf(quantities),
      billingStatus: billingStatusOf(quantities),
    })
    .where(eq(purchaseOrders.id, id));
}
