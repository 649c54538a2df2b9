import { eq, sql } from 'drizzle-orm';
import type { Discount } from '../../shared/entities/line-discounts.ts';
import { lineDiscount } from '../../shared/entities/line-discounts.ts';
import { salesOrderFigures } from '../../shared/entities/sales-order-figures.ts';
import type { QuoteLine, SalesOrderQuote } from '../../shared/entities/sales-order-quote.ts';
import {
  allocationStatusOf,
  shippingStatusOf,
} from '../../shared/entities/sales-order-progress.ts';
import { tierUnitPrice, type TierPrice } from '../../shared/entities/tier-price.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import {
  salesOrderLines,
  salesOrders,
  salesOrderTaxes,
} from '../../../../server/db/schema/sales.ts';
import { taxRatesOf, taxSetupInForce } from '../../../../server/db/tax-setup-rates.ts';
import { NO_DUTY } from '../../../general/shared/entities/vaping-duty.ts';
import { roundMoney } from '../../../general/shared/entities/document-taxes.ts';
import { productDuties } from './vaping-duty-rates.ts';
import { writeLineDuties } from './sales-order-line-duties.ts';

// Figures of a sales order written by the server after every draft write (never sent by the
// client), with the groundwork of the sales declarations (shared/entities): the snapshots (ship-to address,
// price tier, tax setup), each line's tier price at its best quantity break on the order
// date, the discounts that apply, line totals, the taxes per code and the totals. The same
// quote answers the line editor before a save (sales-order-quote.routes.ts), so what it
// shows is what the save stores.

type Header = {
  customer_id: number;
  order_date: string;
};

/** What a customer brings to an order on its date: tier, tax setup, ship-to address. */
type CustomerFacts = {
  customer_tier: number | null;
  customer_tax_setup: number | null;
  default_tier: number | null;
  ship_to_address_id: number | null;
  province_id: number | null;
};

async function headerFacts(tx: Tx, id: number): Promise<Header> {
  const [row] = await queryRows<Header>(
    tx,
    sql`select so.customer_id::int, so.order_date::text from sales_orders so where so.id = ${id}`,
  );
  if (!row) throw new Error(`sales order ${id} not found`);
  return row;
}

async function customerFacts(tx: Tx, customerId: number): Promise<CustomerFacts | undefined> {
  const [row] = await queryRows<CustomerFacts>(
    tx,
    sql`select c.price_tier_id::int as customer_tier, c.tax_setup_id::int as customer_tax_setup,
               (select pt.id::int from price_tiers pt where pt.is_default and pt.active) as default_tier,
               a.id::int as ship_to_address_id, a.province_id::int
          from customers c
          left join lateral (
            select ca.id, ca.province_id from customer_addresses ca
             where ca.customer_id = c.id
             order by (ca.kind = 'ship') desc, ca.is_default desc, ca.id limit 1) a on true
         where c.id = ${customerId}`,
  );
  return row;
}

type ProductFacts = {
  id: number;
  sku: string;
  family: number | null;
  brand: number | null;
  category: number | null;
};

async function productFacts(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, ProductFacts>();
  const rows = await queryRows<ProductFacts>(
    tx,
    sql`select p.id::int, p.sku, p.family_id::int as family,
               coalesce(p.brand_id, f.brand_id)::int as brand,
               coalesce(p.category_id, f.category_id)::int as category
          from products p left join product_families f on f.id = p.family_id
         where p.id in (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

type LineProgress = {
  id: number;
  product_id: number;
  qty: number;
  qty_allocated: number;
  qty_shipped: number;
  qty_cancelled: number;
};

async function lineFacts(tx: Tx, id: number) {
  return queryRows<LineProgress>(
    tx,
    sql`select l.id::int, l.product_id::int, l.qty::float8 as qty,
               l.qty_allocated::float8 as qty_allocated, l.qty_shipped::float8 as qty_shipped,
               l.qty_cancelled::float8 as qty_cancelled
          from sales_order_lines l
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
         where active and status = 'approved' and valid_from <= ${orderDate}::date
           and coalesce(valid_to, 'infinity'::date) >= ${orderDate}::date
         order by id`,
  );
  return rows;
}

/**
 * The figures an order of `customerId` on `orderDate` with `lines` gets, read and computed,
 * nothing written: what every save stores and what the line editor shows before one.
 */
export async function quoteSalesOrder(
  tx: Tx,
  customerId: number,
  orderDate: string,
  lines: readonly QuoteLine[],
): Promise<SalesOrderQuote> {
  const customer = await customerFacts(tx, customerId);
  if (!customer) throw validationError({ customer_id: 'exists' });
  const tierId = customer.customer_tier ?? customer.default_tier;
  const taxSetupId =
    customer.customer_tax_setup ?? (await taxSetupInForce(tx, customer.province_id, orderDate));
  const rates = await taxRatesOf(tx, taxSetupId);
  const products = await productFacts(tx, [...new Set(lines.map((l) => l.product_id))]);
  const missing = lines.findIndex((l) => !products.has(l.product_id));
  if (missing >= 0) throw validationError({ [`lines.${missing}.product_id`]: 'exists' });
  const prices = await tierPrices(tx, tierId);
  const discounts = await activeDiscounts(tx, orderDate);
  const codes = new Map(discounts.map((d) => [d.id, d.code]));
  // The rates in force on the order date: a later rate never reaches an earlier order.
  const duties = await productDuties(tx, [...products.keys()], orderDate);
  const priced = lines.map((line, i) => {
    const product = products.get(line.product_id) as ProductFacts;
    const tier = tierUnitPrice(prices.get(line.product_id) ?? [], line.qty, orderDate);
    if (!tier) {
      throw ruleError(
        `lines.${i}.product_id`,
        `No price for ${product.sku} in the customer's price tier on ${orderDate}`,
      );
    }
    const discount = lineDiscount(
      tier.unit_price,
      {
        customer: customerId,
        product: line.product_id,
        family: product.family,
        brand: product.brand,
        category: product.category,
        qty: line.qty,
        orderDate,
      },
      discounts,
    );
    const duty = duties.get(line.product_id) ?? NO_DUTY;
    return {
      line,
      sku: product.sku,
      unit_price: tier.unit_price,
      discount,
      duty,
      duty_total: roundMoney(line.qty * duty.duty_per_unit),
    };
  });
  const { line_totals: lineTotals, ...figures } = salesOrderFigures(
    priced.map((p) => ({
      qty: p.line.qty,
      unit_price: p.unit_price,
      discount_amount: p.discount.discount_amount,
      duty_total: p.duty_total,
      taxable: true,
    })),
    rates,
  );
  return {
    ship_to_address_id: customer.ship_to_address_id,
    price_tier_id: tierId,
    tax_setup_id: taxSetupId,
    lines: priced.map((p, i) => ({
      product_id: p.line.product_id,
      product_sku: p.sku,
      qty: p.line.qty,
      unit_price: p.unit_price,
      discount_ids: p.discount.applied,
      discount_codes: p.discount.applied.map((d) => codes.get(d) ?? String(d)),
      net_unit_price: p.discount.net_unit_price,
      discount_amount: p.discount.discount_amount,
      line_total: lineTotals[i] ?? 0,
      ...p.duty,
      duty_total: p.duty_total,
    })),
    ...figures,
  };
}

export async function writeSalesOrderFigures(tx: Tx, id: number): Promise<void> {
  const header = await headerFacts(tx, id);
  const lines = await lineFacts(tx, id);
  const quote = await quoteSalesOrder(tx, header.customer_id, header.order_date, lines);
  for (const [i, line] of lines.entries()) {
    const q = quote.lines[i];
    if (!q) continue;
    await tx
      .update(salesOrderLines)
      .set({
        unitPrice: String(q.unit_price),
        discountId: q.discount_ids[0] ?? null,
        discountAmount: String(q.discount_amount),
        lineTotal: String(q.line_total),
      })
      .where(eq(salesOrderLines.id, line.id));
  }
  await writeLineDuties(
    tx,
    lines.map((l) => l.id),
    quote.lines,
  );
  await tx.delete(salesOrderTaxes).where(eq(salesOrderTaxes.salesOrderId, id));
  if (quote.taxes.length > 0) {
    await tx.insert(salesOrderTaxes).values(
      quote.taxes.map((t) => ({
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
      shipToAddressId: quote.ship_to_address_id,
      priceTierId: quote.price_tier_id,
      taxSetupId: quote.tax_setup_id,
      subtotal: String(quote.subtotal),
      discountTotal: String(quote.discount_total),
      taxTotal: String(quote.tax_total),
      total: String(quote.total),
      dutyTotal: String(quote.duty_total),
      allocationStatus: allocationStatusOf(lines),
      shippingStatus: shippingStatusOf(lines),
    })
    .where(eq(salesOrders.id, id));
}
