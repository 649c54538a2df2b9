import { eq, sql } from 'drizzle-orm';
import type { Discount } from '../../../src/domain/entities/sales/line-discounts.ts';
import { lineDiscount } from '../../../src/domain/entities/sales/line-discounts.ts';
import { salesOrderFigures } from '../../../src/domain/entities/sales/sales-order-figures.ts';
import {
  allocationStatusOf,
  shippingStatusOf,
} from '../../../src/domain/entities/sales/sales-order-progress.ts';
import { tierUnitPrice, type TierPrice } from '../../../src/domain/entities/sales/tier-price.ts';
import { ruleError } from '../../http/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { salesOrderLines, salesOrders, salesOrderTaxes } from '../schema/sales.ts';
import { taxRatesOf, taxSetupInForce } from '../tax-setup-rates.ts';

// Figures of a sales order written by the server after every draft write (never sent by the
// client), with the groundwork of src/domain/entities/sales: the snapshots (ship-to address,
// price tier, tax setup), each line's tier price at its best quantity break on the order
// date, the discounts that apply, line totals, the taxes per code and the totals.

type Header = {
  customer_id: number;
  order_date: string;
  customer_tier: number | null;
  customer_tax_setup: number | null;
  default_tier: number | null;
  ship_to_address_id: number | null;
  province_id: number | null;
};

async function headerFacts(tx: Tx, id: number): Promise<Header> {
  const [row] = await queryRows<Header>(
    tx,
    sql`select so.customer_id::int, so.order_date::text,
               c.price_tier_id::int as customer_tier, c.tax_setup_id::int as customer_tax_setup,
               (select pt.id::int from price_tiers pt where pt.is_default and pt.active) as default_tier,
               a.id::int as ship_to_address_id, a.province_id::int
          from sales_orders so
          join customers c on c.id = so.customer_id
          left join lateral (
            select ca.id, ca.province_id from customer_addresses ca
             where ca.customer_id = c.id
             order by (ca.kind = 'ship') desc, ca.is_default desc, ca.id limit 1) a on true
         where so.id = ${id}`,
  );
  if (!row) throw new Error(`sales order ${id} not found`);
  return row;
}

/** The tax setup of the ship-to province in force on the order date. */
type LineFacts = {
  id: number;
  product_id: number;
  sku: string;
  qty: number;
  family: number | null;
  brand: number | null;
  category: number | null;
  qty_allocated: number;
  qty_shipped: number;
  qty_cancelled: number;
};

async function lineFacts(tx: Tx, id: number) {
  return queryRows<LineFacts>(
    tx,
    sql`select l.id::int, l.product_id::int, p.sku, l.qty::float8 as qty,
               p.family_id::int as family, coalesce(p.brand_id, f.brand_id)::int as brand,
               coalesce(p.category_id, f.category_id)::int as category,
               l.qty_allocated::float8 as qty_allocated, l.qty_shipped::float8 as qty_shipped,
               l.qty_cancelled::float8 as qty_cancelled
          from sales_order_lines l join products p on p.id = l.product_id
          left join product_families f on f.id = p.family_id
         where l.sales_order_id = ${id} order by l.id`,
  );
}

async function tierPrices(tx: Tx, tierId: number | null) {
  if (tierId === null) return new Map<number, TierPrice[]>();
  const rows = await queryRows<TierPrice & { product_id: number }>(
    tx,
    sql`select product_id::int, min_qty::float8 as min_qty, unit_price::float8 as unit_price,
               valid_from::text, valid_to::text
          from price_tier_prices where price_tier_id = ${tierId}`,
  );
  const byProduct = new Map<number, TierPrice[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(row);
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

async function activeDiscounts(tx: Tx, orderDate: string) {
  const rows = await queryRows<Discount & { code: string }>(
    tx,
    sql`select id::int, code, kind, value::float8 as value, scope, scope_id::int,
               min_qty::float8 as min_qty, valid_from::text, valid_to::text, stackable, active
          from discounts
         where active and valid_from <= ${orderDate}::date
           and coalesce(valid_to, 'infinity'::date) >= ${orderDate}::date
         order by id`,
  );
  return rows;
}

export async function writeSalesOrderFigures(tx: Tx, id: number): Promise<void> {
  const header = await headerFacts(tx, id);
  const tierId = header.customer_tier ?? header.default_tier;
  const taxSetupId =
    header.customer_tax_setup ?? (await taxSetupInForce(tx, header.province_id, header.order_date));
  const rates = await taxRatesOf(tx, taxSetupId);
  const lines = await lineFacts(tx, id);
  const prices = await tierPrices(tx, tierId);
  const discounts = await activeDiscounts(tx, header.order_date);
  const priced = lines.map((line, i) => {
    const tier = tierUnitPrice(prices.get(line.product_id) ?? [], line.qty, header.order_date);
    if (!tier) {
      throw ruleError(
        `lines.${i}.product_id`,
        `No price for ${line.sku} in the customer's price tier on ${header.order_date}`,
      );
    }
    const discount = lineDiscount(
      tier.unit_price,
      {
        customer: header.customer_id,
        product: line.product_id,
        family: line.family,
        brand: line.brand,
        category: line.category,
        qty: line.qty,
        orderDate: header.order_date,
      },
      discounts,
    );
    return { line, unit_price: tier.unit_price, discount };
  });
  const figures = salesOrderFigures(
    priced.map((p) => ({
      qty: p.line.qty,
      unit_price: p.unit_price,
      discount_amount: p.discount.discount_amount,
      taxable: true,
    })),
    rates,
  );
  for (const [i, p] of priced.entries()) {
    await tx
      .update(salesOrderLines)
      .set({
        unitPrice: String(p.unit_price),
        discountId: p.discount.applied[0] ?? null,
        discountAmount: String(p.discount.discount_amount),
        lineTotal: String(figures.line_totals[i] ?? 0),
      })
      .where(eq(salesOrderLines.id, p.line.id));
  }
  await tx.delete(salesOrderTaxes).where(eq(salesOrderTaxes.salesOrderId, id));
  if (figures.taxes.length > 0) {
    await tx.insert(salesOrderTaxes).values(
      figures.taxes.map((t) => ({
        salesOrderId: id,
        taxCode: t.tax_code,
        rate: String(t.rate),
        base: String(t.base),
        amount: String(t.amount),
      })),
    );
  }
  await tx
    .update(salesOrders)
    .set({
      shipToAddressId: header.ship_to_address_id,
      priceTierId: tierId,
      taxSetupId,
      subtotal: String(figures.subtotal),
      discountTotal: String(figures.discount_total),
      taxTotal: String(figures.tax_total),
      total: String(figures.total),
      allocationStatus: allocationStatusOf(lines),
      shippingStatus: shippingStatusOf(lines),
    })
    .where(eq(salesOrders.id, id));
}
