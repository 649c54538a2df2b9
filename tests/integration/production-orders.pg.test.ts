import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import {
  productionOrderSuite,
  type Order,
  type Product,
} from '../support/production-order-suite.ts';

// Production orders (docs/domain/production.md §3.2) on the demo plant, through HTTP: the lifecycle
// and the stages by role, each refusal (403 role, 422 guard, 409 stale) writing nothing, and the
// invariants of docs/domain/README.md §13: ledger movements of each stage, HPLC judged against
// ranges copied at test time, label checks before labeling, conservation. The dashboards' reads,
// quarantine and holds are in production-orders-dashboards-and-holds.pg.test.ts.

describe.each(backends())('production orders on %s', (backend) => {
  const s = productionOrderSuite(backend);
  const { as, db, order, send, step, movements, transitions, lotStatus, draft, released } = s;

  it('plans a draft with its planned ml, and only planning writes orders', async () => {
    const mo = await draft(120);
    expect(mo.number).toMatch(/^MO-\d{5}$/);
    expect(mo.status).toBe('draft');
    // 120 × 30 ml × (1 + 2 % overage)
    expect(Number(mo.planned_ml)).toBeCloseTo(3672, 2);
    const body = {
      product_id: s.product.id,
      flow_id: s.flowId,
      planned_units: 10,
      due_date: '2026-12-01',
    };
    expect((await as.batcher!.send('POST', PRODUCTION_ORDERS.api, body)).httpStatus).toBe(403);
    expect((await as.inventory!.get(PRODUCTION_ORDERS.api)).httpStatus).toBe(403);
    const zero = await as.planning!.send('POST', PRODUCTION_ORDERS.api, {
      ...body,
      planned_units: 0,
    });
    expect(zero.httpStatus).toBe(422);
    expect(zero.data).toHaveProperty('planned_units');
  });

  it('plans and releases a stamped good only on a flow with a stamping step', async () => {
    const found = await as.admin!.get<List>('/api/inventory/products', {
      filter: [
        {
          field: 'sku',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'FG-MANGO-06-30-ON' }],
        },
      ],
    });
    const stamped = found.data.rows[0] as Product;
    const misfit = {
      flow_id: 'FG-MANGO-06-30-ON needs excise stamps: choose a flow with a stamping step',
    };
    const body = {
      product_id: stamped.id,
      flow_id: s.flowId,
      planned_units: 10,
      due_date: '2026-12-01',
    };
    const count = async () =>
      (await as.admin!.get<List>(PRODUCTION_ORDERS.api, { per_page: 1 })).data.total;
    const before = await count();
    const refused = await as.planning!.send('POST', PRODUCTION_ORDERS.api, body);
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual(misfit);
    expect(await count()).toBe(before);
    const unstamped = await draft(10);
    const edited = await as.planning!.send('PUT', `${PRODUCTION_ORDERS.api}/${unstamped.id}`, {
      version: unstamped.version,
      product_id: stamped.id,
    });
    expect(edited.data).toEqual(misfit);
    expect((await order(unstamped.id)).product_id).toBe(s.product.id);

    const phases = await as.admin!.get<List>(PHASES.api, { per_page: 50 });
    const phase = (code: string) =>
      phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
    const steps = (codes: string[]) => codes.map((code) => ({ phase_id: phase(code) }));
    const stamping = await as.admin!.create(FLOWS, {
      code: 'T-STAMP',
      name: 'Test flow with stamping',
      actions: steps(['batching', 'hplc', 'bottling', 'labeling', 'stamping']),
    });
    const mo = (await as.planning!.create(PRODUCTION_ORDERS, {
      ...body,
      flow_id: stamping.id,
    })) as Order;
    await step('planning', mo.id, 'submit');
    await step('manager', mo.id, 'approve');
    // The flow loses its stamping step before the order is released.
    const saved = await as.admin!.send('PUT', `${FLOWS.api}/${stamping.id}`, {
      version: stamping.version,
      actions: steps(['batching', 'hplc', 'bottling', 'labeling']),
    });
    expect(saved.httpStatus).toBe(200);
    const release = await send('planning', mo.id, 'release', {
      version: (await order(mo.id)).version,
    });
    expect(release.httpStatus).toBe(422);
    expect(release.data).toEqual(misfit);
    expect((await order(mo.id)).status).toBe('approved');
  });

  it('submits, refuses self-approval, approves and releases with snapshot, operations and lot', async () => {
    const mo = await draft(120);
    await step('planning', mo.id, 'submit');
    const self = await send('planning', mo.id, 'approve', {
      version: (await order(mo.id)).version,
    });
    expect(self.httpStatus).toBe(422);
    expect(self.message + JSON.stringify(self.data)).toContain('another person must approve');
    await step('manager', mo.id, 'approve');
    const byManager = await send('manager', mo.id, 'release', {
      version: (await order(mo.id)).version,
    });
    expect(byManager.httpStatus).toBe(403);
    const before = await order(mo.id);
    const stale = await send('planning', mo.id, 'release', { version: before.version - 1 });
    expect(stale.httpStatus).toBe(409);
    expect((await order(mo.id)).status).toBe('approved');
    expect(await transitions(mo.id)).toBe(2);

    const rel = await step('planning', mo.id, 'release');
    expect(rel.status).toBe('released');
    const total = rel.ingredients.reduce((sum, i) => sum + Number(i.required_qty), 0);
    expect(total).toBeCloseTo(Number(rel.planned_ml), 1);
    expect(rel.operations.map((o) => [o.phase_code, o.status])).toEqual([
      ['batching', 'ready'],
      ['hplc', 'pending'],
      ['bottling', 'pending'],
      ['labeling', 'pending'],
    ]);
    expect(await lotStatus(rel.batch_lot_id)).toBe('quarantine');
    expect(rel.picks.length).toBeGreaterThanOrEqual(rel.ingredients.length);
    expect(await transitions(mo.id)).toBe(3);
  });

  it('runs an order through every stage, writing its ledger and refusing what breaks a rule', async () => {
    const mo = await released(120);
    const id = mo.id;

    // Batching waits for the picks, which only batchers record.
    const early = await send('batcher', id, 'start_batching', {
      version: (await order(id)).version,
    });
    expect(early.httpStatus).toBe(422);
    expect(JSON.stringify(early.data) + early.message).toContain('picked');
    const pickBy = (who: string) =>
      order(id).then((o) =>
        as[who]!.send<Order>('POST', `${PRODUCTION_ORDERS.api}/${id}/picks`, {
          version: o.version,
        }),
      );
    expect((await pickBy('bottler')).httpStatus).toBe(403);
    const picked = await pickBy('batcher');
    expect(picked.httpStatus).toBe(200);
    // Booleans travel as 1/0 (docs/product.md §9).
    expect(picked.data.picks_complete).toBe(1);

    // Hold and resume by a supervisor, with a reason.
    const noReason = await send('supervisor_production', id, 'hold', {
      version: (await order(id)).version,
    });
    expect(noReason.httpStatus).toBe(422);
    expect((await order(id)).status).toBe('released');
    await step('supervisor_production', id, 'hold', { reason: 'Mixer check' });
    expect((await order(id)).hold_reason).toBe('Mixer check');
    await step('supervisor_production', id, 'resume');
    expect((await order(id)).status).toBe('released');

    await step('batcher', id, 'start_batching');
    const noVolume = await send('batcher', id, 'finish_batching', {
      version: (await order(id)).version,
    });
    expect(noVolume.httpStatus).toBe(422);
    expect(noVolume.data).toHaveProperty('actual_batch_ml');
    const batched = await step('batcher', id, 'finish_batching', { actual_batch_ml: 3600 });
    expect([batched.status, batched.stage, batched.hplc_status]).toEqual([
      'in_progress',
      'hplc_pending',
      'pending',
    ]);
    const afterBatch = await movements(id);
    const consumed = afterBatch.filter((m) => m.movement_type === 'consume');
    expect(consumed.reduce((s, m) => s - m.qty, 0)).toBeCloseTo(Number(mo.planned_ml), 1);
    expect(afterBatch.filter((m) => m.movement_type === 'produce')).toEqual([
      expect.objectContaining({ qty: 3600, lot_id: mo.batch_lot_id }),
    ]);
    expect(await lotStatus(mo.batch_lot_id)).toBe('quarantine');

    // Bottling cannot start before the batch passes HPLC.
    const tooSoon = await send('bottler', id, 'start_bottling', {
      version: (await order(id)).version,
    });
    expect(tooSoon.httpStatus).toBe(422);

    // HPLC: 5.0 mg of a 6 mg product is 83.3 % of claim, outside the copied range: failed.
    const requests = async () =>
      (
        await as.hplc_tech!.get<List>(HPLC_REQUESTS.api, {
          filter: [
            {
              field: 'production_order_number',
              field_type: 'text',
              filters: [{ operator: 'equals', value: mo.number }],
            },
          ],
          sort: { field: 'sample_no', direction: 'asc' },
        })
      ).data.rows;
    const [first] = await requests();
    expect(first).toMatchObject({ sample_no: 1, reason: 'initial', status: 'requested' });
    const byQa = await as.qa_manager!.send('POST', `${HPLC_REQUESTS.api}/${first!.id}/result`, {
      measured_mg: 6,
    });
    expect(byQa.httpStatus).toBe(403);
    const failed = await as.hplc_tech!.send<Row>(
      'POST',
      `${HPLC_REQUESTS.api}/${first!.id}/result`,
      {
        measured_mg: 5,
      },
    );
    expect(failed.httpStatus).toBe(200);
    expect(failed.data).toMatchObject({ passed: 0, status: 'failed' });
    expect(Number(failed.data.percent_of_claim)).toBeCloseTo(83.333, 2);
    expect((await order(id)).stage).toBe('hplc_failed');
    const again = await as.hplc_tech!.send('POST', `${HPLC_REQUESTS.api}/${first!.id}/result`, {
      measured_mg: 6,
    });
    expect(again.httpStatus).toBe(422);

    // Ranges edited after the test leave the recorded result alone.
    const copied = { min: Number(failed.data.min_pct), max: Number(failed.data.max_pct) };
    await db().execute(sql`update hplc_ranges set percent_range = 50 where type = 1`);
    const [stillFirst] = await requests();
    expect([Number(stillFirst!.min_pct), Number(stillFirst!.max_pct)]).toEqual([
      copied.min,
      copied.max,
    ]);
    await db().execute(sql`update hplc_ranges set percent_range = ${copied.min} where type = 1`);

    expect(
      (await send('batcher', id, 'retest', { version: (await order(id)).version })).httpStatus,
    ).toBe(403);
    await step('qa_manager', id, 'retest');
    const [, second] = await requests();
    expect(second).toMatchObject({ sample_no: 2, reason: 'retest', status: 'requested' });
    const passed = await as.hplc_tech!.send<Row>(
      'POST',
      `${HPLC_REQUESTS.api}/${second!.id}/result`,
      {
        measured_mg: 6.05,
      },
    );
    expect(passed.data).toMatchObject({ passed: 1, status: 'passed' });
    expect(await order(id)).toMatchObject({ stage: 'hplc_passed', hplc_status: 'passed' });
    expect(await lotStatus(mo.batch_lot_id)).toBe('released');

    // Bottling: no more than the batch holds; the bulk it used is consumed.
    await step('bottler', id, 'start_bottling');
    const tooMany = await send('bottler', id, 'finish_bottling', {
      version: (await order(id)).version,
      bottled_units: 200,
      bottling_waste_units: 0,
    });
    expect(tooMany.httpStatus).toBe(422);
    expect(tooMany.message + JSON.stringify(tooMany.data)).toContain('exceed the batch volume');
    const bottled = await step('bottler', id, 'finish_bottling', {
      bottled_units: 110,
      bottling_waste_units: 5,
    });
    expect(bottled.stage).toBe('labeling');
    const bulkUse = (await movements(id)).filter(
      (m) => m.movement_type === 'consume' && m.lot_id === mo.batch_lot_id,
    );
    expect(bulkUse.map((m) => m.qty)).toEqual([-(115 * 30)]);

    // Labeling finishes only after a passing label check, and never past what was bottled.
    const unchecked = await send('labeler', id, 'finish_labeling', {
      version: (await order(id)).version,
      labeled_units: 105,
      label_waste_units: 5,
    });
    expect(unchecked.httpStatus).toBe(422);
    expect(unchecked.message + JSON.stringify(unchecked.data)).toContain('label check');
    const scan = (code: string) =>
      as.labeler!.send<Row>('POST', '/api/production/label-checks', {
        production_order_id: id,
        scanned_code: code,
      });
    expect((await scan('000000000000')).data.result).toBe('fail');
    expect((await scan(s.product.upc)).data.result).toBe('pass');
    const overLabeled = await send('labeler', id, 'finish_labeling', {
      version: (await order(id)).version,
      labeled_units: 108,
      label_waste_units: 5,
    });
    expect(overLabeled.httpStatus).toBe(422);
    expect(overLabeled.data).toHaveProperty('labeled_units');
    const done = await step('labeler', id, 'finish_labeling', {
      labeled_units: 105,
      label_waste_units: 5,
    });
    expect(done.status).toBe('completed');
    const produced = (await movements(id)).filter(
      (m) => m.movement_type === 'produce' && m.product_id === s.product.id,
    );
    expect(produced.map((m) => m.qty)).toEqual([105]);
    expect(done.operations.every((o) => o.status === 'done')).toBe(true);

    expect((await send('planning', id, 'close', { version: done.version })).httpStatus).toBe(403);
    const closed = await step('supervisor_production', id, 'close');
    expect(closed.status).toBe('closed');
    // submit, approve, release, hold, resume, start, finish, fail, retest, pass, 2 × bottling, labeling, close
    expect(await transitions(id)).toBe(14);
  });
});
