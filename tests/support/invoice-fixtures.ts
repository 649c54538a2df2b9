import { eq } from 'drizzle-orm';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { receiptStatusOf } from '../../src/domain/entities/purchase/purchase-order-figures.ts';
import { settings } from '../../server/db/schema/general.ts';
import { purchaseOrderLines, purchaseOrders } from '../../server/db/schema/purchase.ts';
import type { Db } from '../../server/db/client.ts';
import type { EntityApiClient, Row } from './entity-crud.ts';

// A purchase order sent to its supplier with goods received against it, for invoice tests.
// Receipts are another module's: the received quantities and the order's receipt status are
// written as a posted receipt writes them (its cache), not through its screens.

export type OrderLineSpec = { productId: number; qty: number; unitPrice: number; received: number };

export async function receivedOrder(
  db: Db,
  buyer: EntityApiClient,
  order: { supplierId: number; shipTo: number; lines: readonly OrderLineSpec[] },
): Promise<Row & { lines: Row[] }> {
  const api = PURCHASE_ORDERS.api;
  const created = await buyer.create(PURCHASE_ORDERS, {
    supplier_id: order.supplierId,
    order_date: '2026-03-02',
    ship_to_location_id: order.shipTo,
    lines: order.lines.map((l) => ({
      product_id: l.productId,
      qty: l.qty,
      unit_price: l.unitPrice,
    })),
  });
  const event = async (doc: Row, name: string) => {
    const reply = await buyer.send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
      version: doc.version,
      // The test server sends no email: the buyer says they sent the PDF themselves.
      ...(name === 'send' ? { sent_by_hand: true } : {}),
    });
    if (reply.httpStatus !== 200) throw new Error(`${name}: ${JSON.stringify(reply.data)}`);
    return reply.data;
  };
  // Under the approval threshold, submit approves it (fixtures keep orders small).
  const sent = await event(await event(created, 'submit'), 'send');
  const lines = (created.lines as Row[]).map((line, i) => ({ line, spec: order.lines[i]! }));
  for (const { line, spec } of lines) {
    await db
      .update(purchaseOrderLines)
      .set({ qtyReceived: String(spec.received) })
      .where(eq(purchaseOrderLines.id, line.id));
  }
  const receiptStatus = receiptStatusOf(
    order.lines.map((l) => ({
      qty: l.qty,
      qty_received: l.received,
      qty_billed: 0,
      qty_cancelled: 0,
    })),
  );
  const status = receiptStatus === 'not_received' ? 'sent' : receiptStatus;
  await db
    .update(purchaseOrders)
    .set({ receiptStatus, status })
    .where(eq(purchaseOrders.id, sent.id));
  return (await buyer.get<Row & { lines: Row[] }>(`${api}/${sent.id}`)).data;
}

export async function setPurchaseSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
