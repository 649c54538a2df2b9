import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ASSEMBLY_FLOWS } from '../../shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_LINE_REELS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
} from '../../shared/entities/assembly-orders.entity.ts';
import {
  ASSEMBLY_DAMAGED_STAMPS,
  ASSEMBLY_REELS_SUMMARY,
  ASSEMBLY_STAMPING_REPORT,
} from '../../shared/entities/assembly-reports.entity.ts';
import { FLOWS } from '../../../../src/domain/entities/production/flows.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { Reply } from '../../../../tests/support/api-client.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../../../tests/support/entity-crud.ts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server.ts';

// Assembly orders AO- (docs/domain/assembly.md §4) through HTTP on the demo plant: admin plans and
// releases, each crew moves the order out of its stage from its own screen's API, and the server
// holds the line: the role before the version, the version before the guards, cartoned ≤ stamped ≤
// sealed, components consumed and kits received into the warehouse through the one stock
// ledger (which ends the order: kits ship on sales orders), stamps off an assembly reel
// through the reel ledger.

type Order = Row & {
  number: string;
  status: string;
  stage: string | null;
  sealed_units: number;
  stamped_units: number;
  cartoned_units: number;
  components: (Row & { product_id: number; required_qty: number; consumed_qty: number })[];
};

const CREW = ['admin', 'sealer', 'stamper', 'cartoner', 'transfer', 'shipping', 'batcher'];

describe('assembly orders', () => {
  let t: TestServer;
  const as: Record<string, EntityApiClient> = {};
  let kitId = 0;
  let flowId = 0;
  let jurisdictionId = 0;
  let reelId = 0;

  const db = () => t.server.database.db;
  const order = async (id: number) =>
    (await as.admin!.get<Order>(`${ASSEMBLY_ORDERS.api}/${id}`)).data;
  const send = async (
    who: string,
    api: string,
    id: number,
    event: string,
    extra: object = {},
    version?: number,
  ): Promise<Reply<Order>> =>
    as[who]!.send<Order>('POST', `${api}/${id}/events/${event}`, {
      version: version ?? (await order(id)).version,
      ...extra,
    });
  const moved = async (who: string, api: string, id: number, event: string, extra = {}) => {
    const reply = await send(who, api, id, event, extra);
    expect(reply.httpStatus, `${event} by ${who}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  };
  const planned = async (units = 10) =>
    (await as.admin!.create(ASSEMBLY_ORDERS, {
      product_id: kitId,
      flow_id: flowId,
      planned_units: units,
      due_date: '2026-12-15',
      stamp_jurisdiction_id: jurisdictionId,
    })) as Order;
  const floor = ASSEMBLY_DASHBOARD_ORDERS.api;
  /** An order released and sealed (10 sealed, 1 wasted), waiting at stamping. */
  const sealed = async () => {
    const o = await planned();
    await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'release');
    await moved('sealer', floor, o.id, 'start_sealing');
    return moved('sealer', floor, o.id, 'finish_sealing', { sealed_units: 10, sealing_waste: 1 });
  };
  const onHand = async (sku: string) => {
    const [row] = await queryRows<{ qty: number }>(
      db(),
      sql`select coalesce(sum(b.qty_on_hand), 0)::float8 as qty from stock_balances b
            join products p on p.id = b.product_id where p.sku = ${sku}`,
    );
    return Number(row?.qty ?? 0);
  };

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of CREW) as[user] = entityClient(t.url, await tokenFor(t.url, user));
    const [kit] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from products where sku = 'KIT-MANGO-DUO'`,
    );
    kitId = kit!.id;
    const flows = await as.admin!.get<List>(ASSEMBLY_FLOWS.api);
    flowId = flows.data.rows[0]!.id;
    const [on] = await queryRows<{ id: number }>(
      db(),
      sql`select p.id::int as id from parameters p join parameter_types pt on pt.id = p.parameter_type_id
           where pt.code = 'stamp_jurisdiction' and p.code = 'ON'`,
    );
    jurisdictionId = on!.id;
    const reels = await as.stamper!.get<List>(ASSEMBLY_LINE_REELS.api);
    reelId = reels.data.rows[0]!.id;
  }, 120_000);
  afterAll(async () => t.close());

  it('shows only assembly flows on the assembly configuration, and makes new ones assembly', async () => {
    const flows = await as.admin!.get<List>(ASSEMBLY_FLOWS.api, { per_page: 100 });
    expect(flows.data.rows.map((f) => f.module)).toEqual(flows.data.rows.map(() => 'assembly'));
    const created = await as.admin!.create(ASSEMBLY_FLOWS, {
      code: 'kit_two',
      name: 'Kit line two',
      module: 'assembly',
      actions: [{ phase_id: (await as.admin!.get<List>('/api/assembly/phases')).data.rows[0]!.id }],
    });
    expect(created.module).toBe('assembly');
    const production = await as.admin!.get<List>(FLOWS.api, { per_page: 100 });
    const standard = production.data.rows.find((f) => f.module === 'production')!;
    // A production flow is not the assembly screen's to read.
    expect((await as.admin!.get(`${ASSEMBLY_FLOWS.api}/${standard.id}`)).httpStatus).toBe(404);
  });

  it('plans a draft numbered AO- and refuses a product that is not a kit', async () => {
    const o = await planned();
    expect(o.number).toMatch(/^AO-\d{5}$/);
    expect(o.status).toBe('draft');
    const [bottle] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from products where sku = 'FG-MANGO-06-30'`,
    );
    const refused = await as.admin!.send('POST', ASSEMBLY_ORDERS.api, {
      product_id: bottle!.id,
      flow_id: flowId,
      planned_units: 5,
      due_date: '2026-12-15',
      stamp_jurisdiction_id: jurisdictionId,
    });
    expect(refused.httpStatus).toBe(422);
    // The kit picker offers kits only; another type is no kit at all.
    expect(refused.data).toEqual({ product_id: 'exists' });
    // A kit whose bill is still empty cannot be planned either.
    const [bare] = await queryRows<{ id: number }>(
      db(),
      sql`insert into products (sku, name, type, measure_id, requires_stamp, stamp_jurisdiction_id)
          select 'KIT-NO-BILL', 'Kit without a bill', 'kit', k.measure_id, true,
                 k.stamp_jurisdiction_id
            from products k where k.sku = 'KIT-MANGO-DUO'
          returning id::int as id`,
    );
    const empty = await as.admin!.send('POST', ASSEMBLY_ORDERS.api, {
      product_id: bare!.id,
      flow_id: flowId,
      planned_units: 5,
      due_date: '2026-12-15',
      stamp_jurisdiction_id: jurisdictionId,
    });
    expect(empty.httpStatus).toBe(422);
    expect(empty.data).toEqual({ product_id: 'Choose a kit with components' });
  });

  it('releases with the kit components snapshotted; only admin releases', async () => {
    const o = await planned(10);
    const sealer = await send('sealer', floor, o.id, 'release');
    // Not a floor event: the dashboard's route does not carry it.
    expect(sealer.httpStatus).toBe(422);
    const released = await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'release');
    expect(released.status).toBe('released');
    expect(released.components.map((c) => c.required_qty).sort()).toEqual([10, 20]);
  });

  it('refuses a role before the version, and a stale version before a guard', async () => {
    const o = await planned();
    await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'release');
    const byStamper = await send('stamper', floor, o.id, 'start_sealing', {}, 99);
    expect(byStamper.httpStatus).toBe(403);
    expect(JSON.stringify(byStamper.data ?? null)).not.toContain('version');
    const stale = await send(
      'sealer',
      floor,
      o.id,
      'start_sealing',
      {},
      (await order(o.id)).version - 1,
    );
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    const byBatcher = await as.batcher!.send('POST', `${floor}/${o.id}/events/start_sealing`, {
      version: 1,
    });
    expect(byBatcher.httpStatus).toBe(403);
  });

  it('seals: consumes the components of sealed and wasted kits from stock, FEFO', async () => {
    const before = await onHand('FG-MANGO-06-30');
    const o = await sealed();
    expect(o.stage).toBe('stamping');
    expect(o.sealed_units).toBe(10);
    // 2 bottles per kit × (10 sealed + 1 wasted).
    expect(before - (await onHand('FG-MANGO-06-30'))).toBe(22);
    expect(o.components.map((c) => c.consumed_qty).sort((a, b) => a - b)).toEqual([11, 22]);
    // Consumed: it can no longer be cancelled.
    const cancel = await send('admin', ASSEMBLY_ORDERS.api, o.id, 'hold', { reason: 'jam' });
    expect(cancel.httpStatus).toBe(200);
    const refused = await send('admin', ASSEMBLY_ORDERS.api, o.id, 'cancel', { reason: 'no' });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ status: 'Components were already consumed for this order' });
    const resumed = await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'resume');
    expect([resumed.status, resumed.stage]).toEqual(['in_progress', 'stamping']);
  });

  it('refuses stamping more than was sealed, with nothing written', async () => {
    const o = await sealed();
    const over = await send('stamper', floor, o.id, 'finish_stamping', {
      reel_id: reelId,
      stamped_units: 10,
      stamping_waste: 1,
    });
    expect(over.httpStatus).toBe(422);
    expect(over.data).toEqual({
      stamped_units: 'Stamped and wasted units exceed the 10 units sealed',
    });
    const missing = await send('stamper', floor, o.id, 'finish_stamping', { stamped_units: 5 });
    expect(missing.data).toEqual({ reel_id: 'required' });
    const after = await order(o.id);
    expect([after.stage, after.stamped_units, after.version]).toEqual(['stamping', 0, o.version]);
  });

  it('stamps from an assembly reel and cartons the kits into the warehouse, which completes the order', async () => {
    const o = await sealed();
    const [reelBefore] = await queryRows<{ remaining: number }>(
      db(),
      sql`select remaining_qty as remaining from stamp_reels where id = ${reelId}`,
    );
    const stamped = await moved('stamper', floor, o.id, 'finish_stamping', {
      reel_id: reelId,
      stamped_units: 9,
      stamping_waste: 1,
      damaged_stamps: 2,
      damage_reason: 'Torn on the applicator',
    });
    expect([stamped.stage, stamped.stamped_units]).toEqual(['cartoning', 9]);
    const [reelAfter] = await queryRows<{ remaining: number }>(
      db(),
      sql`select remaining_qty as remaining from stamp_reels where id = ${reelId}`,
    );
    expect(reelBefore!.remaining - reelAfter!.remaining).toBe(12);

    const over = await send('cartoner', floor, o.id, 'finish_cartoning', { cartoned_units: 10 });
    expect(over.httpStatus).toBe(422);
    expect(over.data).toEqual({
      cartoned_units: 'Cartoned and wasted units exceed the 9 units stamped',
    });
    const kitsBefore = await onHand('KIT-MANGO-DUO');
    const cartoned = await moved('cartoner', floor, o.id, 'finish_cartoning', {
      cartoned_units: 8,
      cartoning_waste: 1,
    });
    expect(cartoned.status).toBe('completed');
    expect((await onHand('KIT-MANGO-DUO')) - kitsBefore).toBe(8);
    // In the warehouse sales orders allocate from, in a released lot numbered like the order.
    const [lot] = await queryRows<{
      lot_no: string;
      status: string;
      location: string;
      qty: number;
    }>(
      db(),
      sql`select l.lot_no, l.status, loc.type as location, b.qty_on_hand::float8 as qty
            from stock_balances b join stock_lots l on l.id = b.lot_id
            join locations loc on loc.id = b.location_id
           where l.lot_no = ${o.number} and b.product_id = ${kitId}`,
    );
    expect(lot).toEqual({ lot_no: o.number, status: 'released', location: 'warehouse', qty: 8 });
    // Shipping's board lists it among the kits in stock; there is no customer-less ship.
    const inStock = await as.shipping!.get<List>(ASSEMBLY_SHIPPING_ORDERS.api, { per_page: 200 });
    expect(inStock.data.rows.map((r) => r.id)).toContain(o.id);
    const ship = await send('admin', ASSEMBLY_ORDERS.api, o.id, 'ship');
    expect([ship.httpStatus, ship.data]).toEqual([422, { 'params.event': 'in' }]);
    const closed = await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'close');
    expect(closed.status).toBe('closed');

    const log = await as.admin!.get<List>(ASSEMBLY_STAMPING_REPORT.api, { per_page: 500 });
    expect(log.httpStatus, JSON.stringify(log)).toBe(200);
    expect(log.data.rows.find((r) => r.number === o.number)).toMatchObject({
      stamped: 9,
      wasted: 1,
      damaged: 2,
    });
    const summary = await as.admin!.get<List>(ASSEMBLY_REELS_SUMMARY.api);
    expect(String(summary.data.rows.find((r) => r.id === reelId)?.orders)).toContain(o.number);
    const damaged = await as.admin!.get<List>(ASSEMBLY_DAMAGED_STAMPS.api, { per_page: 500 });
    expect(damaged.data.rows.find((r) => r.number === o.number)).toMatchObject({
      qty: 2,
      reason: 'Torn on the applicator',
    });
  });

  it('cancels a released order before any consumption, with a reason', async () => {
    const o = await planned();
    await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'release');
    const noReason = await send('admin', ASSEMBLY_ORDERS.api, o.id, 'cancel');
    expect(noReason.data).toEqual({ reason: 'required' });
    const cancelled = await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'cancel', {
      reason: 'Kit discontinued',
    });
    expect(cancelled.status).toBe('cancelled');
  });

  it('refuses to edit an order past draft and to delete it', async () => {
    const o = await planned();
    const released = await moved('admin', ASSEMBLY_ORDERS.api, o.id, 'release');
    const edit = await as.admin!.send('PUT', `${ASSEMBLY_ORDERS.api}/${o.id}`, {
      version: released.version,
      planned_units: 12,
    });
    expect(edit.httpStatus).toBe(422);
    const removed = await as.admin!.send(
      'DELETE',
      `${ASSEMBLY_ORDERS.api}/${o.id}?version=${released.version}`,
    );
    expect(removed.message).toBe('database_delete_7');
  });

  it('shows the crews the open orders of the demo in every stage', async () => {
    const open = await as.sealer!.get<List>(floor, { per_page: 200 });
    const stages = new Set(open.data.rows.map((r) => r.stage ?? r.status));
    for (const stage of ['released', 'sealing', 'stamping', 'cartoning']) {
      expect(stages).toContain(stage);
    }
    expect((await as.sealer!.get(ASSEMBLY_ORDERS.api)).httpStatus).toBe(403);
  });
});
