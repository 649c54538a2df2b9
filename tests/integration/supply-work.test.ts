import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { MyWork } from '../../src/domain/my-work.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { entityClient, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// GET /api/my-work's supply and demand queues on the demo plant: each role reads the rows at
// its step (drafts and approved orders for purchase, orders and lab receivings to receive for
// the warehouse, lab receivings to inspect for the supervisor, kit orders at each crew's stage,
// sales orders to allocate and ship), linked to their records, and nothing of another's step.

let t: TestServer;

const myWork = async (user: string): Promise<MyWork> => {
  const reply = await call<MyWork>(t.url, 'GET', '/api/my-work', {
    token: await tokenFor(t.url, user),
  });
  expect(reply.httpStatus, reply.message).toBe(200);
  return reply.data;
};
const keys = (work: MyWork) => work.queues.map((q) => q.key).sort();
const queue = (work: MyWork, key: string) => work.queues.find((q) => q.key === key);
const labels = (work: MyWork, key: string) => queue(work, key)?.items.map((i) => i.label) ?? [];

/** The numbers of `table`'s rows where `where` holds, as the database has them. */
async function numbers(table: string, where: string): Promise<string[]> {
  const rows = await queryRows<{ number: string }>(
    t.server.database.db,
    sql`select number from ${sql.raw(table)} where ${sql.raw(where)} order by number`,
  );
  return rows.map((r) => r.number);
}

beforeAll(async () => {
  t = await startTestServer();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('supply and demand work on the home page', () => {
  it('shows purchase its drafts to submit, approved orders to send and held invoices', async () => {
    const work = await myWork('purchase');
    expect(keys(work)).toEqual(['invoice_mismatches', 'po_drafts', 'po_to_send']);
    expect(labels(work, 'po_drafts').sort()).toEqual(
      await numbers('purchase_orders', `status = 'draft'`),
    );
    expect(labels(work, 'po_to_send').sort()).toEqual(
      await numbers('purchase_orders', `status = 'approved'`),
    );
    // The demo's draft invoice bills 8,000 of the 6,000 received.
    const held = queue(work, 'invoice_mismatches')!;
    expect(held.items).toHaveLength(1);
    expect(held.items[0]!.detail).toMatch(/bills more than was received/);
    expect(held.items[0]!.href).toBe(`/invoice/${held.items[0]!.id}`);
    expect(queue(work, 'po_drafts')!.items[0]!.href).toMatch(/^\/purchase\/\d+$/);
  });

  it('moves an order purchase sends from its queue to the orders the warehouse receives', async () => {
    const before = await myWork('warehouse');
    const toSend = queue(await myWork('purchase'), 'po_to_send')!.items[0]!;
    expect(labels(before, 'po_to_receive')).not.toContain(toSend.label);

    const buyer = entityClient(t.url, await tokenFor(t.url, 'purchase'));
    const order = (await buyer.get<Row>(`${PURCHASE_ORDERS.api}/${toSend.id}`)).data;
    const sent = await buyer.send('POST', `${PURCHASE_ORDERS.api}/${toSend.id}/events/send`, {
      version: order.version,
      // The test server sends no email: the buyer sent the PDF themselves.
      sent_by_hand: true,
    });
    expect(sent.httpStatus, JSON.stringify(sent.data)).toBe(200);

    expect(labels(await myWork('purchase'), 'po_to_send')).not.toContain(toSend.label);
    const after = await myWork('warehouse');
    expect(labels(after, 'po_to_receive')).toContain(toSend.label);
    expect(queue(after, 'po_to_receive')!.href).toBe('/inventory/receivings');
  });

  it('shows the warehouse orders and lab receivings to receive, and no buyer work', async () => {
    const work = await myWork('warehouse');
    expect(labels(work, 'po_to_receive').sort()).toEqual(
      await numbers('purchase_orders', `status in ('sent', 'partially_received')`),
    );
    expect(labels(work, 'lab_to_receive').sort()).toEqual(
      await numbers('lab_receivings', `status = 'draft'`),
    );
    expect(queue(work, 'lab_to_receive')!.items[0]!.href).toMatch(/^\/lab\/receiving\/\d+$/);
    expect(keys(work)).not.toContain('po_drafts');
    expect(keys(work)).not.toContain('lab_to_inspect');
  });

  it('shows the supervisor lab receivings to inspect, post and release', async () => {
    const work = await myWork('supervisor');
    for (const [key, status] of [
      ['lab_to_inspect', 'received'],
      ['lab_to_post', 'inspected'],
      ['lab_to_release', 'posted'],
    ] as const) {
      expect(labels(work, key).sort(), key).toEqual(
        await numbers('lab_receivings', `status = '${status}'`),
      );
    }
    expect(keys(work)).toContain('lab_to_inspect');
    expect(keys(work)).not.toContain('lab_to_receive');
  });

  it("shows each assembly crew the kit orders at its own stage, on the crews' board", async () => {
    const stages = {
      sealer: [
        'kits_to_seal',
        `status = 'released' or (status = 'in_progress' and stage = 'sealing')`,
      ],
      stamper: ['kits_to_stamp', `status = 'in_progress' and stage = 'stamping'`],
      cartoner: ['kits_to_carton', `status = 'in_progress' and stage = 'cartoning'`],
    } as const;
    for (const [crew, [key, where]] of Object.entries(stages)) {
      const work = await myWork(crew);
      const expected = await numbers('assembly_orders', where);
      expect(expected.length, `${crew}: the demo has an order at the stage`).toBeGreaterThan(0);
      expect(labels(work, key).sort(), crew).toEqual(expected);
      expect(
        keys(work).filter((k) => k.startsWith('kits_')),
        crew,
      ).toEqual([key]);
      expect(queue(work, key)!.items[0]!.href).toBe('/assembly/assembly-dashboard');
    }
  });

  it('shows sale its confirmed orders to allocate and to ship', async () => {
    const work = await myWork('sale');
    const toAllocate = await numbers(
      'sales_orders r',
      `status = 'confirmed' and exists (select 1 from sales_order_lines l
        where l.sales_order_id = r.id and l.qty - l.qty_cancelled - l.qty_allocated > 0)`,
    );
    const toShip = await numbers(
      'sales_orders r',
      `status = 'confirmed' and exists (select 1 from sales_order_lines l
        where l.sales_order_id = r.id and l.qty_allocated > l.qty_shipped)`,
    );
    expect(toAllocate.length + toShip.length).toBeGreaterThan(0);
    expect(labels(work, 'sales_to_allocate').sort()).toEqual(toAllocate);
    expect(labels(work, 'sales_to_ship').sort()).toEqual(toShip);
    expect(keys(work)).not.toContain('po_drafts');
  });
});
