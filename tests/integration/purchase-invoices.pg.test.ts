import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INVOICE_MATCH_EXCEPTIONS,
  PURCHASE_INVOICES,
} from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { purchaseOrderLines } from '../../server/db/schema/purchase.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { receivedOrder, setPurchaseSetting } from '../support/invoice-fixtures.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Supplier invoices: entered from a PO (prefilled with what was received and not billed),
// server figures, the unique supplier invoice number, the three-way match (billed ≤ received
// unless allowed, price variance over tolerance accepted with a reason before posting), the
// PO's billed cache and billing status on post and cancel, pay, and each transition's role,
// guard and version refusals; the match-exceptions report lists what the invoices flag.

const API = PURCHASE_INVOICES.api;
const POS = PURCHASE_ORDERS.api;
const CHECKER = 'purchase.checker';

describe.each(backends())('supplier invoices on %s', (backend) => {
  let w: PurchaseWorld;
  let supplier: Row;
  let other: Row;
  let invoices = 0;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    supplier = await w.newSupplier({ payment_terms_days: 45 });
    other = await w.newSupplier();
    await w.setThreshold(100000);
    // Whoever enters an invoice does not accept its price variance: a second buyer does.
    const created = await (
      await w.api('admin')
    ).send('POST', '/api/general/users', {
      username: CHECKER,
      password: 'plantline',
      name: 'Second Buyer',
      roles: ['purchase'],
      modules: ['purchase'],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    // The first suite of a run migrates the template database; the box is shared.
  }, 240_000);
  afterAll(async () => w.t.close());

  /** A sent PO: 10 of `untracked` at 5.00 with 6 received, 4 of a second product at 2.50, all received. */
  async function order() {
    const second = await w.newProduct(false);
    return receivedOrder(w.db, await w.api('purchase'), {
      supplierId: supplier.id,
      shipTo: w.warehouse,
      lines: [
        { productId: w.ids.untracked, qty: 10, unitPrice: 5, received: 6 },
        { productId: second, qty: 4, unitPrice: 2.5, received: 4 },
      ],
    });
  }
  const lineOf = (po: Row & { lines: Row[] }, i: number) => po.lines[i]!.id;
  async function draft(po: Row & { lines: Row[] }, lines: object[], extra: object = {}) {
    invoices += 1;
    return (await w.api('purchase')).send<Row>('POST', API, {
      purchase_order_id: po.id,
      supplier_invoice_no: `INV-${invoices}-${Math.random().toString(36).slice(2, 6)}`,
      invoice_date: '2026-03-10',
      lines,
      ...extra,
    });
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  const poLines = async (po: Row) =>
    (await (await w.api('purchase')).get<Row & { lines: Row[] }>(`${POS}/${po.id}`)).data;

  it('prefills the next invoice with what was received and not billed, at PO prices', async () => {
    const po = await order();
    const reply = await (
      await w.api('purchase')
    ).get<Row & { lines: Row[] }>(`${POS}/${po.id}/invoice`);
    expect(reply.httpStatus).toBe(200);
    expect(reply.data).toMatchObject({
      purchase_order_id: po.id,
      purchase_order_number: po.number,
    });
    expect(reply.data.lines.map((l) => [l.purchase_order_line_id, l.qty, l.unit_price])).toEqual([
      [lineOf(po, 0), 6, 5],
      [lineOf(po, 1), 4, 2.5],
    ]);
  });

  it('numbers the draft and computes line totals, Ontario HST, the CAD total and the due date', async () => {
    const po = await order();
    const reply = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 6, unit_price: 5 },
      { purchase_order_line_id: lineOf(po, 1), qty: 3, unit_price: 2.5 },
    ]);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    expect(reply.data.number).toMatch(/^PI-\d{5}$/);
    expect(reply.data).toMatchObject({
      status: 'draft',
      supplier_id: supplier.id,
      purchase_order_number: po.number,
      subtotal: 37.5,
      tax_total: 4.88,
      total: 42.38,
      total_cad: 42.38,
      currency_code: 'CAD',
      due_date: '2026-04-24',
      qty_mismatches: 0,
      price_variances: 0,
    });
    expect((reply.data.lines as Row[]).map((l) => l.line_total)).toEqual([30, 7.5]);
  });

  it('refuses a supplier invoice number the supplier already used, and a line of another PO', async () => {
    const po = await order();
    const first = await draft(po, [
      { purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 2.5 },
    ]);
    const number = String(first.data.supplier_invoice_no);
    const again = await draft(
      po,
      [{ purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 2.5 }],
      {
        supplier_invoice_no: number,
      },
    );
    expect(again.httpStatus).toBe(422);
    expect(again.data).toEqual({ supplier_invoice_no: 'unique' });
    // Another supplier may use the same number.
    const theirs = await receivedOrder(w.db, await w.api('purchase'), {
      supplierId: other.id,
      shipTo: w.warehouse,
      lines: [{ productId: w.ids.untracked, qty: 1, unitPrice: 1, received: 1 }],
    });
    const ok = await draft(
      theirs,
      [{ purchase_order_line_id: lineOf(theirs, 0), qty: 1, unit_price: 1 }],
      {
        supplier_invoice_no: number,
      },
    );
    expect(ok.httpStatus, JSON.stringify(ok.data)).toBe(201);
    const foreign = await draft(po, [
      { purchase_order_line_id: lineOf(theirs, 0), qty: 1, unit_price: 1 },
    ]);
    expect(foreign.httpStatus).toBe(422);
    expect(foreign.data).toEqual({
      'lines.0.purchase_order_line_id': 'This line is not on the purchase order',
    });
  });

  it('flags billing more than received and refuses to post it, line by line, writing nothing', async () => {
    const po = await order();
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 8, unit_price: 5 },
      { purchase_order_line_id: lineOf(po, 1), qty: 4, unit_price: 2.5 },
    ]);
    expect(created.data.qty_mismatches).toBe(1);
    const [over, fine] = created.data.lines as Row[];
    expect(over).toMatchObject({ qty_mismatch: 1, qty_over: 2, qty_received: 6, billed_other: 0 });
    expect(fine).toMatchObject({ qty_mismatch: 0, qty_over: 0 });
    const refused = await send('purchase', created.data, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      status: `Line 1 (${String(over!.product_sku)}): billed 8 is more than the 6 received`,
    });
    const after = await poLines(po);
    expect(after.lines.map((l) => l.qty_billed)).toEqual([0, 0]);
    expect(after.billing_status).toBe('to_bill');
    // Fixed to what was received, it posts.
    const fixed = await (
      await w.api('purchase')
    ).send<Row>('PUT', `${API}/${created.data.id}`, {
      version: created.data.version,
      lines: [
        { purchase_order_line_id: lineOf(po, 0), qty: 6, unit_price: 5 },
        { purchase_order_line_id: lineOf(po, 1), qty: 4, unit_price: 2.5 },
      ],
    });
    expect(fixed.data.qty_mismatches).toBe(0);
    const posted = await send('purchase', fixed.data, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
  });

  it('counts what other posted invoices billed, and allows billing before receipt when set', async () => {
    const po = await order();
    const first = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 5, unit_price: 5 },
    ]);
    expect((await send('purchase', first.data, 'post')).httpStatus).toBe(200);
    const second = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 2, unit_price: 5 },
    ]);
    expect((second.data.lines as Row[])[0]).toMatchObject({
      billed_other: 5,
      qty_over: 1,
      qty_mismatch: 1,
    });
    expect((await send('purchase', second.data, 'post')).httpStatus).toBe(422);
    await setPurchaseSetting(w.db, 'purchase.allow_bill_before_receipt', true);
    try {
      const allowed = await send('purchase', second.data, 'post');
      expect(allowed.httpStatus, JSON.stringify(allowed.data)).toBe(200);
      expect((allowed.data.lines as Row[])[0]).toMatchObject({ qty_mismatch: 0, qty_over: 1 });
    } finally {
      await setPurchaseSetting(w.db, 'purchase.allow_bill_before_receipt', false);
    }
    expect((await poLines(po)).lines[0]).toMatchObject({ qty_billed: 7, qty_received: 6 });
  });

  it('flags a price over tolerance, posts it only once another buyer accepted it with a reason (never the one who entered it)', async () => {
    const po = await order();
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 6, unit_price: 5.1 },
      { purchase_order_line_id: lineOf(po, 1), qty: 4, unit_price: 2.6 },
    ]);
    const [within, over] = created.data.lines as Row[];
    expect(within).toMatchObject({ price_variance: 0, price_variance_pct: 2 });
    expect(over).toMatchObject({ price_variance: 1, price_variance_pct: 4 });
    expect(created.data.price_variances).toBe(1);
    const refused = await send('purchase', created.data, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      status: 'A price variance is over tolerance: accept it with a reason first',
    });
    const noReason = await send(CHECKER, created.data, 'accept_variance');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const own = await send('purchase', created.data, 'accept_variance', { reason: 'Mine' });
    expect(own.httpStatus).toBe(403);
    expect(own.message).toBe(
      'You entered this invoice: another buyer must accept its price variance',
    );
    const unchanged = (await (await w.api('purchase')).get<Row>(`${API}/${created.data.id}`)).data;
    expect(unchanged).toMatchObject({ version: created.data.version, variance_reason: null });
    const accepted = await send(CHECKER, created.data, 'accept_variance', {
      reason: 'Freight surcharge agreed by phone',
    });
    expect(accepted.httpStatus, JSON.stringify(accepted.data)).toBe(200);
    expect(accepted.data).toMatchObject({
      status: 'draft',
      variance_reason: 'Freight surcharge agreed by phone',
    });
    const posted = await send('purchase', accepted.data, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    expect(posted.data.status).toBe('posted');
  });

  it('asks again when an accepted invoice is edited, and offers no acceptance without a variance', async () => {
    const po = await order();
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 3 },
    ]);
    const accepted = await send(CHECKER, created.data, 'accept_variance', { reason: 'ok' });
    const edited = await (
      await w.api('purchase')
    ).send<Row>('PUT', `${API}/${created.data.id}`, {
      version: accepted.data.version,
      lines: [{ purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 3.5 }],
    });
    expect(edited.data).toMatchObject({ variance_reason: null, variance_accepted_by: null });
    expect((await send('purchase', edited.data, 'post')).httpStatus).toBe(422);
    const clean = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 1, unit_price: 5 },
    ]);
    expect((await send(CHECKER, clean.data, 'accept_variance', { reason: 'x' })).httpStatus).toBe(
      422,
    );
  });

  it('writes the billed quantities and billing status on post, takes them back on cancel', async () => {
    const po = await order();
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 6, unit_price: 5 },
      { purchase_order_line_id: lineOf(po, 1), qty: 4, unit_price: 2.5 },
    ]);
    const posted = await send('purchase', created.data, 'post');
    const billed = await poLines(po);
    expect(billed.lines.map((l) => l.qty_billed)).toEqual([6, 4]);
    expect(billed.billing_status).toBe('partially_billed');
    expect((await send('purchase', posted.data, 'cancel')).httpStatus).toBe(422);
    const cancelled = await send('purchase', posted.data, 'cancel', {
      reason: 'Wrong supplier copy',
    });
    expect(cancelled.httpStatus, JSON.stringify(cancelled.data)).toBe(200);
    expect(cancelled.data.status).toBe('cancelled');
    const back = await poLines(po);
    expect(back.lines.map((l) => l.qty_billed)).toEqual([0, 0]);
    expect(back.billing_status).toBe('to_bill');
    // The cache is Σ of posted invoices: a later post bills from zero again.
    const [row] = await w.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, lineOf(po, 0)));
    expect(Number(row?.qtyBilled)).toBe(0);
  });

  it('bills the whole order, then pays it with a date and reference; a paid invoice is not cancelled', async () => {
    const po = await receivedOrder(w.db, await w.api('purchase'), {
      supplierId: supplier.id,
      shipTo: w.warehouse,
      lines: [{ productId: w.ids.untracked, qty: 3, unitPrice: 4, received: 3 }],
    });
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 3, unit_price: 4 },
    ]);
    const posted = await send('purchase', created.data, 'post');
    expect((await poLines(po)).billing_status).toBe('billed');
    const noRef = await send('purchase', posted.data, 'pay', { paid_date: '2026-03-20' });
    expect(noRef.httpStatus).toBe(422);
    expect(noRef.data).toEqual({ payment_reference: 'required' });
    const early = await send('purchase', posted.data, 'pay', {
      paid_date: '2026-03-01',
      payment_reference: 'EFT-1',
    });
    expect(early.httpStatus).toBe(422);
    const paid = await send('purchase', posted.data, 'pay', {
      paid_date: '2026-03-20',
      payment_reference: 'EFT-20260320',
    });
    expect(paid.httpStatus, JSON.stringify(paid.data)).toBe(200);
    expect(paid.data).toMatchObject({
      status: 'paid',
      paid_date: '2026-03-20',
      payment_reference: 'EFT-20260320',
    });
    const cancel = await send('purchase', paid.data, 'cancel', { reason: 'x' });
    expect(cancel.httpStatus).toBe(422);
    expect(cancel.data).toEqual({ status: 'Transition paid→cancel not allowed' });
  });

  it('refuses other roles, a stale version, edits and deletes past draft', async () => {
    const po = await order();
    const created = await draft(po, [
      { purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 2.5 },
    ]);
    expect((await send('sale', created.data, 'post')).httpStatus).toBe(403);
    expect((await send('inventory', created.data, 'post')).httpStatus).toBe(403);
    const outsider = await (await w.api('sale')).send('POST', API, {});
    expect(outsider.httpStatus).toBe(403);
    const prefill = await (await w.api('sale')).get(`${POS}/${po.id}/invoice`);
    expect(prefill.httpStatus).toBe(403);
    const byAdmin = await send('admin', created.data, 'post');
    expect(byAdmin.httpStatus, JSON.stringify(byAdmin.data)).toBe(200);
    const stale = await send('purchase', created.data, 'cancel', { reason: 'late' });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    const api = await w.api('purchase');
    const edit = await api.send('PUT', `${API}/${created.data.id}`, {
      version: byAdmin.data.version,
      note: 'x',
    });
    expect(edit.httpStatus).toBe(422);
    expect((await api.send('DELETE', `${API}/${created.data.id}`)).httpStatus).toBe(409);
    const spare = await draft(po, [
      { purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 2.5 },
    ]);
    expect((await api.send('DELETE', `${API}/${spare.data.id}`)).httpStatus).toBe(200);
  });

  it('refuses to invoice a PO that was never sent', async () => {
    const api = await w.api('purchase');
    const po = await api.create(PURCHASE_ORDERS, w.orderOf(supplier.id, 1, 1));
    const reply = await draft(po as Row & { lines: Row[] }, [
      { purchase_order_line_id: (po.lines as Row[])[0]!.id, qty: 1, unit_price: 1 },
    ]);
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ purchase_order_id: 'A draft purchase order cannot be invoiced' });
  });

  it('lists quantity and price exceptions in the report, not clean or cancelled lines', async () => {
    const po = await order();
    const mismatch = await draft(po, [
      { purchase_order_line_id: lineOf(po, 0), qty: 9, unit_price: 5 },
      { purchase_order_line_id: lineOf(po, 1), qty: 4, unit_price: 3 },
    ]);
    const cancelled = await draft(po, [
      { purchase_order_line_id: lineOf(po, 1), qty: 1, unit_price: 9 },
    ]);
    await send('purchase', cancelled.data, 'cancel', { reason: 'duplicate' });
    const report = await (
      await w.api('purchase')
    ).get<List>(INVOICE_MATCH_EXCEPTIONS.api, {
      filter: [
        {
          field: 'invoice_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(mismatch.data.number) }],
        },
      ],
    });
    expect(report.httpStatus, JSON.stringify(report.data)).toBe(200);
    expect(report.data.rows.map((r) => [r.exception, r.qty_over, r.price_variance_pct])).toEqual([
      ['price', 0, 20],
      ['quantity', 3, 0],
    ]);
    const none = await (
      await w.api('purchase')
    ).get<List>(INVOICE_MATCH_EXCEPTIONS.api, {
      filter: [
        {
          field: 'invoice_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(cancelled.data.number) }],
        },
      ],
    });
    expect(none.data.total).toBe(0);
    expect((await (await w.api('sale')).get(INVOICE_MATCH_EXCEPTIONS.api)).httpStatus).toBe(403);
  });
});
