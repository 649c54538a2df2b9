import { asc, eq } from 'drizzle-orm';
import {
  billingStatusOf,
  orderFigures,
  receiptStatusOf,
} from '../../../src/domain/entities/purchase/purchase-order-figures.ts';
import type { PurchaseOrderRow } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { Tx } from '../client.ts';
import { currencies, locations, provinces } from '../schema/general.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../schema/purchase.ts';
import { taxRatesOf, taxSetupInForce } from '../tax-setup-rates.ts';

// Figures of a purchase order written by the server after every draft write (never sent by
// the client): its currency (the supplier's when left blank), the exchange rate taken when
// the order is created or its currency changes, the tax setup of the ship-to province in
// force on the order date when left blank, line totals, taxes, totals and derived statuses.
// A supplier abroad (its country not the ship-to province's) bills no Canadian sales tax: its
// orders start with no tax setup, and the buyer may still pick one on the order.

/** What the figures read of the order before the write, as its binding read it; null on create. */
type Before = Pick<
  PurchaseOrderRow,
  'supplier_id' | 'ship_to_location_id' | 'tax_setup_id' | 'currency_id'
> | null;

/** The province the order ships to, or null when its supplier is in another country. */
async function taxedProvinceOf(
  tx: Tx,
  locationId: number,
  supplierId: number,
): Promise<number | null> {
  const [place] = await tx
    .select({ provinceId: locations.provinceId, countryId: provinces.countryId })
    .from(locations)
    .leftJoin(provinces, eq(provinces.id, locations.provinceId))
    .where(eq(locations.id, locationId));
  if (!place?.provinceId) return null;
  const [supplier] = await tx
    .select({ countryId: suppliers.countryId })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  // A supplier whose country was never entered is taken to be at home, as before countries.
  const abroad = supplier?.countryId != null && supplier.countryId !== place.countryId;
  return abroad ? null : place.provinceId;
}

/**
 * The order's tax setup: the one on the order, else the ship-to province's in force. When a
 * write changes the supplier or the ship-to without choosing a setup, the default is taken
 * again: an order moved from an Ontario supplier to an American one loses its HST.
 */
async function taxSetupOf(tx: Tx, order: typeof purchaseOrders.$inferSelect, before: Before) {
  const moved =
    before !== null &&
    (before.supplier_id !== order.supplierId ||
      before.ship_to_location_id !== order.shipToLocationId);
  const setupUntouched = (before?.tax_setup_id ?? 0) === (order.taxSetupId ?? 0);
  if (order.taxSetupId !== null && !(moved && setupUntouched)) return order.taxSetupId;
  const provinceId = await taxedProvinceOf(tx, order.shipToLocationId, order.supplierId);
  return taxSetupInForce(tx, provinceId, order.orderDate);
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
  if (before === null || (before.currency_id ?? 0) !== (currencyId ?? 0)) {
    const [currency] = currencyId
      ? await tx
          .select({ rate: currencies.rateToCad })
          .from(currencies)
          .where(eq(currencies.id, currencyId))
      : [];
    exchangeRate = currency ? Number(currency.rate) : 1;
  }
  const taxSetupId = await taxSetupOf(tx, order, before);
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
