import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BATCHING_KPI,
  BATCHING_LOGS,
  BATCHING_PICKING,
  PRODUCTION_LOGS,
} from '../../src/domain/entities/production/floor-reports.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { PRODUCTION_RECOVERIES as RY } from '../../src/domain/entities/production/production-recoveries.entity.ts';
import { HPLC_REPORT } from '../../src/domain/entities/production/production-reports.entity.ts';
import type { QueryValue } from '../../src/api/query-string.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { EntityApiClient, List, Row } from '../support/entity-crud.ts';
import { startPlant, type Plant, type PlantProduct } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// Recoveries (docs/domain/production.md §3.2) and the floor's reports (§3.6) on the demo plant,
// through HTTP. A recovery's post consumes its source and produces a quarantine bulk lot with an
// HPLC request; the lab's pass releases it, a fail leaves it to QA to retest or scrap; refusals by
// role (403), guard (422) and stale version (409) write nothing, and stock_balances stays the
// sum of the ledger. The picking list, the logs, the batchers' KPIs and the HPLC pass rates
// answer their readers with the rows the orders made, and refuse everyone else.

const equals = (field: string, value: string | number, type = 'text') => ({
  field,
  field_type: type,
  filters: [{ operator: 'equals', value }],
});

describe.each(backends())('recoveries and floor reports on %s', (backend) => {
  let plant: Plant;
  const as: Record<string, EntityApiClient> = {};
  let product: PlantProduct;

  const db = () => plant.db();
  const completed = () => plant.completed();
  const ledgerDrift = () => plant.ledgerDrift();
  const rowsOf = async (who: string, api: string, filter: QueryValue[], extra = {}) => {
    const reply = await as[who]!.get<List>(api, { filter, per_page: 100, ...extra });
    expect(reply.httpStatus, `${api}: ${reply.message} ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data.rows;
  };

  beforeAll(async () => {
    plant = await startPlant(backend, [
      'recovery',
      'qa_manager',
      'warehouse',
      'inventory',
      'production_reports',
      'supervisor_production',
    ]);
    Object.assign(as, plant.as);
    ({ product } = plant);
  }, 120_000);
  afterAll(async () => plant.t.close());

  type Recovery = Row & {
    number: string;
    status: string;
    hplc_status: string;
    source_id: number;
    source_label: string;
    target_lot_id: number | null;
    target_lot_no: string | null;
  };
  const recovery = async (id: number) => (await as.admin!.get<Recovery>(`${RY.api}/${id}`)).data;
  const recoveryEvent = async (who: string, id: number, event: string, extra: object = {}) =>
    as[who]!.send<Recovery>('POST', `${RY.api}/${id}/events/${event}`, {
      version: (await recovery(id)).version,
      ...extra,
    });
  const recoveryMoves = (id: number) =>
    queryRows<{ product_id: number; lot_id: number | null; qty: number; movement_type: string }>(
      db(),
      sql`select product_id::int as product_id, lot_id::int as lot_id, qty::float8 as qty, movement_type
            from stock_movements where source_type = 'production_recoveries' and source_id = ${id}
           order by id`,
    );
  const lotOf = async (id: number) =>
    (
      await queryRows<{ product_id: number; status: string; on_hand: number }>(
        db(),
        sql`select l.product_id::int as product_id, l.status,
                   coalesce((select sum(b.qty_on_hand) from stock_balances b where b.lot_id = l.id), 0)::float8 as on_hand
              from stock_lots l where l.id = ${id}`,
      )
    )[0];
  const labRequests = (number: string) => plant.labRequests('recovery_number', number);
  const result = (requestId: number, mg: number) =>
    as.hplc_tech!.send<Row>('POST', `${HPLC_REQUESTS.api}/${requestId}/result`, {
      measured_mg: mg,
    });

  it('posts finished units back into a quarantine bulk lot, which the lab’s pass releases', async () => {
    const mo = await completed();
    const [finished] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from stock_lots where product_id = ${product.id} and lot_no = ${mo.number}`,
    );
    const draft = {
      source_type: 'production_order',
      production_order_id: mo.id,
      product_id: product.id,
      units: 10,
      recovered_ml: 280,
    };
    expect((await as.qa_manager!.send('POST', RY.api, draft)).httpStatus).toBe(403);
    expect((await as.batcher!.get(RY.api)).httpStatus).toBe(403);
    const overfull = await as.recovery!.send('POST', RY.api, { ...draft, recovered_ml: 400 });
    expect(overfull.httpStatus).toBe(422);
    expect(JSON.stringify(overfull.data)).toContain('hold at most 300');
    const ry = (await as.recovery!.create(RY, draft)) as Recovery;
    expect(ry).toMatchObject({ status: 'draft', source_id: mo.id, source_label: mo.number });
    expect(ry.number).toMatch(/^RY-\d{5}$/);

    expect((await recoveryEvent('qa_manager', ry.id, 'post')).httpStatus).toBe(403);
    const stale = await as.recovery!.send('POST', `${RY.api}/${ry.id}/events/post`, {
      version: ry.version + 3,
    });
    expect(stale.httpStatus).toBe(409);
    expect(await recoveryMoves(ry.id)).toEqual([]);
    const posted = await recoveryEvent('recovery', ry.id, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    expect(posted.data).toMatchObject({
      status: 'posted',
      hplc_status: 'pending',
      target_lot_no: ry.number,
    });
    const target = posted.data.target_lot_id!;
    expect(await recoveryMoves(ry.id)).toEqual([
      { product_id: product.id, lot_id: finished!.id, qty: -10, movement_type: 'consume' },
      {
        product_id: expect.any(Number) as unknown,
        lot_id: target,
        qty: 280,
        movement_type: 'produce',
      },
    ]);
    expect(await lotOf(target)).toMatchObject({ status: 'quarantine', on_hand: 280 });
    const [sample] = await labRequests(ry.number);
    expect(sample).toMatchObject({
      reason: 'recovery',
      sample_no: 1,
      status: 'requested',
      lot_no: ry.number,
    });

    const early = await recoveryEvent('qa_manager', ry.id, 'scrap', { reason: 'x' });
    expect(early.httpStatus).toBe(422);
    expect(JSON.stringify(early.data)).toContain('HPLC test failed');
    expect((await recoveryEvent('admin', ry.id, 'hplc_pass')).httpStatus).toBe(422);
    expect((await result(sample!.id, 6)).data).toMatchObject({ passed: 1 });
    expect(await recovery(ry.id)).toMatchObject({ status: 'released', hplc_status: 'passed' });
    expect((await lotOf(target))?.status).toBe('released');
    expect(await ledgerDrift()).toBe(0);
  });

  it('recovers leftover bulk; a failed test leaves it to QA, who retests and scraps it', async () => {
    const mo = await completed();
    // 1800 ml batched, (55 + 2) × 30 = 1710 ml bottled: 90 ml are left in the batch lot.
    const bulk = (await lotOf(mo.batch_lot_id))!;
    expect(bulk.on_hand).toBeCloseTo(90, 2);
    const ry = (await as.recovery!.create(RY, {
      source_type: 'production_order',
      production_order_id: mo.id,
      product_id: bulk.product_id,
      recovered_ml: 90,
    })) as Recovery;
    const posted = await recoveryEvent('recovery', ry.id, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    expect((await recoveryMoves(ry.id)).map((m) => [m.lot_id, m.qty, m.movement_type])).toEqual([
      [mo.batch_lot_id, -90, 'consume'],
      [posted.data.target_lot_id, 90, 'produce'],
    ]);
    expect((await recoveryEvent('recovery', ry.id, 'cancel', { reason: 'x' })).httpStatus).toBe(
      422,
    );

    const [first] = await labRequests(ry.number);
    expect((await result(first!.id, 5)).data).toMatchObject({ passed: 0 });
    expect(await recovery(ry.id)).toMatchObject({ status: 'posted', hplc_status: 'failed' });
    expect((await recoveryEvent('recovery', ry.id, 'scrap', { reason: 'x' })).httpStatus).toBe(403);
    const retest = await recoveryEvent('qa_manager', ry.id, 'retest');
    expect(retest.data).toMatchObject({ status: 'posted', hplc_status: 'pending' });
    const [, second] = await labRequests(ry.number);
    expect(second).toMatchObject({ sample_no: 2, reason: 'retest' });
    await result(second!.id, 5);
    const noReason = await recoveryEvent('qa_manager', ry.id, 'scrap');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toMatchObject({ reason: 'required' });
    const scrapped = await recoveryEvent('qa_manager', ry.id, 'scrap', {
      reason: 'Out of range twice',
    });
    expect(scrapped.data.status).toBe('scrapped');
    expect((await recoveryMoves(ry.id)).at(-1)).toMatchObject({ qty: -90, movement_type: 'scrap' });
    expect(await lotOf(posted.data.target_lot_id!)).toMatchObject({
      status: 'blocked',
      on_hand: 0,
    });
    expect(await ledgerDrift()).toBe(0);
  });

  it('takes a lot as its own source, cancels a draft with a reason and deletes only drafts', async () => {
    const mo = await completed();
    const [finished] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from stock_lots where product_id = ${product.id} and lot_no = ${mo.number}`,
    );
    const body = {
      source_type: 'lot',
      lot_id: finished!.id,
      product_id: product.id,
      units: 1,
      recovered_ml: 30,
    };
    const lot = (await as.recovery!.create(RY, body)) as Recovery;
    expect(lot).toMatchObject({ source_id: finished!.id, source_label: mo.number });
    const noLot = await as.recovery!.send('POST', RY.api, { ...body, lot_id: null });
    expect(noLot.data).toMatchObject({ lot_id: 'required' });
    const stamping = await as.recovery!.send('POST', RY.api, {
      ...body,
      source_type: 'stamping_order',
    });
    expect(JSON.stringify(stamping.data)).toContain('Stamping orders are not recorded yet');
    const bulkOfAnother = await as.recovery!.send('POST', RY.api, {
      ...body,
      product_id: mo.batch_lot_id,
    });
    expect(bulkOfAnother.httpStatus).toBe(422);

    const noReason = await recoveryEvent('recovery', lot.id, 'cancel');
    expect(noReason.httpStatus).toBe(422);
    const cancelled = await recoveryEvent('recovery', lot.id, 'cancel', {
      reason: 'Counted twice',
    });
    expect(cancelled.data.status).toBe('cancelled');
    const edit = await as.recovery!.send('PUT', `${RY.api}/${lot.id}`, {
      version: cancelled.data.version,
      units: 2,
      recovered_ml: 60,
    });
    expect(edit.httpStatus).toBe(422);
    const gone = await as.recovery!.send('DELETE', `${RY.api}/${lot.id}`);
    expect(gone.httpStatus).toBe(409);
    expect(gone.message).toBe('database_delete_7');
    const spare = (await as.recovery!.create(RY, body)) as Recovery;
    expect((await as.recovery!.send('DELETE', `${RY.api}/${spare.id}`)).httpStatus).toBe(200);
    expect(await recoveryMoves(lot.id)).toEqual([]);
  });

  it('lists the picks of the orders still to batch to the batchers and the warehouse', async () => {
    const mo = await plant.planned(20);
    const mine = [equals('production_order_number', mo.number)];
    const picks = await rowsOf('batcher', BATCHING_PICKING.api, mine);
    expect(picks.length).toBeGreaterThan(0);
    for (const pick of picks) {
      const required = Number(pick.required_qty);
      expect(required).toBeGreaterThan(0);
      expect(pick).toMatchObject({ order_status: 'released', picked_qty: 0 });
      expect(pick.lot_no).toEqual(expect.any(String));
      expect(Number(pick.short)).toBeCloseTo(Math.max(0, required - Number(pick.available)), 3);
    }
    expect((await rowsOf('warehouse', BATCHING_PICKING.api, mine)).length).toBe(picks.length);
    for (const outsider of ['planning', 'inventory', 'production_reports']) {
      expect((await as[outsider]!.get(BATCHING_PICKING.api)).httpStatus, outsider).toBe(403);
    }
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
      version: (await plant.order(mo.id)).version,
    });
    const picked = await rowsOf('batcher', BATCHING_PICKING.api, mine);
    expect(picked.every((p) => Number(p.picked_qty) === Number(p.required_qty))).toBe(true);
    await plant.step('batcher', mo.id, 'start_batching');
    expect(await rowsOf('batcher', BATCHING_PICKING.api, mine)).toHaveLength(picks.length);
    await plant.step('batcher', mo.id, 'finish_batching', { actual_batch_ml: 600 });
    expect(await rowsOf('batcher', BATCHING_PICKING.api, mine)).toEqual([]);
  });

  it('logs every order event by phase, and the batching ones on their own', async () => {
    const mo = await completed();
    const mine = [equals('number', mo.number)];
    const events = await rowsOf('manager', PRODUCTION_LOGS.api, mine, {
      sort: { field: 'created_at', direction: 'asc' },
    });
    expect(events.map((e) => [e.phase, e.event])).toEqual([
      ['order', 'submit'],
      ['order', 'approve'],
      ['order', 'release'],
      ['batching', 'start_batching'],
      ['batching', 'finish_batching'],
      ['hplc', 'hplc_pass'],
      ['bottling', 'start_bottling'],
      ['bottling', 'finish_bottling'],
      ['labeling', 'finish_labeling'],
    ]);
    const byEvent = (name: string) => events.find((e) => e.event === name)!;
    expect(byEvent('finish_batching')).toMatchObject({ batch_ml: 1800, product_sku: product.sku });
    expect(byEvent('finish_bottling')).toMatchObject({ good_units: 55, waste_units: 2 });
    expect(byEvent('finish_labeling')).toMatchObject({ good_units: 52, waste_units: 3 });
    expect(Number(byEvent('finish_batching').minutes)).toBeGreaterThanOrEqual(0);
    expect(byEvent('start_batching').user_name).toEqual(expect.any(String));
    const batching = await rowsOf('qa_manager', BATCHING_LOGS.api, mine);
    expect(batching.map((e) => e.event).sort()).toEqual(['finish_batching', 'start_batching']);
    for (const entity of [PRODUCTION_LOGS, BATCHING_LOGS]) {
      expect((await as.batcher!.get(entity.api)).httpStatus, entity.name).toBe(403);
      const csv = await fetch(`${plant.t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${as.production_reports!.token}` },
      });
      expect(csv.status, entity.name).toBe(200);
    }
  });

  it('figures each batcher’s KPIs over the chosen days against the report targets', async () => {
    // Two batches on 2025-03-04: one passes its first sample, one fails and is reworked.
    const good = await completed();
    const reworked = await plant.planned(60);
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${reworked.id}/picks`, {
      version: (await plant.order(reworked.id)).version,
    });
    await plant.step('batcher', reworked.id, 'start_batching');
    await plant.step('batcher', reworked.id, 'finish_batching', { actual_batch_ml: 1700 });
    const [sample] = await plant.labRequests('production_order_number', reworked.number);
    await as.hplc_tech!.send('POST', `${HPLC_REQUESTS.api}/${sample!.id}/result`, {
      measured_mg: 5,
    });
    await plant.step('qa_manager', reworked.id, 'rework');
    // The log is append-only; the test lifts its guard to move the batches to known times.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table status_transitions disable trigger plantline_append_only`);
      for (const [id, start, finish] of [
        [good.id, '2025-03-04 14:00:00Z', '2025-03-04 14:30:00Z'],
        [reworked.id, '2025-03-04 15:00:00Z', '2025-03-04 16:00:00Z'],
      ] as const) {
        for (const [event, time] of [
          ['start_batching', start],
          ['finish_batching', finish],
        ] as const) {
          await tx.execute(sql`update status_transitions set created_at = ${time}::timestamptz
              where entity_type = 'production_orders' and entity_id = ${id} and event = ${event}`);
        }
      }
      await tx.execute(sql`alter table status_transitions enable trigger plantline_append_only`);
      await tx.execute(sql`insert into settings (key, value)
          values ('report.batching_on_time_target_pct', '95'::jsonb)
          on conflict (key) do update set value = excluded.value`);
    });
    const day = { from: '2025-03-04', to: '2025-03-04' };
    const kpi = await rowsOf('planning', BATCHING_KPI.api, [], day);
    expect(kpi).toHaveLength(1);
    expect(kpi[0]).toMatchObject({
      username: 'batcher',
      batches: 2,
      liters: 3.5,
      avg_minutes: 45,
      on_time_pct: 100,
      hplc_tested: 2,
      first_pass_yield_pct: 50,
      reworks: 1,
      on_time_target_pct: 95,
      first_pass_target_pct: null,
    });
    expect(
      await rowsOf('planning', BATCHING_KPI.api, [], { from: '2025-03-05', to: '2025-03-06' }),
    ).toEqual([]);
    const badDay = await as.planning!.get(BATCHING_KPI.api, { from: 'yesterday' });
    expect(badDay.httpStatus).toBe(422);
    expect((await as.batcher!.get(BATCHING_KPI.api, day)).httpStatus).toBe(403);
    const csv = await fetch(
      `${plant.t.url}${BATCHING_KPI.api}/export?format=csv&from=2025-03-04&to=2025-03-04`,
      { headers: { authorization: `Bearer ${as.production_reports!.token}` } },
    );
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('3.5');

    // The HPLC report's pass rate per category follows its filter: one pass, one fail.
    const rates = async (number: string) =>
      (
        await as.qa_manager!.get<Row[]>(`${HPLC_REPORT.api}/pass-rates`, {
          filter: [equals('production_order_number', number)],
        })
      ).data;
    expect(await rates(good.number)).toEqual([
      expect.objectContaining({ tested: 1, passed: 1, failed: 0, pass_rate_pct: 100 }),
    ]);
    expect(await rates(reworked.number)).toEqual([
      expect.objectContaining({ tested: 1, passed: 0, failed: 1, pass_rate_pct: 0 }),
    ]);
    expect((await as.batcher!.get(`${HPLC_REPORT.api}/pass-rates`)).httpStatus).toBe(403);
  });
});
