import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLots } from '../../../../server/db/schema/inventory.ts';
import type { TimelineEntry } from '../../../../src/domain/entity/timeline-entry.ts';
import { salesPdfApi } from '../../shared/entities/packing-slip.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { readPdf } from '../../../../tests/support/pdf-text.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// An order bigger than the free stock, through the real server: allocating it says how much
// the stock covered and what waits (timeline), shipping part of it puts ordered, shipped and
// backordered on the packing slip and the bill of lading with whole lot numbers, and the rest
// ships once stock arrives. Shipping documents date a shipment by the plant's day.

const API = SALES_ORDERS.api;
const MEASURE = 'ea-t';
/** A lot number as long as the demo's, which the slip once cut with an ellipsis. */
const LONG_LOT = 'OPEN-FG-BERRY-ICE-30ML-20MG-2026-11-0042';

describe.each(backends())('a partial shipment on %s', (backend) => {
  let w: SalesWorld;
  let customer: number;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
    customer = await w.newCustomer('ON', 1_000_000);
  }, 240_000);
  afterAll(async () => w?.t.close());

  async function event(doc: Row, name: string): Promise<Row> {
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', `${API}/${doc.id}/events/${name}`, { version: doc.version });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }

  async function confirmedOrder(product: number, qty: number): Promise<Row> {
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', API, w.orderOf(customer, [{ product_id: product, qty }]));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return event(reply.data, 'confirm');
  }

  const allocations = async (id: number) =>
    (
      await (await w.api('sale')).get<TimelineEntry[]>(`/api/timeline/sales_orders/${id}`)
    ).data.filter((e) => e.event === 'allocate');

  async function pdfOf(id: number, document: 'packing-slip' | 'bill-of-lading') {
    const response = await fetch(`${w.t.url}${salesPdfApi(API, id, document)}`, {
      headers: { authorization: `Bearer ${await tokenFor(w.t.url, 'sale')}` },
    });
    expect(response.status).toBe(200);
    return readPdf(new Uint8Array(await response.arrayBuffer()));
  }

  it('tells a partial allocation in numbers, ships part of it, then the rest once stock arrives', async () => {
    const product = await w.newPricedProduct();
    const lot = await w.stockLot(product, 23, '2027-06-30');
    await w.db.update(stockLots).set({ lotNo: LONG_LOT }).where(eq(stockLots.id, lot));
    const order = await confirmedOrder(product, 240);

    const allocated = await event(order, 'allocate');
    expect(allocated).toMatchObject({
      status: 'confirmed',
      allocation_status: 'partially_allocated',
    });
    expect((await allocations(order.id)).map((e) => e.reason)).toEqual([
      '23 of 240 allocated, 217 on backorder',
    ]);

    const partly = await event(allocated, 'ship_partial');
    expect(partly).toMatchObject({ status: 'confirmed', shipping_status: 'partially_shipped' });
    const slip = (await (await w.api('sale')).get<Row>(`${API}/${order.id}/packing-slip`)).data;
    expect(slip.ordered).toEqual([
      expect.objectContaining({ qty_ordered: 240, qty_shipped: 23, qty_backordered: 217 }),
    ]);
    const [ordered, shipped, backordered] = [240, 23, 217].map((n) => formatMeasured(n, MEASURE));
    const packing = await pdfOf(order.id, 'packing-slip');
    expect(packing.strings).toEqual(
      expect.arrayContaining(['Ordered', 'Backordered', ordered, shipped, backordered]),
    );
    // Wrapped over lines, never cut: the lot reads whole once its lines are joined.
    expect(packing.text).not.toContain('…');
    expect(packing.strings.join('')).toContain(LONG_LOT);
    const lading = await pdfOf(order.id, 'bill-of-lading');
    expect(lading.strings).toEqual(
      expect.arrayContaining(['Ordered', 'Shipped', 'Backordered', ordered, shipped, backordered]),
    );

    // The rest arrives; allocating again covers it and shipping it completes the order.
    await w.stockLot(product, 300, '2027-09-30');
    const rest = await event(partly, 'allocate');
    expect(rest.allocation_status).toBe('allocated');
    expect((await allocations(order.id)).map((e) => e.reason)).toEqual([
      '23 of 240 allocated, 217 on backorder',
      '240 of 240 allocated',
    ]);
    const done = await event(rest, 'ship');
    expect(done).toMatchObject({ status: 'closed', shipping_status: 'shipped' });
    const final = (await (await w.api('sale')).get<Row>(`${API}/${order.id}/packing-slip`)).data;
    expect(final.ordered).toEqual([
      expect.objectContaining({ qty_ordered: 240, qty_shipped: 240, qty_backordered: 0 }),
    ]);
    expect(final.packing_lists as unknown[]).toHaveLength(2);
  });

  it('dates a shipment by the plant day: 19:24 in Toronto on 11/24 prints 11/24', async () => {
    const product = await w.newPricedProduct();
    await w.stockLot(product, 5, '2027-06-30');
    const order = await event(await confirmedOrder(product, 5), 'allocate');
    await event(order, 'ship');
    // 19:24 on 11/24 in Toronto (EST, UTC−5) is 00:24 on 11/25 in UTC. The ledger is
    // append-only; the test moves its own rows back in time with the guard off for a moment.
    await w.db.transaction(async (tx) => {
      await tx.execute(sql`alter table stock_movements disable trigger plantline_append_only`);
      await tx.execute(
        sql`update stock_movements set moved_at = '2026-11-25T00:24:00Z'
             where movement_type = 'ship' and source_type = 'allocations'
               and source_id in (select id from allocations where sales_order_id = ${order.id})`,
      );
      await tx.execute(sql`alter table stock_movements enable trigger plantline_append_only`);
    });
    const slip = (await (await w.api('sale')).get<Row>(`${API}/${order.id}/packing-slip`)).data;
    expect(slip.packing_lists).toEqual([expect.objectContaining({ ship_date: '2026-11-24' })]);
    expect((await pdfOf(order.id, 'packing-slip')).strings).toContain('Shipped: 11/24/2026');
    expect((await pdfOf(order.id, 'bill-of-lading')).strings).toContain('Ship date: 11/24/2026');
  });
});
