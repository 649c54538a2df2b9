import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import { lineDiscount, type Discount } from '../../shared/entities/line-discounts.ts';
import { salesOrderFigures } from '../../shared/entities/sales-order-figures.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import {
  shippedFrom,
  startSalesWorld,
  type SalesWorld,
} from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// Sales orders (docs/domain/sales.md §6): figures the server computes with the groundwork functions
// for an Ontario and a Quebec order, every transition allowed and refused (role, credit limit,
// inactive customer, cancel after shipping, stale version), allocation from released lots
// only, first to expire first, never over what is free, and derived statuses.

const API = SALES_ORDERS.api;
const ON = [{ tax_code: 'HST', rate: 13, compound: false }];
const QC = [
  { tax_code: 'GST', rate: 5, compound: false },
  { tax_code: 'QST', rate: 9.975, compound: false },
];

describe.each(backends())('sales orders on %s', (backend) => {
  let w: SalesWorld;
  let product: number;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
    product = await w.newPricedProduct();
  }, 240_000);
  afterAll(async () => w.t.close());

  async function draft(customer: number, lines: { product_id: number; qty: number }[]) {
    const reply = await (await w.api('sale')).send<Row>('POST', API, w.orderOf(customer, lines));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  async function ok(user: string, doc: Row, event: string, extra: object = {}) {
    const reply = await send(user, doc, event, extra);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }

  it('prices an Ontario order from the tier, at its best quantity break, with HST', async () => {
    const customer = await w.newCustomer('ON');
    const doc = await draft(customer, [
      { product_id: product, qty: 3 },
      { product_id: product, qty: 100 },
    ]);
    expect(doc.number).toMatch(/^SO-\d{5}$/);
    const lines = doc.lines as Row[];
    expect(lines.map((l) => l.unit_price)).toEqual([10, 9]);
    const expected = salesOrderFigures(
      [
        { qty: 3, unit_price: 10, discount_amount: 0, taxable: true },
        { qty: 100, unit_price: 9, discount_amount: 0, taxable: true },
      ],
      ON,
    );
    expect(doc).toMatchObject({
      subtotal: expected.subtotal,
      discount_total: 0,
      tax_total: expected.tax_total,
      total: expected.total,
      ship_to_province: 'ON',
      status: 'draft',
      allocation_status: 'not_allocated',
      shipping_status: 'not_shipped',
    });
    expect(doc.total).toBe(1050.9);
    expect(doc.taxes).toEqual([{ tax_code: 'HST', rate: 13, base: 930, amount: 120.9 }]);
  });

  it('applies the discounts that stack best and Quebec GST + QST on the net', async () => {
    const customer = await w.newCustomer('QC');
    const admin = await w.api('sale');
    const percent = await admin.create(DISCOUNTS, {
      code: `PCT-${customer}`,
      name: 'Loyal customer',
      kind: 'percent',
      value: 10,
      scope: 'customer',
      scope_id: customer,
      valid_from: '2026-01-01',
      stackable: 1,
    });
    const amount = await admin.create(DISCOUNTS, {
      code: `AMT-${customer}`,
      name: 'Fifty cents a unit',
      kind: 'amount',
      value: 0.5,
      scope: 'product',
      scope_id: product,
      valid_from: '2026-01-01',
      stackable: 1,
    });
    const doc = await draft(customer, [{ product_id: product, qty: 7 }]);
    const asDiscount = (d: Row): Discount => ({
      id: d.id,
      kind: d.kind as Discount['kind'],
      value: Number(d.value),
      scope: d.scope as Discount['scope'],
      scope_id: d.scope_id as number,
      min_qty: 0,
      valid_from: '2026-01-01',
      valid_to: null,
      stackable: true,
      active: true,
    });
    const line = lineDiscount(
      10,
      {
        customer,
        product,
        family: null,
        brand: null,
        category: null,
        qty: 7,
        orderDate: '2026-03-02',
      },
      [asDiscount(percent), asDiscount(amount)],
    );
    const expected = salesOrderFigures(
      [{ qty: 7, unit_price: 10, discount_amount: line.discount_amount, taxable: true }],
      QC,
    );
    // 10 less 10 % = 9.00, less 0.50 = 8.50 a unit: 7 × 1.50 off.
    expect(line.discount_amount).toBe(10.5);
    expect(doc).toMatchObject({
      subtotal: 70,
      discount_total: 10.5,
      tax_total: expected.tax_total,
      total: expected.total,
      ship_to_province: 'QC',
    });
    expect(doc.taxes).toEqual(expected.taxes.map((t) => ({ ...t, rate: t.rate, base: 59.5 })));
    expect((doc.lines as Row[])[0]).toMatchObject({
      unit_price: 10,
      discount_amount: 10.5,
      line_total: 59.5,
      discount_code: `PCT-${customer}`,
    });
  });

  it('refuses a percent over 100 with max, and keeps amounts over 100', async () => {
    const api = await w.api('sale');
    const base = { name: 'Big', valid_from: '2026-01-01', scope: 'all' };
    const over = await api.send<Record<string, string>>('POST', DISCOUNTS.api, {
      ...base,
      code: 'PCT-101',
      kind: 'percent',
      value: 101,
    });
    expect(over.httpStatus).toBe(422);
    expect(over.data).toEqual({ value: 'max' });
    const amount = await api.send<Row>('POST', DISCOUNTS.api, {
      ...base,
      code: 'AMT-150',
      kind: 'amount',
      value: 150,
      active: 0,
    });
    expect(amount.httpStatus, JSON.stringify(amount.data)).toBe(201);
  });

  it('lets the sales section read orders and discounts but not write them', async () => {
    const director = await w.api('director');
    expect((await director.get<List>(API)).httpStatus).toBe(200);
    expect((await director.get<List>(DISCOUNTS.api)).httpStatus).toBe(200);
    const customer = await w.newCustomer('ON');
    const create = await director.send(
      'POST',
      API,
      w.orderOf(customer, [{ product_id: product, qty: 1 }]),
    );
    expect(create.httpStatus).toBe(403);
    expect((await (await w.api('purchase')).get<List>(API)).httpStatus).toBe(403);
  });

  it('confirms within the credit limit; refuses other roles and a stale version', async () => {
    const customer = await w.newCustomer('ON');
    const doc = await draft(customer, [{ product_id: product, qty: 2 }]);
    expect(doc.over_credit_limit).toBe(0);
    expect((await send('director', doc, 'confirm')).httpStatus).toBe(403);
    expect((await send('purchase', doc, 'confirm')).httpStatus).toBe(403);
    const stale = await send('sale', { ...doc, version: doc.version - 1 }, 'confirm');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    const confirmed = await ok('sale', doc, 'confirm');
    expect(confirmed.status).toBe('confirmed');
    const edit = await (
      await w.api('sale')
    ).send('PUT', `${API}/${doc.id}`, {
      version: confirmed.version,
      note: 'too late',
    });
    expect(edit.httpStatus).toBe(422);
  });

  it('counts open confirmed orders against the credit limit; only an admin overrides it, with a reason', async () => {
    // A product of its own: the earlier test's discount on `product` would lower the totals.
    const item = await w.newPricedProduct();
    const customer = await w.newCustomer('ON', 100);
    const first = await draft(customer, [{ product_id: item, qty: 5 }]); // 56.50
    await ok('sale', first, 'confirm');
    const second = await draft(customer, [{ product_id: item, qty: 5 }]);
    expect(second).toMatchObject({ open_orders_total: 56.5, over_credit_limit: 1 });
    const refused = await send('sale', second, 'confirm');
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('credit limit');
    expect((await send('sale', second, 'override_credit', { reason: 'paid' })).httpStatus).toBe(
      403,
    );
    const noReason = await send('admin', second, 'override_credit');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const overridden = await ok('admin', second, 'override_credit', { reason: 'Cheque received' });
    expect(overridden.status).toBe('confirmed');
  });

  it('refuses to confirm for an inactive customer', async () => {
    const customer = await w.newCustomer('ON');
    const doc = await draft(customer, [{ product_id: product, qty: 1 }]);
    await w.setCustomerActive(customer, false);
    const refused = await send('sale', doc, 'confirm');
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('inactive');
    expect((await (await w.api('sale')).get<Row>(`${API}/${doc.id}`)).data.status).toBe('draft');
  });

  it('allocates released lots first to expire first, never quarantine, never over what is free', async () => {
    const item = await w.newPricedProduct();
    const quarantined = await w.stockLot(item, 50, '2026-06-01', 'quarantine');
    const early = await w.stockLot(item, 5, '2026-09-01');
    const late = await w.stockLot(item, 100, '2027-06-01');
    const customer = await w.newCustomer('ON', 100_000);
    const small = await ok(
      'sale',
      await draft(customer, [{ product_id: item, qty: 20 }]),
      'confirm',
    );
    const allocated = await ok('sale', small, 'allocate');
    expect(allocated).toMatchObject({ allocation_status: 'allocated', status: 'confirmed' });
    expect((allocated.lines as Row[])[0]?.qty_allocated).toBe(20);

    const big = await ok(
      'sale',
      await draft(customer, [{ product_id: item, qty: 200 }]),
      'confirm',
    );
    const partial = await ok('sale', big, 'allocate');
    // 105 released on hand, 20 held by the first order: 85 left, the quarantined 50 untouched.
    expect(partial.allocation_status).toBe('partially_allocated');
    expect((partial.lines as Row[])[0]?.qty_allocated).toBe(85);
    const nothingLeft = await send('sale', partial, 'allocate');
    expect(nothingLeft.httpStatus).toBe(422);
    expect(JSON.stringify(nothingLeft.data)).toContain('Insufficient stock');

    // The first order ships in full and closes; its lots were the early one, then the late.
    expect((await send('sale', allocated, 'ship_partial')).httpStatus).toBe(422);
    const shipped = await ok('sale', allocated, 'ship');
    expect(shipped).toMatchObject({ status: 'closed', shipping_status: 'shipped' });
    expect(await shippedFrom(w, early)).toBe(-5);
    expect(await shippedFrom(w, late)).toBe(-15);
    expect(await shippedFrom(w, quarantined)).toBe(0);
    const { ledger, balances } = await w.ledgerAndBalances();
    expect(balances).toEqual(ledger);

    // The second ships what it holds and stays open; nothing shipped may no longer cancel.
    const part = await ok('sale', partial, 'ship_partial');
    expect(part).toMatchObject({ status: 'confirmed', shipping_status: 'partially_shipped' });
    const cancel = await send('sale', part, 'cancel', { reason: 'changed mind' });
    expect(cancel.httpStatus).toBe(422);
    expect(JSON.stringify(cancel.data)).toContain('shipped');
    const closed = await ok('sale', part, 'close', { reason: 'Customer takes what came' });
    expect(closed).toMatchObject({ status: 'closed', shipping_status: 'shipped' });
    expect((closed.lines as Row[])[0]).toMatchObject({ qty_shipped: 85, qty_cancelled: 115 });

    const slip = await (
      await w.api('director')
    ).get<{ shipped: Row[] }>(`${API}/${shipped.id}/packing-slip`);
    expect(slip.httpStatus).toBe(200);
    expect(slip.data.shipped.map((s) => s.qty_shipped)).toEqual([5, 15]);
  });

  it('cancels a confirmed, allocated order and gives its stock back', async () => {
    const item = await w.newPricedProduct();
    await w.stockLot(item, 10, '2027-01-01');
    const customer = await w.newCustomer('QC', 100_000);
    const held = await ok(
      'sale',
      await ok('sale', await draft(customer, [{ product_id: item, qty: 10 }]), 'confirm'),
      'allocate',
    );
    const other = await ok(
      'sale',
      await draft(customer, [{ product_id: item, qty: 4 }]),
      'confirm',
    );
    expect((await send('sale', other, 'allocate')).httpStatus).toBe(422);
    expect((await send('sale', held, 'cancel')).data).toEqual({ reason: 'required' });
    const cancelled = await ok('sale', held, 'cancel', { reason: 'Order withdrawn' });
    expect(cancelled).toMatchObject({ status: 'cancelled', allocation_status: 'not_allocated' });
    const now = await ok('sale', other, 'allocate');
    expect(now.allocation_status).toBe('allocated');
  });
});
