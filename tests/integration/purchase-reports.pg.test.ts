import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import {
  OPEN_PURCHASE_ORDERS,
  RECEIPTS_VS_ORDERS,
} from '../../src/domain/entities/purchase/purchase-reports.entity.ts';
import { purchaseOrderLines } from '../../server/db/schema/purchase.ts';
import { receivingLines, receivings } from '../../server/db/schema/stock.ts';
import { tokenFor } from '../support/api-client.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The Purchase reports: open orders by supplier and due date, overdue ones
// flagged, valued in CAD; receipts vs orders per supplier with lead times from the receipts
// posted against each order. Receipts are written here as the receiving of a PO leaves them
// (posted receivings carrying the order, the lines' received cache), so the report is proved
// on data of known dates.

const API = PURCHASE_ORDERS.api;
const bySupplier = (id: number) => ({
  filter: [
    { field: 'supplier_id', field_type: 'number', filters: [{ operator: 'equals', value: id }] },
  ],
});

describe.each(backends())('purchase reports on %s', (backend) => {
  let w: PurchaseWorld;
  let slow: Row;
  let idle: Row;
  let late: Row;
  let upcoming: Row;
  let receiptNo = 0;

  async function placed(supplier: Row, body: object, events: readonly string[]) {
    const api = await w.api('purchase');
    let doc = (await api.send<Row>('POST', API, { ...w.orderOf(supplier.id), ...body })).data;
    for (const event of events) {
      const reply = await api.send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
        version: doc.version,
        ...(event === 'cancel' ? { reason: 'Not needed' } : {}),
        // The test server sends no email: the buyer says they sent the PDF themselves.
        ...(event === 'send' ? { sent_by_hand: true } : {}),
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      doc = reply.data;
    }
    return doc;
  }

  /** A receipt against `order` on `day`: its receiving and, when posted, the lines' cache. */
  async function receive(order: Row, day: string, qtys: readonly number[], status = 'posted') {
    receiptNo += 1;
    const lines = order.lines as Row[];
    await w.db.transaction(async (tx) => {
      const [rc] = await tx
        .insert(receivings)
        .values({
          number: `RC-T${receiptNo}-${order.id}`,
          supplierId: Number(order.supplier_id),
          purchaseOrderId: order.id,
          locationId: w.warehouse,
          receivedDate: day,
          status,
        })
        .returning();
      for (const [i, qty] of qtys.entries()) {
        const line = lines[i]!;
        await tx.insert(receivingLines).values({
          receivingId: rc!.id,
          purchaseOrderLineId: line.id,
          productId: Number(line.product_id),
          qty: String(qty),
        });
        if (status === 'posted') {
          await tx
            .update(purchaseOrderLines)
            .set({ qtyReceived: sql`${purchaseOrderLines.qtyReceived} + ${qty}` })
            .where(eq(purchaseOrderLines.id, line.id));
        }
      }
    });
  }

  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    await w.setThreshold(1_000_000);
    slow = await w.newSupplier({ lead_time_days: 10 });
    idle = await w.newSupplier();
    const two = (a: number, b: number) => ({
      lines: [
        { product_id: w.ids.untracked, qty: a, unit_price: 2 },
        { product_id: w.ids.untracked, qty: b, unit_price: 4 },
      ],
    });
    // Due long ago and half received: overdue.
    late = await placed(slow, { ...two(100, 50), expected_date: '2026-03-10' }, ['submit', 'send']);
    // Due far ahead: open, not overdue.
    upcoming = await placed(slow, { ...two(10, 5), expected_date: '2099-01-01' }, ['submit']);
    await placed(slow, two(7, 7), ['submit', 'cancel']);
    await placed(idle, two(1, 1), []);
    // 7 days after the order: 60 of the first line; 14 days after: the whole second line.
    await receive(late, '2026-03-09', [60]);
    await receive(late, '2026-03-16', [0.001, 50]);
    // A draft receiving is not a receipt yet.
    await receive(late, '2026-03-05', [5], 'draft');
  }, 180_000);
  afterAll(async () => w?.t.close());

  it('lists open orders soonest due first, flags the overdue one and values what is still to come', async () => {
    const reply = await (
      await w.api('purchase')
    ).get<List>(OPEN_PURCHASE_ORDERS.api, bySupplier(slow.id));
    expect(reply.httpStatus).toBe(200);
    const rows = reply.data.rows;
    expect(rows.map((r) => r.number)).toEqual([late.number, upcoming.number]);
    const [first, second] = rows;
    expect(first).toMatchObject({
      supplier_name: slow.name,
      expected_date: '2026-03-10',
      overdue: 1,
      status: 'sent',
      currency_code: 'CAD',
      total_cad: late.total_cad,
      // Still to come: 40 − 0.001 at 2.00 and nothing of the second line.
      open_value_cad: 80,
      open_lines: 1,
    });
    expect(Number(first?.days_overdue)).toBeGreaterThan(250);
    expect(second).toMatchObject({ overdue: 0, days_overdue: 0, status: 'approved' });
    expect(second?.open_value_cad).toBe(40);
    // Drafts and cancelled orders are not open.
    const idleRows = await (
      await w.api('purchase')
    ).get<List>(OPEN_PURCHASE_ORDERS.api, bySupplier(idle.id));
    expect(idleRows.data.rows).toEqual([]);
  });

  it('filters to the overdue orders and exports what the grid shows', async () => {
    const api = await w.api('purchase');
    const overdue = await api.get<List>(OPEN_PURCHASE_ORDERS.api, {
      filter: [
        ...bySupplier(slow.id).filter,
        { field: 'overdue', field_type: 'boolean', filters: [{ operator: 'equals', value: 1 }] },
      ],
    });
    expect(overdue.data.rows.map((r) => r.number)).toEqual([late.number]);
    const token = await tokenFor(w.t.url, 'purchase');
    const csv = await fetch(
      `${w.t.url}${OPEN_PURCHASE_ORDERS.api}/export?format=csv&columns[]=number&columns[]=open_value_cad&columns[]=overdue`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${String(late.number)},"?\\$?80(\\.00)?"?,`)),
    );
  });

  it('compares ordered and received per supplier, with lead times from the posted receipts', async () => {
    const reply = await (await w.api('purchase')).get<List>(RECEIPTS_VS_ORDERS.api);
    expect(reply.httpStatus).toBe(200);
    const row = reply.data.rows.find((r) => r.id === slow.id);
    expect(row).toMatchObject({
      code: slow.code,
      // The late and the upcoming order; the cancelled one asked for nothing.
      orders: 2,
      qty_ordered: 165,
      qty_received: 110.001,
      qty_cancelled: 0,
      fill_rate: 66.7,
      receipts: 2,
      lead_time_days: 10,
      avg_first_receipt_days: 7,
      avg_last_receipt_days: 14,
      max_last_receipt_days: 14,
    });
    // Only drafts: nothing placed with this supplier yet.
    expect(reply.data.rows.some((r) => r.id === idle.id)).toBe(false);
  });

  it('shows the reports to purchase and admin only', async () => {
    for (const entity of [OPEN_PURCHASE_ORDERS, RECEIPTS_VS_ORDERS]) {
      expect((await (await w.api('admin')).get<List>(entity.api)).httpStatus).toBe(200);
      expect((await (await w.api('sale')).get<List>(entity.api)).httpStatus).toBe(403);
      expect((await (await w.api('warehouse')).get<List>(entity.api)).httpStatus).toBe(403);
    }
  });
});
