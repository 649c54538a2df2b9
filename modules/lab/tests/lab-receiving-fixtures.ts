import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { LAB_RECEIVINGS } from '../shared/entities/lab-receivings.entity.ts';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { products } from '../../../server/db/schema/inventory.ts';
import type { Reply } from '../../../tests/support/api-client.ts';
import type { Row } from '../../../tests/support/entity-crud.ts';
import type { PurchaseWorld } from '../../../tests/support/purchase-fixtures.ts';

// Lab receivings against purchase orders, for the suites that receive chemicals a buyer
// ordered: a sent order of PG (a lab chemical needing no CoA), and a lab receiving of its
// lines that the warehouse drafts and receives and the supervisor inspects, ready to post.

let lots = 0;

/** A fresh product of the lab's `carrier` type (PG/VG): received through the lab, no CoA. */
export async function newCarrier(w: PurchaseWorld): Promise<number> {
  const id = await w.newProduct(false);
  await w.db.update(products).set({ type: 'carrier' }).where(eq(products.id, id));
  return id;
}

const event = async (
  w: PurchaseWorld,
  user: string,
  api: string,
  doc: Row,
  name: string,
  extra: object = {},
) =>
  (await w.api(user)).send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
    version: doc.version,
    ...extra,
  });

/** An approved order of `qtys` of fresh carriers at $2, from `supplierId`, not yet sent. */
export async function approvedCarrierOrder(
  w: PurchaseWorld,
  supplierId: number,
  qtys: readonly number[],
): Promise<Row> {
  const lines = [];
  for (const qty of qtys) lines.push({ product_id: await newCarrier(w), qty, unit_price: 2 });
  const created = await (
    await w.api('purchase')
  ).send<Row>('POST', PURCHASE_ORDERS.api, { ...w.orderOf(supplierId), lines });
  expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
  const approved = await event(w, 'purchase', PURCHASE_ORDERS.api, created.data, 'submit');
  expect(approved.data.status, JSON.stringify(approved.data)).toBe('approved');
  return approved.data;
}

/** A sent order of `qtys` of fresh carriers at $2, from `supplierId`, shipped to WH-MAIN. */
export async function sentCarrierOrder(
  w: PurchaseWorld,
  supplierId: number,
  qtys: readonly number[],
): Promise<Row> {
  const approved = { data: await approvedCarrierOrder(w, supplierId, qtys) };
  // The buyer sent the PDF themselves: no mail server in a test.
  const sent = await event(w, 'purchase', PURCHASE_ORDERS.api, approved.data, 'send', {
    sent_by_hand: true,
  });
  expect(sent.data.status, JSON.stringify(sent.data)).toBe('sent');
  return sent.data;
}

/** The warehouse's draft of `qtys` against the order's lines (0: the line is left out). */
export async function labDraft(
  w: PurchaseWorld,
  order: Row,
  qtys: readonly number[],
): Promise<Reply<Row>> {
  const lines = (order.lines as Row[])
    .map((line, i) => ({ line, qty: qtys[i] ?? 0 }))
    .filter(({ qty }) => qty > 0)
    .map(({ line, qty }) => ({
      purchase_order_line_id: line.id,
      product_id: line.product_id,
      supplier_lot_no: `LR-T-${Date.now().toString(36)}-${++lots}`,
      qty,
      container_count: 1,
      flashpoint_c: 99,
    }));
  return (await w.api('warehouse')).send<Row>('POST', LAB_RECEIVINGS.api, {
    supplier_id: order.supplier_id,
    purchase_order_id: order.id,
    location_id: w.ids.lab,
    received_at: '2026-03-10',
    lines,
  });
}

/** A lab receiving of `qtys` against the order, received and inspected: the next is post. */
export async function inspectedLabReceiving(
  w: PurchaseWorld,
  order: Row,
  qtys: readonly number[],
): Promise<Row> {
  const draft = await labDraft(w, order, qtys);
  expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
  const received = await event(w, 'warehouse', LAB_RECEIVINGS.api, draft.data, 'receive');
  expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);
  const inspected = await event(w, 'supervisor', LAB_RECEIVINGS.api, received.data, 'inspect');
  expect(inspected.httpStatus, JSON.stringify(inspected.data)).toBe(200);
  return inspected.data;
}
