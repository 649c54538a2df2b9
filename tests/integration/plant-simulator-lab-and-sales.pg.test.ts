import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { LAB_STATS, labReceipts } from '../../server/simulate/lab-receipts.ts';
import { SIM_MARK } from '../../server/simulate/plant-api.ts';
import { plantPlaces } from '../../server/simulate/plant-places.ts';
import { startPlantSimulator, type PlantSimulator } from '../../server/simulate/plant-simulator.ts';
import { supplierSources } from '../../server/simulate/purchase-clerk.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type Row } from '../support/entity-crud.ts';
import { testCrew } from '../support/test-crew.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The simulator's supply and sales people, against a real
// server with the demo plant, ticked by hand: when the floor runs out of nicotine it arrives
// through lab receiving (the warehouse receives it against a PO with a PDF CoA and containers,
// the supervisor inspects, posts and releases it) and batching consumes the released lot only
// afterwards; the sale user takes orders and moves them draft → confirmed → shipped / closed,
// never confirming one over the customer's credit limit. Everything through the API as the
// demo people, so no step is refused for its role. A delivery the supervisor rejects puts
// nothing in stock and leaves its order open for the next one.

/** The runs tick until the goods moved (bounded): on a loaded machine, a while. */
const TICKING = 240_000;

type Transition = { event: string; from_status: string | null; to_status: string; by: string };

describe.each(backends())("the plant simulator's lab receiving and sales desk on %s", (backend) => {
  let t: TestServer;
  let sim: PlantSimulator;
  const db = () => t.server.database.db;
  const transitions = (entity: string, id: number) =>
    queryRows<Transition>(
      db(),
      sql`select s.event, s.from_status, s.to_status, u.username as by
            from status_transitions s join users u on u.id = s.created_by
           where s.entity_type = ${entity} and s.entity_id = ${id} order by s.id`,
    );

  beforeAll(async () => {
    t = await startTestServer({ backend });
    sim = startPlantSimulator({
      baseUrl: t.url,
      paceMs: 0,
      seed: 5,
      autoTick: false,
      openOrders: 2,
    });
  }, 120_000);
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  it(
    'receives nicotine through the lab when the floor runs out, and batching uses it once released',
    async () => {
      // Someone used up every litre of nicotine the pickers reach: only a delivery helps.
      const inventory = entityClient(t.url, await tokenFor(t.url, 'inventory'));
      const held = await queryRows<{
        product_id: number;
        location_id: number;
        lot_id: number | null;
        bin_id: number | null;
        qty: number;
      }>(
        db(),
        sql`select b.product_id::int as product_id, b.location_id::int as location_id,
                   b.lot_id::int as lot_id, b.bin_id::int as bin_id, b.qty_on_hand::float8 as qty
              from stock_balances b join products p on p.id = b.product_id
              join locations l on l.id = b.location_id
             where p.type = 'nicotine_base' and b.qty_on_hand > 0 and l.type = 'warehouse'`,
      );
      expect(held.length).toBeGreaterThan(0);
      const drained = await inventory.send<Row>('POST', '/api/inventory/stock-adjustments', {
        location_id: held[0]!.location_id,
        note: 'Spilled drums written off',
        lines: held.map((h) => ({
          product_id: h.product_id,
          lot_id: h.lot_id,
          bin_id: h.bin_id,
          qty_delta: -h.qty,
        })),
      });
      expect(drained.httpStatus).toBe(201);
      const posted = await inventory.send<Row>(
        'POST',
        `/api/inventory/stock-adjustments/${drained.data.id}/events/post`,
        { version: drained.data.version },
      );
      expect(posted.httpStatus).toBe(200);

      type Used = { item_id: number; receiving_id: number; lot_id: number; qty: number };
      const consumed = () =>
        queryRows<Used>(
          db(),
          sql`select i.id::int as item_id, i.lab_receiving_id::int as receiving_id,
                     i.lot_id::int as lot_id, i.qty::float8 as qty
                from lab_receiving_items i
                join lab_receivings r on r.id = i.lab_receiving_id
                join products p on p.id = i.product_id
               where r.note like ${`%${SIM_MARK}%`} and p.type = 'nicotine_base'
                 and exists (select 1 from stock_movements m
                              where m.lot_id = i.lot_id and m.movement_type = 'consume'
                                and m.source_type = 'production_orders')
               order by i.id limit 1`,
        );
      for (let i = 0; i < 200 && (await consumed()).length === 0; i += 1) await sim.tick();
      const stats = sim.stats();
      const [used] = await consumed();
      expect(used, JSON.stringify(stats)).toBeDefined();
      expect(stats.labReceivings).toBeGreaterThanOrEqual(1);
      expect(stats.labReleased).toBeGreaterThanOrEqual(1);
      expect(stats.chemicalsPutAway).toBeGreaterThanOrEqual(1);
      expect(stats.refused.forbidden + stats.refused.other, JSON.stringify(stats)).toBe(0);

      // Its receiving went every step, each by the role whose step it is.
      const steps = await transitions('lab_receivings', used!.receiving_id);
      expect(steps.map((s) => [s.event, s.to_status, s.by])).toEqual([
        ['receive', 'received', 'warehouse'],
        ['inspect', 'inspected', 'supervisor'],
        ['post', 'posted', 'supervisor'],
        ['release', 'released', 'supervisor'],
      ]);
      const [receiving] = await queryRows<{
        po_status: string;
        po_note: string;
        location_type: string;
        created_by: string;
      }>(
        db(),
        sql`select po.status as po_status, po.note as po_note, l.type as location_type,
                   u.username as created_by
              from lab_receivings r join purchase_orders po on po.id = r.purchase_order_id
              join locations l on l.id = r.location_id join users u on u.id = r.created_by
             where r.id = ${used!.receiving_id}`,
      );
      expect(receiving).toMatchObject({ location_type: 'lab', created_by: 'warehouse' });
      expect(['received', 'partially_received']).toContain(receiving!.po_status);

      // The item: supplier lot, expiry, a measured flashpoint in a class, a PDF CoA, and
      // containers whose nets add up to it, released with their lot.
      const [item] = await queryRows<{
        supplier_lot_no: string;
        expiry_date: string | null;
        flashpoint_class_id: number | null;
        coa_type: string | null;
        lot_status: string;
        lot_no: string;
      }>(
        db(),
        sql`select i.supplier_lot_no, i.expiry_date::text as expiry_date,
                   i.flashpoint_class_id::int as flashpoint_class_id, a.content_type as coa_type,
                   l.status as lot_status, l.lot_no
              from lab_receiving_items i left join attachments a on a.id = i.coa_attachment_id
              join stock_lots l on l.id = i.lot_id where i.id = ${used!.item_id}`,
      );
      expect(item).toMatchObject({ coa_type: 'application/pdf', lot_status: 'released' });
      expect(item!.lot_no).toBe(item!.supplier_lot_no);
      expect(item!.expiry_date).not.toBeNull();
      expect(item!.flashpoint_class_id).not.toBeNull();
      const containers = await queryRows<{ net: number; status: string }>(
        db(),
        sql`select net_qty::float8 as net, status from receiving_containers
             where lab_receiving_item_id = ${used!.item_id}`,
      );
      expect(containers.length).toBeGreaterThan(0);
      expect(containers.reduce((s, c) => s + c.net, 0)).toBeCloseTo(used!.qty, 3);
      // Released, or already in use: the first batching pick of their lot opens them.
      expect(containers.every((c) => ['released', 'in_use'].includes(c.status))).toBe(true);

      // The lot left the lab only after its release: before it, its one movement was the
      // receipt into the lab; the floor consumed it where the pickers took it.
      const early = await queryRows<{ movement_type: string; location_type: string }>(
        db(),
        sql`select m.movement_type, l.type as location_type from stock_movements m
              join locations l on l.id = m.location_id
             where m.lot_id = ${used!.lot_id}
               and m.id < (select min(m2.id) from stock_movements m2
                            where m2.lot_id = ${used!.lot_id} and m2.source_type = 'transfers')
             order by m.id`,
      );
      expect(early).toEqual([{ movement_type: 'receipt', location_type: 'lab' }]);
      const [released] = await queryRows<{ at: string }>(
        db(),
        sql`select created_at::text as at from status_transitions
             where entity_type = 'lab_receivings' and entity_id = ${used!.receiving_id}
               and event = 'release'`,
      );
      const [firstMove] = await queryRows<{ released_first: boolean }>(
        db(),
        sql`select min(moved_at) >= ${released!.at}::timestamptz as released_first
              from stock_movements where lot_id = ${used!.lot_id} and movement_type <> 'receipt'`,
      );
      expect(firstMove!.released_first).toBe(true);
    },
    TICKING,
  );

  it(
    'takes sales orders as the sale user: confirmed, allocated and shipped, never over the credit limit',
    async () => {
      type Order = { id: number; status: string; shipping_status: string; credit_limit: number };
      const simOrders = () =>
        queryRows<Order>(
          db(),
          sql`select o.id::int as id, o.status, o.shipping_status,
                     c.credit_limit::float8 as credit_limit
                from sales_orders o join customers c on c.id = o.customer_id
               where o.note like ${`%${SIM_MARK}%`} order by o.id`,
        );
      const shipped = async () =>
        (await simOrders()).filter(
          (o) => o.status === 'closed' && o.shipping_status !== 'not_shipped',
        );
      for (let i = 0; i < 150 && (await shipped()).length === 0; i += 1) await sim.tick();
      const stats = sim.stats();
      const [order] = await shipped();
      expect(order, JSON.stringify(stats)).toBeDefined();
      expect(stats.salesOrders).toBeGreaterThanOrEqual(1);
      expect(stats.salesShipped).toBeGreaterThanOrEqual(1);
      expect(stats.refused.forbidden + stats.refused.other, JSON.stringify(stats)).toBe(0);

      const steps = await transitions('sales_orders', order!.id);
      expect(steps.every((s) => s.by === 'sale')).toBe(true);
      const path = steps.map((s) => s.event);
      expect(path[0]).toBe('confirm');
      expect(path).toContain('allocate');
      expect(path.some((e) => e === 'ship' || e === 'ship_partial')).toBe(true);
      expect(steps.at(-1)!.to_status).toBe('closed');

      // It shipped from a distribution centre, through its packing list's ship movements.
      const moves = await queryRows<{ location_type: string; qty: number }>(
        db(),
        sql`select l.type as location_type, m.qty::float8 as qty from stock_movements m
              join locations l on l.id = m.location_id
              join allocations a on a.id = m.source_id and m.source_type = 'allocations'
             where a.sales_order_id = ${order!.id} and m.movement_type = 'ship'`,
      );
      expect(moves.length).toBeGreaterThan(0);
      expect(moves.every((m) => m.location_type === 'distribution_center' && m.qty < 0)).toBe(true);

      // The credit limit holds: no order of the desk was confirmed by an override, and none
      // over its customer's limit (a zero limit here) went past draft.
      const all = await simOrders();
      const overrides = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from status_transitions
             where entity_type = 'sales_orders' and event = 'override_credit'`,
      );
      expect(overrides[0]!.n).toBe(0);
      for (const o of all.filter((x) => x.credit_limit === 0)) {
        expect(['draft', 'cancelled']).toContain(o.status);
      }
    },
    TICKING,
  );
  it('rejects a delivery now and then: nothing of it in stock, the order open for the next', async () => {
    let rejecting = true;
    // The crew's only dice here are the supervisor's "reject this one?".
    const { crew, refused } = testCrew(t.url, 9, { chance: () => rejecting });
    const stats = { ...LAB_STATS, purchaseOrders: 0 };
    const lab = labReceipts({ ...crew, stats, places: plantPlaces(crew) });
    const [vg] = await queryRows<{ id: number; warehouse: number }>(
      db(),
      sql`select p.id::int as id, (select id::int from locations where code = 'WH-MAIN') as warehouse
            from products p where p.sku = 'RM-VG-USP'`,
    );
    const source = (await supplierSources(crew)).get(vg!.id)!;
    expect(source).toBeDefined();
    type Doc = { id: number; status: string; purchase_order_id: number; po_status: string };
    const ours = () =>
      queryRows<Doc>(
        db(),
        sql`select r.id::int as id, r.status, r.purchase_order_id::int as purchase_order_id,
                   po.status as po_status
              from lab_receivings r join purchase_orders po on po.id = r.purchase_order_id
             where r.note like ${`%${SIM_MARK}%`}
               and exists (select 1 from lab_receiving_items i
                            where i.lab_receiving_id = r.id and i.product_id = ${vg!.id})
             order by r.id`,
      );

    // Low on VG: the warehouse opens a receiving; the supervisor rejects it on inspection.
    await lab.restock(source, vg!.id, 1000, vg!.warehouse, false);
    for (let i = 0; i < 3 && !(await ours()).some((d) => d.status === 'rejected'); i += 1) {
      await lab.step();
    }
    const rejected = (await ours()).find((d) => d.status === 'rejected');
    expect(rejected, JSON.stringify(refused)).toBeDefined();
    expect(stats.labRejected).toBeGreaterThanOrEqual(1);
    expect(['sent', 'partially_received']).toContain(rejected!.po_status);
    const steps = await transitions('lab_receivings', rejected!.id);
    expect(steps.at(-1)).toMatchObject({ event: 'reject', by: 'supervisor' });
    const [left] = await queryRows<{ moves: number; lots: number }>(
      db(),
      sql`select (select count(*) from stock_movements
                   where source_type = 'lab_receivings' and source_id = ${rejected!.id})::int as moves,
                 (select count(*) from lab_receiving_items where lab_receiving_id = ${rejected!.id}
                   and lot_id is not null)::int as lots`,
    );
    expect(left).toEqual({ moves: 0, lots: 0 });

    // The floor is stuck on it: the next delivery against the same order is driven through.
    rejecting = false;
    expect(await lab.restock(source, vg!.id, 1000, vg!.warehouse, true)).toBe(true);
    const next = (await ours()).filter((d) => d.id > rejected!.id);
    expect(next.map((d) => [d.status, d.purchase_order_id])).toEqual([
      ['released', rejected!.purchase_order_id],
    ]);
    expect(refused).toEqual([]);
  });
});
