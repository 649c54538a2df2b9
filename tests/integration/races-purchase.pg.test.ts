import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_INVOICES } from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { RECEIVINGS } from '../../src/domain/entities/stock/receivings.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { purchaseOrderLines } from '../../server/db/schema/purchase.ts';
import type { Row } from '../support/entity-crud.ts';
import { receivedOrder } from '../support/invoice-fixtures.ts';
import {
  inspectedLabReceiving,
  sentCarrierOrder,
} from '../../modules/lab/tests/lab-receiving-fixtures.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Purchase events that read shared state, sent by many people at the same moment (see
// races-sales.pg.test.ts): approvals counted per supplier and day, receipts against one order
// line (inventory and lab receivings alike), invoices billing one received line. Only the
// PostgreSQL run can show a race.

const PO = PURCHASE_ORDERS.api;
const AT_ONCE = 20;

describe.each(backends())('purchase events sent at once on %s', (backend) => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
  }, 240_000);
  afterAll(async () => w.t.close());

  const event = async (user: string, api: string, doc: Row, name: string) =>
    (await w.api(user)).send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
      version: doc.version,
      // The test server sends no email: the buyer says they sent the PDF themselves.
      ...(name === 'send' ? { sent_by_hand: true } : {}),
    });
  async function draftOrder(supplier: number, qty: number, unitPrice: number) {
    const reply = await (
      await w.api('purchase')
    ).send<Row>('POST', PO, w.orderOf(supplier, qty, unitPrice));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  it('counts a supplier’s orders of the day against the approval threshold, however they are split', async () => {
    await w.setThreshold(5_000);
    const supplier = (await w.newSupplier()).id;
    // 4,997.99 each with HST: one goes through alone, the next would reach the threshold.
    const drafts: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) drafts.push(await draftOrder(supplier, 1, 4_423));
    expect(drafts[0]!.needs_approval).toBe(0);
    const replies = await Promise.all(drafts.map((d) => event('purchase', PO, d, 'submit')));
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.httpStatus !== 200)) {
      expect(refused.httpStatus).toBe(422);
      expect(JSON.stringify(refused.data)).toContain('approval threshold');
    }
    // The others now ask an admin, as the screen offers once it reads them again.
    const again = (await (await w.api('purchase')).get<Row>(`${PO}/${drafts[1]!.id}`)).data;
    expect(again.needs_approval).toBe(1);
    const asked = await event('purchase', PO, again, 'submit_for_approval');
    expect(asked.data.status).toBe('pending_approval');
  });

  it('posts only the receipts a purchase order line still has room for', async () => {
    await w.setThreshold(10_000_000);
    const supplier = (await w.newSupplier()).id;
    const product = await w.newProduct(false);
    const created = await (
      await w.api('purchase')
    ).send<Row>('POST', PO, {
      ...w.orderOf(supplier),
      lines: [{ product_id: product, qty: 50, unit_price: 2 }],
    });
    const approved = await event('purchase', PO, created.data, 'submit');
    const sent = (await event('purchase', PO, approved.data, 'send')).data;
    const line = (sent.lines as Row[])[0]!;
    const receipts: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const reply = await (
        await w.api('warehouse')
      ).send<Row>('POST', RECEIVINGS.api, {
        supplier_id: supplier,
        purchase_order_id: sent.id,
        location_id: w.ids.main,
        received_date: '2026-03-10',
        lines: [{ purchase_order_line_id: line.id, product_id: product, qty: 50, unit_cost: 2 }],
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      receipts.push(reply.data);
    }
    const replies = await Promise.all(
      receipts.map((r) => event('warehouse', RECEIVINGS.api, r, 'post')),
    );
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.httpStatus !== 200)) {
      expect(refused.httpStatus).toBe(422);
      // Refused for the room left on the line, or because the first receipt closed the order.
      expect(JSON.stringify(refused.data)).toMatch(/Over-receipt|takes no goods/);
    }
    const [row] = await w.db
      .select({ qty: purchaseOrderLines.qtyReceived })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, line.id));
    expect(Number(row!.qty)).toBe(50);
    const [stock] = await queryRows<{ q: number }>(
      w.db,
      sql`select coalesce(sum(qty), 0)::float8 as q from stock_movements where product_id = ${product}`,
    );
    expect(stock!.q).toBe(50);
    const { ledger, balances } = await w.ledgerAndBalances();
    expect(balances).toEqual(ledger);
  });

  it('posts only one of the lab and inventory receivings of one PO line sent at once', async () => {
    await w.setThreshold(10_000_000);
    const supplier = (await w.newSupplier()).id;
    const order = await sentCarrierOrder(w, supplier, [50]);
    const line = (order.lines as Row[])[0]!;
    // Half the people post the chemicals through the lab (the supervisor), half through
    // inventory receiving (the warehouse), all for the whole line.
    const lab: Row[] = [];
    const inventory: Row[] = [];
    for (let i = 0; i < AT_ONCE / 2; i++) {
      lab.push(await inspectedLabReceiving(w, order, [50]));
      const reply = await (
        await w.api('warehouse')
      ).send<Row>('POST', RECEIVINGS.api, {
        supplier_id: supplier,
        purchase_order_id: order.id,
        location_id: w.ids.main,
        received_date: '2026-03-10',
        lines: [
          { purchase_order_line_id: line.id, product_id: line.product_id, qty: 50, unit_cost: 2 },
        ],
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      inventory.push(reply.data);
    }
    const replies = await Promise.all([
      ...lab.map((r) => event('supervisor', LAB_RECEIVINGS.api, r, 'post')),
      ...inventory.map((r) => event('warehouse', RECEIVINGS.api, r, 'post')),
    ]);
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.httpStatus !== 200)) {
      expect(refused.httpStatus).toBe(422);
      // Told why: the room left on the line, or the first receipt closed the order.
      expect(JSON.stringify(refused.data)).toMatch(/Over-receipt|takes no goods/);
    }
    const [row] = await w.db
      .select({ qty: purchaseOrderLines.qtyReceived })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, line.id));
    expect(Number(row!.qty)).toBe(50);
    const [stock] = await queryRows<{ q: number }>(
      w.db,
      sql`select coalesce(sum(qty), 0)::float8 as q from stock_movements
           where product_id = ${Number(line.product_id)}`,
    );
    expect(stock!.q).toBe(50);
    // A refused lab posting left no quarantine lot behind: only a posted one made its lot.
    const [lots] = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from stock_lots where product_id = ${Number(line.product_id)}`,
    );
    const labPosted = replies.slice(0, lab.length).filter((r) => r.httpStatus === 200);
    expect(lots!.n).toBe(labPosted.length);
  });

  it('bills a received line once when many invoices for all of it are posted at once', async () => {
    await w.setThreshold(10_000_000);
    const supplier = (await w.newSupplier()).id;
    const po = await receivedOrder(w.db, await w.api('purchase'), {
      supplierId: supplier,
      shipTo: w.warehouse,
      lines: [{ productId: await w.newProduct(false), qty: 10, unitPrice: 5, received: 10 }],
    });
    const invoices: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const reply = await (
        await w.api('purchase')
      ).send<Row>('POST', PURCHASE_INVOICES.api, {
        purchase_order_id: po.id,
        supplier_invoice_no: `RACE-${i}-${Math.random().toString(36).slice(2, 6)}`,
        invoice_date: '2026-03-10',
        lines: [{ purchase_order_line_id: po.lines[0]!.id, qty: 10, unit_price: 5 }],
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      invoices.push(reply.data);
    }
    const replies = await Promise.all(
      invoices.map((d) => event('purchase', PURCHASE_INVOICES.api, d, 'post')),
    );
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.httpStatus !== 200)) {
      expect(refused.httpStatus).toBe(422);
    }
    const [line] = await w.db
      .select({ billed: purchaseOrderLines.qtyBilled })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, po.lines[0]!.id));
    expect(Number(line!.billed)).toBe(10);
  });
});
