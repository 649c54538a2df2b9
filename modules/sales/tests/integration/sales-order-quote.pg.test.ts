import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import {
  salesOrderQuoteApi,
  type SalesOrderQuote,
} from '../../shared/entities/sales-order-quote.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// The quote of an unsaved sales order: the figures the line editor shows before a save are
// the ones the save stores (same customer, date and lines), it writes nothing, the order's
// readers may ask and others hear 403, and bad input answers 422 with docs/product.md §5 codes.

const API = SALES_ORDERS.api;
const QUOTE = salesOrderQuoteApi(API);

describe.each(backends())('sales order quote on %s', (backend) => {
  let w: SalesWorld;
  let product: number;
  let customer: number;
  let discount: Row;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
    product = await w.newPricedProduct();
    customer = await w.newCustomer('QC');
    discount = await (
      await w.api('sale')
    ).create(DISCOUNTS, {
      code: `QUOTE-${customer}`,
      name: 'Quoted loyalty',
      kind: 'percent',
      value: 10,
      scope: 'customer',
      scope_id: customer,
      valid_from: '2026-01-01',
      stackable: 1,
    });
  }, 240_000);
  afterAll(async () => w.t.close());

  const lines = () => [
    { product_id: product, qty: 7 },
    { product_id: product, qty: 120 },
  ];

  it('answers what saving the same order stores, line by line and in total', async () => {
    const sale = await w.api('sale');
    const order = w.orderOf(customer, lines());
    const quote = await sale.send<SalesOrderQuote>('POST', QUOTE, {
      customer_id: customer,
      order_date: order.order_date,
      lines: lines(),
    });
    expect(quote.httpStatus, JSON.stringify(quote.data)).toBe(200);
    // 10.00 from 1 and 9.00 from 100, both 10 % off for this customer.
    expect(quote.data.lines).toMatchObject([
      {
        product_id: product,
        qty: 7,
        unit_price: 10,
        discount_ids: [discount.id],
        discount_codes: [`QUOTE-${customer}`],
        net_unit_price: 9,
        discount_amount: 7,
        line_total: 63,
      },
      {
        product_id: product,
        qty: 120,
        unit_price: 9,
        discount_ids: [discount.id],
        discount_codes: [`QUOTE-${customer}`],
        net_unit_price: 8.1,
        discount_amount: 108,
        line_total: 972,
      },
    ]);
    expect(quote.data.taxes.map((t) => t.tax_code)).toEqual(['GST', 'QST']);

    const saved = await sale.send<Row>('POST', API, order);
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(201);
    const stored = saved.data.lines as Row[];
    expect(
      stored.map((l) => ({
        product_sku: l.product_sku,
        unit_price: l.unit_price,
        discount_code: l.discount_code,
        discount_amount: l.discount_amount,
        line_total: l.line_total,
      })),
    ).toEqual(
      quote.data.lines.map((l) => ({
        product_sku: l.product_sku,
        unit_price: l.unit_price,
        discount_code: l.discount_codes[0],
        discount_amount: l.discount_amount,
        line_total: l.line_total,
      })),
    );
    expect(saved.data).toMatchObject({
      subtotal: quote.data.subtotal,
      discount_total: quote.data.discount_total,
      tax_total: quote.data.tax_total,
      total: quote.data.total,
      taxes: quote.data.taxes,
    });
  });

  it('writes nothing', async () => {
    const sale = await w.api('sale');
    const count = async () => (await sale.get<{ total: number }>(`${API}?per_page=1`)).data.total;
    const before = await count();
    const quote = await sale.send('POST', QUOTE, {
      customer_id: customer,
      order_date: '2026-03-02',
      lines: lines(),
    });
    expect(quote.httpStatus).toBe(200);
    expect(await count()).toBe(before);
  });

  it("lets the order's readers ask and refuses others", async () => {
    const body = { customer_id: customer, order_date: '2026-03-02', lines: lines() };
    expect((await (await w.api('director')).send('POST', QUOTE, body)).httpStatus).toBe(200);
    const refused = await (await w.api('purchase')).send('POST', QUOTE, body);
    expect(refused.httpStatus).toBe(403);
    expect(JSON.stringify(refused.data ?? null)).not.toContain('unit_price');
  });

  it('answers 422 with docs/product.md §5 codes for bad input', async () => {
    const sale = await w.api('sale');
    const bad = await sale.send('POST', QUOTE, {
      order_date: 'not a date',
      lines: [{ product_id: 'x', qty: 2 }, { product_id: product }],
    });
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toMatchObject({
      customer_id: 'required',
      order_date: 'in',
      'lines.0.product_id': 'numeric',
      'lines.1.qty': 'required',
    });
    const unknownCustomer = await sale.send('POST', QUOTE, {
      customer_id: 999_999,
      order_date: '2026-03-02',
      lines: lines(),
    });
    expect(unknownCustomer.httpStatus).toBe(422);
    expect(unknownCustomer.data).toEqual({ customer_id: 'exists' });
    const unknownProduct = await sale.send('POST', QUOTE, {
      customer_id: customer,
      order_date: '2026-03-02',
      lines: [...lines(), { product_id: 999_999, qty: 1 }],
    });
    expect(unknownProduct.httpStatus).toBe(422);
    expect(unknownProduct.data).toEqual({ 'lines.2.product_id': 'exists' });
    const unpriced = await sale.send('POST', QUOTE, {
      customer_id: customer,
      order_date: '2025-06-01',
      lines: lines(),
    });
    expect(unpriced.httpStatus).toBe(422);
    expect(unpriced.data).toHaveProperty(['lines.0.product_id']);
  });
});
