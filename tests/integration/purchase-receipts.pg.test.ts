import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import {
  RECEIVABLE_ORDERS_API,
  openLinesApi,
  type OpenOrderLine,
  type ReceivableOrder,
} from '../../src/domain/entities/stock/receivable-orders.ts';
import { RECEIVINGS } from '../../src/domain/entities/stock/receivings.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { settings } from '../../server/db/schema/general.ts';
import { purchaseOrderLines } from '../../server/db/schema/purchase.ts';
import { stockMovements } from '../../server/db/schema/stock.ts';
import type { Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Receipts against purchase orders (docs/domain/inventory.md §2 receivings,
// docs/domain/purchase.md §5, docs/domain/README.md §13 invariants 8, 11, 12): a posted receiving
// writes its PO lines' received cache in its own transaction, within the over-receipt tolerance,
// and moves the order sent → partially_received → received; refusals write nothing; two
// receipts of one line queue.

const PO = PURCHASE_ORDERS.api;
const RC = RECEIVINGS.api;

describe.each(backends())('receipts against purchase orders on %s', (backend) => {
  let w: PurchaseWorld;
  let supplier: Row;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    supplier = await w.newSupplier();
    // Under the threshold, submit approves at once: these tests are about receipts.
    await w.setThreshold(10_000_000);
    await setTolerance(5);
    // The run's first suite also builds the seeded template: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => w.t.close());

  async function setTolerance(value: number) {
    await w.db
      .insert(settings)
      .values({ key: 'purchase.over_receipt_pct', value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  const event = async (user: string, api: string, doc: Row, name: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...extra,
    });
  const read = async (api: string, id: number) =>
    (await (await w.api('admin')).get<Row>(`${api}/${id}`)).data;

  /** A sent order of `qtys` units of fresh products at $2 each (USD orders at their rate). */
  async function sentOrder(qtys: number[], extra: object = {}) {
    const products = await Promise.all(qtys.map(() => w.newProduct(false)));
    const buyer = await w.api('purchase');
    const created = await buyer.send<Row>('POST', PO, {
      ...w.orderOf(supplier.id),
      lines: qtys.map((qty, i) => ({ product_id: products[i], qty, unit_price: 2 })),
      ...extra,
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const approved = await event('purchase', PO, created.data, 'submit');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    // The test server sends no email: the buyer says they sent the PDF themselves.
    const sent = await event('purchase', PO, approved.data, 'send', { sent_by_hand: true });
    expect(sent.data.status).toBe('sent');
    return sent.data;
  }
  const poLines = (order: Row) => order.lines as Row[];

  /** A draft receiving of `qtys` against the order's lines, written by `user`. */
  async function draftReceipt(order: Row, qtys: number[], user = 'warehouse') {
    const reply = await (
      await w.api(user)
    ).send<Row>('POST', RC, {
      supplier_id: order.supplier_id,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: qtys.map((qty, i) => {
        const line = poLines(order)[i]!;
        return {
          purchase_order_line_id: line.id,
          product_id: line.product_id,
          qty,
          unit_cost: 2,
        };
      }),
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  async function receive(order: Row, qtys: number[]) {
    const posted = await event('warehouse', RC, await draftReceipt(order, qtys), 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    return posted.data;
  }
  const received = async (order: Row) =>
    (
      await w.db
        .select({ qty: purchaseOrderLines.qtyReceived })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, order.id))
        .orderBy(purchaseOrderLines.id)
    ).map((l) => Number(l.qty));
  const movementsOf = async (receiving: Row) =>
    w.db
      .select()
      .from(stockMovements)
      .where(
        and(eq(stockMovements.sourceType, 'receivings'), eq(stockMovements.sourceId, receiving.id)),
      );
  const transitions = async (order: Row) =>
    queryRows<{ from_status: string; to_status: string; event: string }>(
      w.db,
      sql`select from_status, to_status, event from status_transitions
           where entity_type = 'purchase_orders' and entity_id = ${order.id} order by id`,
    );

  it('offers the supplier its receivable orders and their open lines in CAD', async () => {
    const order = await sentOrder([10, 4], { currency_id: w.usd });
    await receive(order, [3, 0.5]);
    const api = await w.api('warehouse');
    const orders = await api.get<ReceivableOrder[]>(RECEIVABLE_ORDERS_API, {
      supplier_id: supplier.id,
    });
    expect(orders.httpStatus).toBe(200);
    expect(orders.data.map((o) => o.id)).toContain(order.id);
    const open = await api.get<OpenOrderLine[]>(openLinesApi(order.id));
    expect(open.data.map((l) => l.qty_open)).toEqual([7, 3.5]);
    // $2 USD at the order's 1.3895 = $2.779 CAD.
    expect(open.data[0]?.unit_cost).toBe(2.779);
  });

  it('receives part, then the rest: sent → partially_received → received, cache and versions', async () => {
    const order = await sentOrder([100, 20]);
    await receive(order, [40, 20]);
    const partial = await read(PO, order.id);
    expect(partial).toMatchObject({
      status: 'partially_received',
      receipt_status: 'partially_received',
    });
    expect(partial.version).toBeGreaterThan(order.version);
    expect(await received(order)).toEqual([40, 20]);
    await receive(order, [60, 0.001].slice(0, 1));
    const full = await read(PO, order.id);
    expect(full).toMatchObject({ status: 'received', receipt_status: 'received' });
    expect(await received(order)).toEqual([100, 20]);
    expect(await transitions(order)).toEqual(
      expect.arrayContaining([
        { from_status: 'sent', to_status: 'partially_received', event: 'receive' },
        { from_status: 'partially_received', to_status: 'received', event: 'receive' },
      ]),
    );
  });

  it('counts only the accepted quantity: what is rejected stays open on the order', async () => {
    const order = await sentOrder([10]);
    const draft = await draftReceipt(order, [10]);
    const api = await w.api('warehouse');
    const edited = await api.send<Row>('PUT', `${RC}/${draft.id}`, {
      version: draft.version,
      lines: [{ ...poLineOf(order, 0), qty: 10, qty_rejected: 4, unit_cost: 2 }],
    });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
    expect((await event('warehouse', RC, edited.data, 'post')).httpStatus).toBe(200);
    expect(await received(order)).toEqual([6]);
    expect((await read(PO, order.id)).status).toBe('partially_received');
  });

  it('accepts an over-receipt within the tolerance', async () => {
    const order = await sentOrder([100]);
    await receive(order, [105]);
    expect(await received(order)).toEqual([105]);
    expect((await read(PO, order.id)).status).toBe('received');
  });

  it('refuses an over-receipt beyond the tolerance, naming the line, and writes nothing', async () => {
    const order = await sentOrder([100, 50]);
    const draft = await draftReceipt(order, [10, 53]);
    const refused = await event('warehouse', RC, draft, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(refused.message).toBe('validation_error');
    const message = (refused.data as unknown as Record<string, string>)['lines.1.qty'];
    expect(message).toMatch(new RegExp(`Over-receipt on ${String(order.number)} line 2`));
    expect(message).toContain('at most 52.5 with the 5% tolerance');
    expect((await read(RC, draft.id)).status).toBe('draft');
    expect(await received(order)).toEqual([0, 0]);
    expect(await movementsOf(draft)).toHaveLength(0);
    expect(await read(PO, order.id)).toMatchObject({
      status: 'sent',
      receipt_status: 'not_received',
      version: (await read(PO, order.id)).version,
    });
  });

  it('sums the lines of one receiving that bring the same PO line', async () => {
    const order = await sentOrder([10]);
    const line = poLineOf(order, 0);
    const api = await w.api('warehouse');
    const draft = await api.send<Row>('POST', RC, {
      supplier_id: order.supplier_id,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: [
        { ...line, qty: 6, unit_cost: 2 },
        { ...line, qty: 6, unit_cost: 2 },
      ],
    });
    const refused = await event('warehouse', RC, draft.data, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(Object.keys(refused.data)).toEqual(['lines.0.qty']);
    expect(await received(order)).toEqual([0]);
  });

  it('refuses a role that does not receive, before anything is written', async () => {
    const order = await sentOrder([10]);
    const draft = await draftReceipt(order, [5]);
    const refused = await event('purchase', RC, draft, 'post');
    expect(refused.httpStatus).toBe(403);
    expect(await received(order)).toEqual([0]);
    expect((await read(RC, draft.id)).status).toBe('draft');
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const order = await sentOrder([10]);
    const draft = await draftReceipt(order, [5]);
    // Someone else saves the draft meanwhile: the version read first is stale.
    const api = await w.api('warehouse');
    const saved = await api.send<Row>('PUT', `${RC}/${draft.id}`, {
      version: draft.version,
      packing_slip_no: 'PS-2',
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    const stale = await event('warehouse', RC, draft, 'post');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect(await received(order)).toEqual([0]);
    expect((await read(PO, order.id)).status).toBe('sent');
  });

  it('refuses to cancel or revise an order once anything was received (invariant 8)', async () => {
    const order = await sentOrder([10]);
    await receive(order, [1]);
    const now = await read(PO, order.id);
    const cancel = await event('purchase', PO, now, 'cancel', { reason: 'changed our mind' });
    expect(cancel.httpStatus).toBe(422);
    const revise = await event('purchase', PO, now, 'revise');
    expect(revise.httpStatus).toBe(422);
    expect((await read(PO, order.id)).status).toBe('partially_received');
  });

  it('refuses receipts against a cancelled or a closed order', async () => {
    const cancelled = await sentOrder([10]);
    const early = await draftReceipt(cancelled, [5]);
    const cancel = await event('purchase', PO, cancelled, 'cancel', { reason: 'not needed' });
    expect(cancel.httpStatus, JSON.stringify(cancel.data)).toBe(200);
    const refused = await event('warehouse', RC, early, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(Object.values(refused.data)[0]).toMatch(/is cancelled: it takes no goods/);

    const closed = await sentOrder([10]);
    const late = await draftReceipt(closed, [2]);
    await receive(closed, [5]);
    const close = await event('purchase', PO, await read(PO, closed.id), 'close');
    expect(close.httpStatus, JSON.stringify(close.data)).toBe(200);
    const again = await event('warehouse', RC, late, 'post');
    expect(again.httpStatus).toBe(422);
    expect(Object.values(again.data)[0]).toMatch(/is closed/);
    expect(await received(closed)).toEqual([5]);
  });

  it('refuses an order not yet sent, another supplier and a product not ordered', async () => {
    const api = await w.api('purchase');
    const created = await api.send<Row>('POST', PO, w.orderOf(supplier.id, 5));
    const approved = await event('purchase', PO, created.data, 'submit');
    const draft = await draftReceipt(approved.data, [1]);
    const refused = await event('warehouse', RC, draft, 'post');
    expect(refused.httpStatus).toBe(422);
    expect(Object.values(refused.data)[0]).toMatch(/is approved: it takes no goods/);

    const other = await w.newSupplier();
    const order = await sentOrder([5]);
    const wrongSupplier = await (
      await w.api('warehouse')
    ).send<Row>('POST', RC, {
      supplier_id: other.id,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: [{ ...poLineOf(order, 0), qty: 1 }],
    });
    expect(wrongSupplier.httpStatus).toBe(422);
    expect(Object.keys(wrongSupplier.data)).toEqual(['purchase_order_id']);
    const wrongProduct = await (
      await w.api('warehouse')
    ).send<Row>('POST', RC, {
      supplier_id: order.supplier_id,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: [{ ...poLineOf(order, 0), product_id: w.ids.untracked, qty: 1 }],
    });
    expect(wrongProduct.httpStatus).toBe(422);
    expect(Object.keys(wrongProduct.data)).toEqual(['lines.0.product_id']);
  });

  it('takes a reversed receipt back off the order and moves it back', async () => {
    const order = await sentOrder([10]);
    const posted = await receive(order, [10]);
    expect((await read(PO, order.id)).status).toBe('received');
    const reversed = await event('admin', RC, posted, 'reverse', { reason: 'wrong order' });
    expect(reversed.httpStatus, JSON.stringify(reversed.data)).toBe(200);
    expect(await received(order)).toEqual([0]);
    expect(await read(PO, order.id)).toMatchObject({
      status: 'sent',
      receipt_status: 'not_received',
    });
  });

  it('lets two parallel receipts of one line over-receive never', async () => {
    await setTolerance(0);
    try {
      const order = await sentOrder([10]);
      const first = await draftReceipt(order, [7]);
      const second = await draftReceipt(order, [7]);
      const replies = await Promise.all([
        event('warehouse', RC, first, 'post'),
        event('warehouse', RC, second, 'post'),
      ]);
      expect(replies.map((r) => r.httpStatus).sort()).toEqual([200, 422]);
      expect(await received(order)).toEqual([7]);
      expect((await read(PO, order.id)).status).toBe('partially_received');
    } finally {
      await setTolerance(5);
    }
  });

  it('still posts a receiving without an order, as before', async () => {
    const product = await w.newProduct(false);
    const api = await w.api('warehouse');
    const draft = await api.send<Row>('POST', RC, {
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: [{ product_id: product, qty: 3, unit_cost: 1 }],
    });
    expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
    const posted = await event('warehouse', RC, draft.data, 'post');
    expect(posted.httpStatus).toBe(200);
    expect(await movementsOf(draft.data)).toHaveLength(1);
  });

  function poLineOf(order: Row, index: number) {
    const line = poLines(order)[index]!;
    return { purchase_order_line_id: line.id, product_id: line.product_id };
  }
});
