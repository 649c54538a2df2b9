import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { purchaseOrderLines, purchaseOrders } from '../../server/db/schema/purchase.ts';
import type { Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Purchase orders: server-computed figures (Ontario HST, USD at the rate of creation), the
// lifecycle of docs/domain/purchase.md §5 with its role, guard and version
// refusals, and maker-checker.

const API = PURCHASE_ORDERS.api;
// The test server sends no email: the buyer says they sent the PDF themselves.
const BY_HAND = { sent_by_hand: true };

describe.each(backends())('purchase orders on %s', (backend) => {
  let w: PurchaseWorld;
  let supplier: Row;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    supplier = await w.newSupplier();
    await w.setThreshold(1000);
  });
  afterAll(async () => w.t.close());

  async function draft(qty: number, unitPrice: number, extra: object = {}) {
    const reply = await (
      await w.api('purchase')
    ).send<Row>('POST', API, { ...w.orderOf(supplier.id, qty, unitPrice), ...extra });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });

  it('numbers the order and computes line totals, Ontario HST and the CAD total', async () => {
    const doc = await draft(3, 10.125);
    expect(doc.number).toMatch(/^PO-\d{5}$/);
    expect((doc.lines as Row[])[0]?.line_total).toBe(30.38);
    expect(doc).toMatchObject({
      subtotal: 30.38,
      tax_total: 3.95,
      total: 34.33,
      total_cad: 34.33,
      currency_code: 'CAD',
      status: 'draft',
      receipt_status: 'not_received',
      billing_status: 'to_bill',
    });
    expect(doc.taxes).toEqual([{ tax_code: 'HST', rate: 13, amount: 3.95 }]);
  });

  it('keeps the exchange rate of its creation for a USD order', async () => {
    const doc = await draft(100, 10, { currency_id: w.usd });
    expect(doc.exchange_rate).toBe(1.3895);
    expect(doc.total).toBe(1130);
    expect(doc.total_cad).toBe(1570.14);
  });

  it('refuses a client-sent total and lines without a product', async () => {
    const api = await w.api('purchase');
    const reply = await api.send<Record<string, string>>('POST', API, {
      ...w.orderOf(supplier.id),
      total: 1,
      lines: [{ qty: 1, unit_price: 1 }],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.message).toBe('validation_error');
  });

  it('recomputes the figures when a draft is edited, bumping its version', async () => {
    const doc = await draft(1, 100);
    const api = await w.api('purchase');
    const edited = await api.send<Row>('PUT', `${API}/${doc.id}`, {
      version: doc.version,
      lines: [{ product_id: w.ids.untracked, qty: 2, unit_price: 100, taxable: 0 }],
    });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data).toMatchObject({ subtotal: 200, tax_total: 0, total: 200 });
    expect(edited.data.version).toBeGreaterThan(doc.version);
    const stale = await api.send<Row>('PUT', `${API}/${doc.id}`, {
      version: doc.version,
      note: 'late',
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
  });

  it('approves an order under the threshold on submit, then sends it', async () => {
    const doc = await draft(10, 5);
    expect(doc.needs_approval).toBe(0);
    const refused = await send('purchase', doc, 'submit_for_approval');
    expect(refused.httpStatus).toBe(422);
    const approved = await send('purchase', doc, 'submit');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.status).toBe('approved');
    const sent = await send('purchase', approved.data, 'send', BY_HAND);
    expect(sent.data.status).toBe('sent');
  });

  it('sends an order at the threshold to an admin, who alone approves it', async () => {
    const doc = await draft(100, 10);
    expect(doc.needs_approval).toBe(1);
    expect((await send('purchase', doc, 'submit')).httpStatus).toBe(422);
    const pending = await send('purchase', doc, 'submit_for_approval');
    expect(pending.data.status).toBe('pending_approval');
    const byBuyer = await send('purchase', pending.data, 'approve');
    expect(byBuyer.httpStatus).toBe(403);
    const byOutsider = await send('sale', pending.data, 'approve');
    expect(byOutsider.httpStatus).toBe(403);
    const approved = await send('admin', pending.data, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.status).toBe('approved');
  });

  it('lets nobody approve an order they submitted (maker-checker)', async () => {
    const doc = await draft(100, 10);
    const pending = await send('admin', doc, 'submit_for_approval');
    const self = await send('admin', pending.data, 'approve');
    expect(self.httpStatus).toBe(422);
    expect(JSON.stringify(self.data)).toContain('another person must approve');
  });

  it('rejects back to draft only with a reason', async () => {
    const doc = await draft(100, 10);
    const pending = await send('purchase', doc, 'submit_for_approval');
    const noReason = await send('admin', pending.data, 'reject');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const rejected = await send('admin', pending.data, 'reject', { reason: 'Too many' });
    expect(rejected.data.status).toBe('draft');
  });

  it('holds and resumes to where it was, revises and cancels', async () => {
    const approved = (await send('purchase', await draft(1, 5), 'submit')).data;
    const sent = (await send('purchase', approved, 'send', BY_HAND)).data;
    const held = await send('purchase', sent, 'hold', { reason: 'Supplier strike' });
    expect(held.data).toMatchObject({ status: 'on_hold', held_from: 'sent' });
    expect((await send('purchase', held.data, 'resume')).httpStatus).toBe(422);
    const resumed = await send('purchase', held.data, 'resume_as_sent');
    expect(resumed.data.status).toBe('sent');
    const revised = await send('purchase', resumed.data, 'revise');
    expect(revised.data.status).toBe('draft');
    const cancelled = await send('purchase', revised.data, 'cancel', { reason: 'Not needed' });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await send('purchase', cancelled.data, 'send')).httpStatus).toBe(422);
  });

  it('refuses a stale version of an event and anyone outside purchase', async () => {
    const doc = await draft(1, 5);
    const outsider = await (await w.api('sale')).send('POST', API, {});
    expect(outsider.httpStatus).toBe(403);
    const approved = await send('purchase', doc, 'submit');
    const stale = await send('purchase', doc, 'cancel', { reason: 'x' });
    expect(stale.httpStatus).toBe(409);
    expect(approved.data.status).toBe('approved');
  });

  it('refuses revise and cancel once goods came, and closes with the remainder cancelled', async () => {
    const sent = (
      await send(
        'purchase',
        (await send('purchase', await draft(10, 5), 'submit')).data,
        'send',
        BY_HAND,
      )
    ).data;
    // Receipts belong to a later module: the received quantity is set as they will set it.
    await w.db
      .update(purchaseOrderLines)
      .set({ qtyReceived: '4' })
      .where(eq(purchaseOrderLines.purchaseOrderId, sent.id));
    const api = await w.api('purchase');
    const received = (await api.get<Row>(`${API}/${sent.id}`)).data;
    expect(received.received_any).toBe(1);
    const revise = await send('purchase', received, 'revise');
    expect(revise.httpStatus).toBe(422);
    expect(revise.data).toEqual({ status: 'Goods were received against this order' });
    expect((await send('purchase', received, 'cancel', { reason: 'x' })).httpStatus).toBe(422);
    await w.db
      .update(purchaseOrders)
      .set({ status: 'partially_received', receiptStatus: 'partially_received' })
      .where(eq(purchaseOrders.id, sent.id));
    const partial = (await api.get<Row>(`${API}/${sent.id}`)).data;
    const closed = await send('purchase', partial, 'close');
    expect(closed.httpStatus, JSON.stringify(closed.data)).toBe(200);
    expect(closed.data).toMatchObject({ status: 'closed', receipt_status: 'received' });
    expect((closed.data.lines as Row[])[0]).toMatchObject({
      qty: 10,
      qty_received: 4,
      qty_cancelled: 6,
    });
  });

  it('deletes a draft only', async () => {
    const api = await w.api('purchase');
    const doc = await draft(1, 5);
    const approved = (await send('purchase', await draft(1, 5), 'submit')).data;
    expect((await api.send('DELETE', `${API}/${approved.id}`)).httpStatus).toBe(409);
    expect((await api.send('DELETE', `${API}/${doc.id}`)).httpStatus).toBe(200);
  });
});
