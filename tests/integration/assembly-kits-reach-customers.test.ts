import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { groupedAmount } from '../../server/db/grouped-amount.ts';
import { priceTierPrices, stockLots } from '../../server/db/schema/inventory.ts';
import { ASSEMBLY_FLOWS } from '../../modules/assembly/shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_LINE_REELS,
  ASSEMBLY_ORDERS,
} from '../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import { TRACE_API, type Trace } from '../../src/domain/entities/stock/lot-trace.ts';
import type { Row } from '../support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../support/sales-fixtures.ts';

// A kit order of the line on a kit of its own, through the real server: release counts the
// components' free stock and refuses, naming what is short, with nothing written; cartoning
// receives the kits into the warehouse in a lot of their own, which a sales order sells and
// ships; and the trace of a component's lot goes through the kit order and the kit lot to the
// customer who received the kit.

describe('kits reach customers', () => {
  let w: SalesWorld;
  let kit = 0;
  let bottles = 0;
  let bottleLot = 0;
  let cartons = 0;
  let flow = 0;
  let reel: Row;

  const admin = () => w.api('admin');
  const orderOf = async (id: number) =>
    (await (await admin()).get<Row>(`${ASSEMBLY_ORDERS.api}/${id}`)).data;
  async function send(who: string, api: string, id: number, event: string, extra = {}) {
    const version = (await orderOf(id)).version;
    return (await w.api(who)).send<Row>('POST', `${api}/${id}/events/${event}`, {
      version,
      ...extra,
    });
  }
  async function step(who: string, api: string, id: number, event: string, extra = {}) {
    const reply = await send(who, api, id, event, extra);
    expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  }
  const planned = async (units: number) =>
    (await admin()).create(ASSEMBLY_ORDERS, {
      product_id: kit,
      flow_id: flow,
      planned_units: units,
      due_date: '2026-12-15',
      stamp_jurisdiction_id: reel.stamp_jurisdiction_id,
    });

  beforeAll(async () => {
    w = await startSalesWorld('pglite');
    // A kit of two bottles (a lot of 30) and one carton (a lot of 12) per kit.
    bottles = await w.newProduct(true);
    cartons = await w.newProduct(false);
    bottleLot = await w.stockLot(bottles, 30, '2027-06-30');
    await w.stockLot(cartons, 12, '2027-06-30');
    const [row] = await queryRows<{ id: number }>(
      w.db,
      sql`insert into products (sku, name, type, measure_id, requires_stamp, stamp_jurisdiction_id)
          select 'KIT-TEST-DUO', 'Test duo kit', 'kit', measure_id, true, stamp_jurisdiction_id
            from products where sku = 'KIT-MANGO-DUO'
          returning id::int as id`,
    );
    kit = row!.id;
    await w.db.execute(
      sql`insert into product_components (product_id, component_product_id, qty_per_unit)
          values (${kit}, ${bottles}, 2), (${kit}, ${cartons}, 1)`,
    );
    flow = (await (await admin()).get<{ rows: Row[] }>(ASSEMBLY_FLOWS.api)).data.rows[0]!.id;
    reel = (await (await w.api('stamper')).get<{ rows: Row[] }>(ASSEMBLY_LINE_REELS.api)).data
      .rows[0]!;
  }, 240_000);
  afterAll(async () => w?.t.close());

  it('refuses to release an order its components cannot cover, naming each short one, and writes nothing', async () => {
    const [b, c] = await queryRows<{ sku: string; name: string }>(
      w.db,
      sql`select sku, name from products where id in (${bottles}, ${cartons}) order by id`,
    );
    const draft = await planned(20);
    const reply = await send('admin', ASSEMBLY_ORDERS.api, draft.id, 'release');
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({
      planned_units:
        `Not enough free stock to release: ${b!.sku} ${b!.name} needs 40, 30 available; ` +
        `${c!.sku} ${c!.name} needs 20, 12 available`,
    });
    const after = await orderOf(draft.id);
    expect([after.status, after.version, after.components]).toEqual(['draft', draft.version, []]);

    // Ten kits fit; the next order counts what the first one will take: 10 bottles are still
    // free for its 5 kits, but only 2 cartons.
    const fits = await planned(10);
    expect((await step('admin', ASSEMBLY_ORDERS.api, fits.id, 'release')).status).toBe('released');
    const second = await planned(5);
    const short = await send('admin', ASSEMBLY_ORDERS.api, second.id, 'release');
    expect([short.httpStatus, short.data]).toEqual([
      422,
      {
        planned_units: `Not enough free stock to release: ${c!.sku} ${c!.name} needs 5, 2 available`,
      },
    ]);
    // The floor's card of the released order says nothing is missing; once its bottles'
    // lot is held back (a failed test), it says what the order now waits for.
    const card = async () =>
      (await (await w.api('sealer')).get<Row>(`${ASSEMBLY_DASHBOARD_ORDERS.api}/${fits.id}`)).data
        .waiting_for;
    expect(await card()).toBeNull();
    await w.db.update(stockLots).set({ status: 'quarantine' }).where(eq(stockLots.id, bottleLot));
    expect(await card()).toBe(`${b!.sku} needs 20, 0 available`);
    await w.db.update(stockLots).set({ status: 'released' }).where(eq(stockLots.id, bottleLot));
    expect(await card()).toBeNull();
  });

  it("follows a component's lot through the kit order and the kit lot to the customer who received the kit", async () => {
    const [released] = (
      await (await admin()).get<{ rows: Row[] }>(ASSEMBLY_ORDERS.api, { per_page: 50 })
    ).data.rows.filter((r) => r.product_id === kit && r.status === 'released');
    const id = released!.id;
    const floor = ASSEMBLY_DASHBOARD_ORDERS.api;
    await step('sealer', floor, id, 'start_sealing');
    await step('sealer', floor, id, 'finish_sealing', { sealed_units: 10, sealing_waste: 0 });
    await step('stamper', floor, id, 'finish_stamping', { reel_id: reel.id, stamped_units: 10 });
    const done = await step('cartoner', floor, id, 'finish_cartoning', { cartoned_units: 10 });
    expect(done.status).toBe('completed');
    const [kitLot] = await queryRows<{ id: number; location: number; qty: number }>(
      w.db,
      sql`select l.id::int as id, b.location_id::int as location, b.qty_on_hand::float8 as qty
            from stock_lots l join stock_balances b on b.lot_id = l.id
           where l.product_id = ${kit} and l.lot_no = ${released!.number}`,
    );
    expect(kitLot?.qty).toBe(10);

    // Sold like any finished good: priced in the customer's tier, allocated, shipped.
    await w.db.insert(priceTierPrices).values({
      priceTierId: w.tier,
      productId: kit,
      minQty: '1',
      unitPrice: '25',
      validFrom: '2026-01-01',
    });
    const customer = await w.newCustomer('ON', 1_000_000);
    const sale = await w.api('sale');
    const created = await sale.send<Row>('POST', SALES_ORDERS.api, {
      ...w.orderOf(customer, [{ product_id: kit, qty: 4 }]),
      ship_from_location_id: kitLot!.location,
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    let order = created.data;
    for (const event of ['confirm', 'allocate', 'ship']) {
      const reply = await sale.send<Row>(
        'POST',
        `${SALES_ORDERS.api}/${order.id}/events/${event}`,
        {
          version: order.version,
        },
      );
      expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
      order = reply.data;
    }
    expect(order.shipping_status).toBe('shipped');

    const trace = (
      await (
        await w.api('admin')
      ).get<Trace>(TRACE_API, {
        from: `lot:${bottleLot}`,
        direction: 'forward',
      })
    ).data;
    const keys = trace.nodes.map((n) => n.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `assembly_order:${id}`,
        `lot:${kitLot!.id}`,
        `sales_order:${order.id}`,
        `customer:${customer}`,
      ]),
    );
    const edge = (from: string, to: string) =>
      trace.edges.find((e) => e.from === from && e.to === to);
    // 2 bottles into each of the 10 kits; the 10 kits out of the order.
    expect(edge(`lot:${bottleLot}`, `assembly_order:${id}`)?.qty).toBe(20);
    expect(edge(`assembly_order:${id}`, `lot:${kitLot!.id}`)?.qty).toBe(10);
    expect(trace.nodes.find((n) => n.key === `assembly_order:${id}`)?.label).toBe(released!.number);

    // And back: the kit lot's trace reaches the bottles' lot.
    const back = (
      await (
        await w.api('admin')
      ).get<Trace>(TRACE_API, {
        from: `lot:${kitLot!.id}`,
        direction: 'backward',
      })
    ).data;
    expect(back.nodes.map((n) => n.key)).toContain(`lot:${bottleLot}`);
  });

  it('offers the kit among sellable goods by its name, with its name and free stock beside the SKU', async () => {
    const sale = await w.api('sale');
    type Option = { value: number; label: string; detail: string | null };
    const sellable = await sale.get<Option[]>('/api/inventory/products/options', {
      search: 'test duo',
      parameter_type: 'finished_good,kit',
    });
    expect(sellable.httpStatus).toBe(200);
    // Found by its name; 10 made, 4 shipped.
    expect(sellable.data).toEqual([
      { value: kit, label: 'KIT-TEST-DUO', detail: 'Test duo kit · 6 ea available' },
    ]);
    // A component (not a finished good) is no sellable good.
    const [b] = await queryRows<{ sku: string }>(
      w.db,
      sql`select sku from products where id = ${bottles}`,
    );
    const raw = await sale.get<Option[]>('/api/inventory/products/options', {
      search: b!.sku,
      parameter_type: 'finished_good,kit',
    });
    expect(raw.data).toEqual([]);
    const reels = await (
      await w.api('stamper')
    ).get<Option[]>(`${ASSEMBLY_LINE_REELS.api}/options`, { ids: [reel.id] });
    // What is left, grouped as the screens write numbers ("4,990 stamps left").
    const [left] = await queryRows<{ qty: number }>(
      w.db,
      sql`select remaining_qty::float8 as qty from stamp_reels where id = ${reel.id}`,
    );
    const grouped = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 3 }).format(left!.qty);
    expect(reels.data.find((r) => r.value === reel.id)?.detail).toMatch(
      new RegExp(`^\\S.* · ${grouped} stamps left$`),
    );
    // A full reel's thousands are grouped, its decimals kept, and no bare point is left.
    const [words] = await queryRows<{ full: string; part: string; whole: string }>(
      w.db,
      sql`select ${groupedAmount(sql`2400::numeric`)} as full,
                 ${groupedAmount(sql`591023.856::numeric`)} as part,
                 ${groupedAmount(sql`12.000::numeric`)} as whole`,
    );
    expect(words).toEqual({ full: '2,400', part: '591,023.856', whole: '12' });
  });
});
