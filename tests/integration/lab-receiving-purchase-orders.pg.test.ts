import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { LAB_LOCATION_TYPES } from '../../modules/lab/shared/entities/lab-values.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { RECEIPTS_VS_ORDERS } from '../../src/domain/entities/purchase/purchase-reports.entity.ts';
import {
  RECEIVABLE_ORDERS_API,
  openLinesApi,
  type OpenOrderLine,
  type ReceivableOrder,
} from '../../src/domain/entities/stock/receivable-orders.ts';
import { RECEIVINGS } from '../../src/domain/entities/stock/receivings.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { locations, settings } from '../../server/db/schema/general.ts';
import { purchaseOrderLines } from '../../server/db/schema/purchase.ts';
import type { Row } from '../support/entity-crud.ts';
import {
  approvedCarrierOrder,
  inspectedLabReceiving,
  labDraft,
  sentCarrierOrder,
} from '../../modules/lab/tests/lab-receiving-fixtures.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Lab receivings against purchase orders: the items name their PO lines;
// posting writes the lines' received quantity and the order's receipt status through the one
// receipt cache an inventory receiving posts through, in the posting's transaction; the
// order's timeline names the receipt, and Receipts vs Orders counts it. What is fully
// received is offered to neither kind of receiving again; more than is open is refused (422)
// at the draft, at the door and at the posting, and a refusal writes nothing.

const LR = LAB_RECEIVINGS.api;
const PO = PURCHASE_ORDERS.api;
const RC = RECEIVINGS.api;

describe.each(backends())('lab receivings against purchase orders on %s', (backend) => {
  let w: PurchaseWorld;
  let supplier: number;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    supplier = (await w.newSupplier()).id;
    // Under the threshold, submit approves at once: these tests are about receipts.
    await w.setThreshold(10_000_000);
    // No tolerance past what is open: one unit over is refused.
    await w.db
      .insert(settings)
      .values({ key: 'purchase.over_receipt_pct', value: 0 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 0 } });
    // The run's first suite also builds the seeded template: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => w.t.close());

  const event = async (user: string, api: string, doc: Row, name: string) =>
    (await w.api(user)).send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
      version: doc.version,
    });
  const read = async (api: string, id: number) =>
    (await (await w.api('admin')).get<Row>(`${api}/${id}`)).data;
  const received = async (order: Row) =>
    (
      await w.db
        .select({ qty: purchaseOrderLines.qtyReceived })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, order.id))
        .orderBy(purchaseOrderLines.id)
    ).map((l) => Number(l.qty));
  const receipts = async (order: Row) =>
    queryRows<{ from_status: string; to_status: string; payload: Record<string, string> }>(
      w.db,
      sql`select from_status, to_status, payload from status_transitions
           where entity_type = 'purchase_orders' and entity_id = ${order.id}
             and event = 'receive' order by id`,
    );
  const offered = async (order: Row) => {
    const api = await w.api('warehouse');
    const orders = await api.get<ReceivableOrder[]>(RECEIVABLE_ORDERS_API, {
      supplier_id: supplier,
    });
    const open = await api.get<OpenOrderLine[]>(openLinesApi(order.id));
    return {
      order: orders.data.some((o) => o.id === order.id),
      open: open.data.map((l) => [l.purchase_order_line_id, l.qty_open]),
    };
  };
  /** The supplier's row of Receipts vs Orders (this suite's orders are its only ones). */
  const receiptsVsOrders = async () =>
    (await (await w.api('admin')).get<Row>(`${RECEIPTS_VS_ORDERS.api}/${supplier}`)).data;
  const lineIds = (order: Row) => (order.lines as Row[]).map((l) => l.id);
  const labMovements = async (doc: Row) =>
    queryRows<{ qty: string }>(
      w.db,
      sql`select qty from stock_movements where source_type = 'lab_receivings'
           and source_id = ${doc.id}`,
    );

  it('posting writes the PO lines, moves the order and names the receipt on its timeline', async () => {
    const order = await sentCarrierOrder(w, supplier, [100, 50]);
    const inspected = await inspectedLabReceiving(w, order, [100, 20]);
    // Received and inspected, not yet posted: the order has received nothing.
    expect(await received(order)).toEqual([0, 0]);
    const posted = await event('supervisor', LR, inspected, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);

    expect(await received(order)).toEqual([100, 20]);
    const after = await read(PO, order.id);
    expect(after).toMatchObject({
      status: 'partially_received',
      receipt_status: 'partially_received',
    });
    expect(after.version).toBeGreaterThan(order.version);
    expect(await receipts(order)).toEqual([
      {
        from_status: 'sent',
        to_status: 'partially_received',
        payload: {
          receipt: posted.data.number,
          received_through: 'Lab receiving',
          quantities: `line 1 ${String((order.lines as Row[])[0]!.product_sku)} 100, line 2 ${String((order.lines as Row[])[1]!.product_sku)} 20`,
        },
      },
    ]);
    // The buyer's Receipts vs Orders report counts the lab receipt and what it brought.
    expect(await receiptsVsOrders()).toMatchObject({
      receipts: 1,
      qty_ordered: 150,
      qty_received: 120,
      fill_rate: 80,
    });
    // The full line is offered nowhere any more; the rest of the other still is.
    const [first, second] = lineIds(order);
    expect(await offered(order)).toEqual({ order: true, open: [[second, 30]] });

    // The warehouse receives the rest through inventory receiving: the order is received,
    // and its timeline names both receipts and where each came through.
    const rest = await (
      await w.api('warehouse')
    ).send<Row>('POST', RC, {
      supplier_id: supplier,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-11',
      lines: [
        {
          purchase_order_line_id: second,
          product_id: (order.lines as Row[])[1]!.product_id,
          qty: 30,
          unit_cost: 2,
        },
      ],
    });
    expect(rest.httpStatus, JSON.stringify(rest.data)).toBe(201);
    const restPosted = await event('warehouse', RC, rest.data, 'post');
    expect(restPosted.httpStatus, JSON.stringify(restPosted.data)).toBe(200);
    expect(await received(order)).toEqual([100, 50]);
    expect((await read(PO, order.id)).status).toBe('received');
    expect(
      (await receipts(order)).map((r) => [
        r.to_status,
        r.payload.receipt,
        r.payload.received_through,
      ]),
    ).toEqual([
      ['partially_received', posted.data.number, 'Lab receiving'],
      ['received', restPosted.data.number, 'Inventory receiving'],
    ]);
    expect(await offered(order)).toEqual({ order: false, open: [] });
    expect(await receiptsVsOrders()).toMatchObject({ receipts: 2, fill_rate: 100 });
    expect(first).toBeDefined();
  });

  it('refuses a draft of more than is open, naming the line, and writes nothing', async () => {
    const order = await sentCarrierOrder(w, supplier, [100]);
    const refused = await labDraft(w, order, [101]);
    expect(refused.httpStatus).toBe(422);
    const message = (refused.data as unknown as Record<string, string>)['lines.0.qty'];
    expect(message).toMatch(new RegExp(`^Over-receipt on ${String(order.number)} line 1 `));
    expect(message).toContain('101 received, 100 open');
    const [count] = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from lab_receiving_items
           where purchase_order_line_id = ${lineIds(order)[0]!}`,
    );
    expect(count!.n).toBe(0);
  });

  it('refuses at the door and at posting what another receipt took meanwhile', async () => {
    const order = await sentCarrierOrder(w, supplier, [100]);
    const [line] = order.lines as Row[];
    const atTheDoor = (await labDraft(w, order, [60])).data;
    const inspected = await inspectedLabReceiving(w, order, [60]);
    // Inventory receiving posts 50 of the 100 first.
    const other = await (
      await w.api('warehouse')
    ).send<Row>('POST', RC, {
      supplier_id: supplier,
      purchase_order_id: order.id,
      location_id: w.ids.main,
      received_date: '2026-03-10',
      lines: [
        { purchase_order_line_id: line!.id, product_id: line!.product_id, qty: 50, unit_cost: 2 },
      ],
    });
    expect((await event('warehouse', RC, other.data, 'post')).httpStatus).toBe(200);

    const door = await event('warehouse', LR, atTheDoor, 'receive');
    expect(door.httpStatus).toBe(422);
    expect(Object.keys(door.data)).toEqual(['lines.0.qty']);
    expect(Object.values(door.data)[0]).toContain('60 received, 50 open');
    expect((await read(LR, atTheDoor.id)).status).toBe('draft');

    const post = await event('supervisor', LR, inspected, 'post');
    expect(post.httpStatus).toBe(422);
    expect(Object.values(post.data)[0]).toMatch(/^Over-receipt on .* 60 received, 50 open/);
    const still = await read(LR, inspected.id);
    expect(still.status).toBe('inspected');
    expect((still.lines as Row[]).map((l) => l.lot_id)).toEqual([null]);
    expect(await labMovements(inspected)).toEqual([]);
    expect(await received(order)).toEqual([50]);
  });

  it('refuses an order that takes no goods and a line of another order', async () => {
    const approved = await approvedCarrierOrder(w, supplier, [5]);
    const notSent = await labDraft(w, approved, [1]);
    expect(notSent.httpStatus).toBe(422);
    expect(Object.keys(notSent.data)).toEqual(['purchase_order_id']);
    expect(Object.values(notSent.data)[0]).toMatch(/is approved: it takes no goods/);

    const one = await sentCarrierOrder(w, supplier, [10]);
    const other = await sentCarrierOrder(w, supplier, [10]);
    const [line] = other.lines as Row[];
    const crossed = await (
      await w.api('warehouse')
    ).send<Row>('POST', LR, {
      supplier_id: supplier,
      purchase_order_id: one.id,
      location_id: w.ids.lab,
      received_at: '2026-03-10',
      lines: [
        {
          purchase_order_line_id: line!.id,
          product_id: line!.product_id,
          supplier_lot_no: 'CROSSED-1',
          qty: 1,
          container_count: 1,
          flashpoint_c: 99,
        },
      ],
    });
    expect(crossed.httpStatus).toBe(422);
    expect(Object.keys(crossed.data)).toEqual(['lines.0.purchase_order_line_id']);
  });

  it('offers the location picker lab and quarantine locations only', async () => {
    const api = await w.api('warehouse');
    const options = await api.get<{ value: number; label: string }[]>(`${LOCATIONS.api}/options`, {
      parameter_type: LAB_LOCATION_TYPES.join(','),
    });
    expect(options.httpStatus).toBe(200);
    const ids = options.data.map((o) => o.value);
    expect(ids).toContain(w.ids.lab);
    expect(ids).toContain(w.ids.quarantine);
    expect(ids).not.toContain(w.ids.main);
    const types = await w.db.select({ id: locations.id, type: locations.type }).from(locations);
    const typeOf = new Map(types.map((t) => [t.id, t.type]));
    expect(new Set(ids.map((id) => typeOf.get(id)))).toEqual(new Set(LAB_LOCATION_TYPES));
  });
});
