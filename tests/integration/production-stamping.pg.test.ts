import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PENDING_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { PRODUCTION_ORDER_CORRECTIONS } from '../../src/domain/entities/production/production-order-corrections.entity.ts';
import { STAMPING_ORDERS } from '../../src/domain/entities/production/stamping-orders.entity.ts';
import {
  STAMPING_LOGS,
  STAMPING_WASTED_BOTTLES,
} from '../../src/domain/entities/production/stamping-reports.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startRestampPlant, type StampingPlant } from '../support/stamping-plant.ts';
import { backends } from '../support/test-server.ts';

// Product stamping orders (docs/domain/production.md §3.2) through HTTP on the demo plant: every
// event allowed, refused by role (403), by a guard (422) and by a stale version (409), each refusal
// writing nothing; the reel ledger stays remaining = Σ movements ≥ 0 with issued = applied + wasted
// + damaged + returned per reel; a restamp moves stock (consume, scrap, produce) and the
// stamping of a production order moves that order stamping → transfer_pending.

describe.each(backends())('product stamping orders on %s', (backend) => {
  let p: StampingPlant;
  let stampedSku: number;
  let floor: number;

  beforeAll(async () => {
    ({ p, stampedSku, floor } = await startRestampPlant(backend));
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => p.t.close());

  const restamp = async (extra: Record<string, unknown> = {}) => {
    const reply = await p.as.stamper!.send<Row>('POST', STAMPING_ORDERS.api, {
      source_product_id: p.product.id,
      product_id: stampedSku,
      location_id: floor,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 40,
      ...extra,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  };
  const transitions = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        p.db(),
        sql`select count(*)::int as n from status_transitions
             where entity_type = 'product_stamping_orders' and entity_id = ${id}`,
      )
    )[0]!.n;
  const movementsOf = async (id: number) =>
    queryRows<{ product_id: number; movement_type: string; qty: number }>(
      p.db(),
      sql`select product_id::int as product_id, movement_type, qty::float8 as qty
            from stock_movements where source_type = 'product_stamping_orders' and source_id = ${id}
           order by id`,
    );

  it('refuses bad input with the envelope codes and writes nothing', async () => {
    const before = (await p.as.admin!.get<List>(STAMPING_ORDERS.api)).data.total;
    const missing = await p.as.stamper!.send('POST', STAMPING_ORDERS.api, {
      product_id: stampedSku,
      machine_id: p.ids.stm1,
      planned_units: 0,
    });
    expect(missing.httpStatus).toBe(422);
    expect(missing.data).toMatchObject({ stamp_jurisdiction_id: 'required' });
    const noSource = await p.as.stamper!.send('POST', STAMPING_ORDERS.api, {
      product_id: stampedSku,
      machine_id: p.ids.stm1,
      stamp_jurisdiction_id: p.ids.on,
      planned_units: 10,
    });
    expect(noSource.httpStatus).toBe(422);
    expect(noSource.data).toEqual({ source_product_id: 'required' });
    const byBatcher = await p.as.batcher!.send('POST', STAMPING_ORDERS.api, {});
    expect(byBatcher.httpStatus).toBe(403);
    const list = await p.as.admin!.get<List>(STAMPING_ORDERS.api);
    expect(list.data.total).toBe(before);
  });

  it('restamps stock from draft to finished with the reel ledger and stock reconciled', async () => {
    const reel = await p.reel(100);
    const order = await restamp();
    expect(order.status).toBe('draft');
    expect(order.number).toMatch(/^ST-\d{5}$/);
    await p.moved('stamper', order.id, 'save');
    const pending = await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    expect(pending.status).toBe('reel_pending');
    expect((await p.reelLedger(reel.id)).status).toBe('requested');

    // stamp_inventory sees the requested reel with its order on pending reel approvals.
    const waiting = await p.as.stamp_inventory!.get<List>(`${PENDING_REELS.api}/${reel.id}`);
    expect(waiting.data).toMatchObject({
      status: 'requested',
      stamping_order_number: order.number,
    });

    const issued = await p.moved('stamp_inventory', order.id, 'issue', {}, 'pending');
    expect(issued).toMatchObject({ status: 'in_progress', counter_start: 912_400 });
    expect((await p.stamping(order.id)).reels[0]).toMatchObject({
      issued_qty: 100,
      first_serial: reel.first_serial,
    });
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 100, remaining: 100, status: 'issued' });

    const finished = await p.moved('stamper', order.id, 'finish', {
      counter_end: 912_400 + 42,
      wasted_bottles: 2,
      reels: [{ reel_id: reel.id, applied: 38, wasted: 3, damaged: 1, returned: 58 }],
    });
    expect(finished).toMatchObject({
      status: 'finished',
      stamped_units: 38,
      applied_stamps: 38,
      wasted_stamps: 3,
      damaged_stamps: 1,
      returned_stamps: 58,
      wasted_bottles: 2,
    });
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 58, remaining: 58, status: 'available' });
    expect(await movementsOf(order.id)).toEqual([
      { product_id: p.product.id, movement_type: 'consume', qty: -38 },
      { product_id: p.product.id, movement_type: 'scrap', qty: -2 },
      { product_id: stampedSku, movement_type: 'produce', qty: 38 },
    ]);
    expect(await p.ledgerDrift()).toBe(0);
    expect(await transitions(order.id)).toBe(4);
    const [machine] = await queryRows<{ counter: number }>(
      p.db(),
      sql`select counter_total::int as counter from machines where id = ${p.ids.stm1}`,
    );
    expect(machine!.counter).toBe(912_442);
  });

  it('refuses by role with 403 and writes nothing', async () => {
    const reel = await p.reel(50);
    const order = await restamp();
    expect((await p.send('stamp_inventory', order.id, 'save')).httpStatus).toBe(403);
    expect((await p.send('manager', order.id, 'save', {}, 'pending')).httpStatus).toBe(403);
    await p.moved('stamper', order.id, 'save');
    await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    const byStamper = await p.send('stamper', order.id, 'issue');
    expect(byStamper.httpStatus).toBe(403);
    expect(await p.stamping(order.id)).toMatchObject({ status: 'reel_pending' });
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 50, remaining: 50, status: 'requested' });
    // A manager issues too, from the same list.
    await p.moved('manager', order.id, 'issue', {}, 'pending');
    const finishByKeeper = await p.send('stamp_inventory', order.id, 'finish', {}, 'pending');
    expect(finishByKeeper.httpStatus).toBe(403);
  });

  it('refuses by guard with 422 and writes nothing', async () => {
    const down = await restamp({ machine_id: p.ids.stm2 });
    const refused = await p.send('stamper', down.id, 'save');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ status: 'The stamping machine is not operational' });

    const reel = await p.reel(60);
    const quebec = await p.reel(60, 'qc');
    const order = await restamp();
    expect((await p.send('stamper', order.id, 'finish')).httpStatus).toBe(422);
    await p.moved('stamper', order.id, 'save');
    const none = await p.send('stamper', order.id, 'start', { reel_ids: [] });
    expect(none.data).toEqual({ reel_ids: 'Choose at least one reel' });
    const other = await p.send('stamper', order.id, 'start', { reel_ids: [quebec.id] });
    expect(other.httpStatus).toBe(422);
    expect(String((other.data as Record<string, string>).reel_ids)).toContain(
      'another jurisdiction',
    );
    expect((await p.reelLedger(quebec.id)).status).toBe('available');
    await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    const { counter_start: start } = await p.moved(
      'stamp_inventory',
      order.id,
      'issue',
      {},
      'pending',
    );
    const taken = await restamp();
    await p.moved('stamper', taken.id, 'save');
    const busy = await p.send('stamper', taken.id, 'start', { reel_ids: [reel.id] });
    expect(String((busy.data as Record<string, string>).reel_ids)).toContain('issued');

    const before = await p.stamping(order.id);
    const short = await p.send('stamper', order.id, 'finish', {
      counter_end: Number(start) + 30,
      reels: [{ reel_id: reel.id, applied: 28, wasted: 2, returned: 20 }],
    });
    expect(short.httpStatus).toBe(422);
    expect(Object.keys(short.data as object)).toEqual(['reels.0.returned']);
    expect((short.data as Record<string, string>)['reels.0.returned']).toContain(
      `Reel ${String(reel.reel_no)}: issued 60`,
    );
    const twice = await p.send('stamper', order.id, 'finish', {
      counter_end: Number(start) + 30,
      reels: [
        { reel_id: reel.id, applied: 28, wasted: 2, returned: 30 },
        { reel_id: reel.id, applied: 0, returned: 0 },
      ],
    });
    expect(twice.data).toEqual({ reels: 'Each reel is counted once' });
    const counter = await p.send('stamper', order.id, 'finish', {
      counter_end: Number(start) + 40,
      reels: [{ reel_id: reel.id, applied: 28, wasted: 2, returned: 30 }],
    });
    expect(counter.httpStatus).toBe(422);
    expect(Object.keys(counter.data as object)).toEqual(['counter_end']);
    expect(await p.stamping(order.id)).toMatchObject({
      status: 'in_progress',
      version: before.version,
    });
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 60, remaining: 60, status: 'issued' });
    // Within the tolerance (3 stamps) the counter is believed.
    await p.moved('stamper', order.id, 'finish', {
      counter_end: Number(start) + 32,
      reels: [{ reel_id: reel.id, applied: 28, wasted: 2, returned: 30 }],
    });
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 30, remaining: 30, status: 'available' });
  });

  it('refuses a stale version with 409', async () => {
    const order = await restamp();
    const stale = await p.as.stamper!.send(
      'POST',
      `${STAMPING_ORDERS.api}/${order.id}/events/save`,
      {
        version: order.version - 1 || 99,
      },
    );
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect((await p.stamping(order.id)).status).toBe('draft');
  });

  it('cancels with a reason and puts requested reels back on the shelf', async () => {
    const reel = await p.reel(40);
    const order = await restamp();
    await p.moved('stamper', order.id, 'save');
    await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    const bare = await p.send('stamp_inventory', order.id, 'cancel', {}, 'pending');
    expect(bare.httpStatus).toBe(422);
    expect(bare.data).toEqual({ reason: 'required' });
    const done = await p.moved(
      'stamp_inventory',
      order.id,
      'cancel',
      { reason: 'Wrong SKU' },
      'pending',
    );
    expect(done.status).toBe('cancelled');
    expect(await p.reelLedger(reel.id)).toEqual({ sum: 40, remaining: 40, status: 'available' });
    expect((await p.send('stamper', order.id, 'save')).httpStatus).toBe(422);
  });

  it("finishes a production order's stamping stage and moves it to transfer_pending", async () => {
    const mo = await p.labeled();
    const reel = await p.reel(80);
    const reply = await p.as.stamper!.send<Row>('POST', STAMPING_ORDERS.api, {
      production_order_id: mo.id,
      product_id: p.product.id,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 52,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const order = reply.data;
    const second = await p.as.stamper!.send('POST', STAMPING_ORDERS.api, {
      production_order_id: mo.id,
      product_id: p.product.id,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 5,
    });
    expect(second.httpStatus).toBe(422);
    await p.moved('stamper', order.id, 'save');
    await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    const issued = await p.moved('stamp_inventory', order.id, 'issue', {}, 'pending');
    const start = Number(issued.counter_start);
    // Conservation: labeled 52 ≥ stamped + wasted bottles.
    const over = await p.send('stamper', order.id, 'finish', {
      counter_end: start + 52,
      wasted_bottles: 3,
      reels: [{ reel_id: reel.id, applied: 50, wasted: 2, returned: 28 }],
    });
    expect(over.httpStatus).toBe(422);
    expect((await p.order(mo.id)).stage).toBe('stamping');
    expect(await p.reelLedger(reel.id)).toMatchObject({ sum: 80, status: 'issued' });
    await p.moved('stamper', order.id, 'finish', {
      counter_end: start + 52,
      wasted_bottles: 1,
      reels: [{ reel_id: reel.id, applied: 50, wasted: 2, returned: 28 }],
    });
    const after = await p.order(mo.id);
    expect(after).toMatchObject({ status: 'in_progress', stage: 'transfer_pending' });
    expect(after).toMatchObject({ stamped_units: 50, stamping_waste_units: 1 });
    const [produced] = await queryRows<{ qty: number }>(
      p.db(),
      sql`select coalesce(sum(qty), 0)::float8 as qty from stock_movements
           where source_type = 'production_orders' and source_id = ${mo.id}
             and movement_type = 'produce' and product_id = ${p.product.id}`,
    );
    expect(produced!.qty).toBe(50);
    expect(await p.ledgerDrift()).toBe(0);
    // The stamping order owns these counts: the order's own corrections send people there.
    const corrected = await p.as.stamp_inventory!.send('POST', PRODUCTION_ORDER_CORRECTIONS.api, {
      production_order_id: mo.id,
      field: 'stamped_units',
      new_value: 49,
      reason: 'one bottle was counted twice',
    });
    expect(corrected.httpStatus).toBe(422);
    expect(corrected.data).toEqual({
      field: `Stamping order ${String(order.number)} counted these stamps: request a stamping order correction there, so its reels still reconcile`,
    });
    expect((await p.order(mo.id)).open_corrections).toBe(0);
  });

  it('reports the events with reels, serials and counters, and the wasted bottles with alerts', async () => {
    const reel = await p.reel(30);
    const order = await restamp({ planned_units: 20 });
    await p.moved('stamper', order.id, 'save');
    await p.moved('stamper', order.id, 'start', { reel_ids: [reel.id] });
    const issued = await p.moved('stamp_inventory', order.id, 'issue', {}, 'pending');
    const start = Number(issued.counter_start);
    await p.moved('stamper', order.id, 'finish', {
      counter_end: start + 20,
      wasted_bottles: 1,
      reels: [{ reel_id: reel.id, applied: 19, wasted: 1, returned: 10 }],
    });
    const byOrder = {
      filter: [
        {
          field: 'number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(order.number) }],
        },
      ],
      sort: { field: 'created_at', direction: 'asc' },
    };
    const logs = await p.as.manager!.get<List>(STAMPING_LOGS.api, byOrder);
    expect(logs.httpStatus).toBe(200);
    expect(logs.data.rows.map((r) => r.event)).toEqual(['save', 'start', 'issue', 'finish']);
    const finish = logs.data.rows[3]!;
    expect(finish).toMatchObject({
      counter_start: start,
      counter_end: start + 20,
      applied: 19,
      wasted: 1,
      returned: 10,
      wasted_bottles: 1,
      machine_code: 'STM-01',
    });
    expect(String(finish.reels)).toBe(
      `${String(reel.reel_no)} ${Number(reel.first_serial)}–${Number(reel.last_serial)}`,
    );
    const wasted = await p.as.manager!.get<List>(STAMPING_WASTED_BOTTLES.api, {
      filter: byOrder.filter,
    });
    expect(wasted.httpStatus, JSON.stringify(wasted.data)).toBe(200);
    // 1 / (19 + 1) = 5 % is above the demo's 1.5 % alert.
    expect(wasted.data.rows).toEqual([
      expect.objectContaining({ stamped_units: 19, wasted_bottles: 1, waste_pct: 5, alert: 1 }),
    ]);
    expect((await p.as.stamper!.get(STAMPING_LOGS.api)).httpStatus).toBe(403);
    expect((await p.as.batcher!.get(STAMPING_WASTED_BOTTLES.api)).httpStatus).toBe(403);
  });

  it('broadcasts stamping.updated on private-production.stamping after each event', async () => {
    const order = await restamp();
    const echo = await connectEcho(p.t.url, p.as.stamper!.token);
    const channel = echo.private('production.stamping');
    await subscribed(channel);
    const heard = new Promise<{ id: number; version: number; data: { status: string } }>(
      (resolve) => channel.listen('.stamping.updated', resolve),
    );
    const saved = await p.moved('stamper', order.id, 'save');
    const news = await waitFor(heard, 'stamping.updated');
    expect(news).toMatchObject({ id: order.id, version: saved.version, data: { status: 'ready' } });
  });
});
