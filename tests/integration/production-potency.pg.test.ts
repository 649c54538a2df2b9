import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  POTENCY_API,
  type OrderPotency,
  type PotencyChart,
  type PotencyDrift,
} from '../../src/domain/entities/production/potency-chart-values.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { testedOrder } from '../support/batched-order.ts';
import type { EntityApiClient, Row } from '../support/entity-crud.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// Potency control charts (docs/domain/production.md "Potency control charts") through HTTP on the
// demo plant: batches of the mango 6 mg good (no history in the demo) tested by the lab; the
// chart judges them, flags a 2-2s drift while every result passes, lists it among the drifts,
// and proposes the rework of a failed batch, which the QA manager accepts through the order's
// rework event. The demo's own drifting good is flagged too. Refusals change nothing.

describe.each(backends())('potency control charts on %s', (backend) => {
  let plant: Plant;
  let as: Record<string, EntityApiClient>;

  const chart = async (who = 'qa_manager') =>
    as[who]!.get<PotencyChart>(POTENCY_API, { by: 'product', id: plant.product.id });

  beforeAll(async () => {
    plant = await startPlant(backend, ['qa_manager', 'sale']);
    as = plant.as;
  }, 120_000);
  afterAll(async () => plant.t.close());

  it('flags a 2-2s drift on passing results, and proposes diluent for the drifting batch', async () => {
    // 8 results alternating 6.00 and 6.06 mg: 100 % and 101 %, centre 100.5, sigma 1 / 1.128.
    for (let i = 0; i < 8; i += 1) await testedOrder(plant, i % 2 === 0 ? 6 : 6.06);
    // 6.12 mg = 102 %: z = 1.5 / 0.8865 = 1.69, in control.
    await testedOrder(plant, 6.12);
    // 6.15 and 6.16 mg (102.5, 102.67 %): both beyond 2 s of the limits before them.
    await testedOrder(plant, 6.15);
    const drifting = await testedOrder(plant, 6.16);
    const reply = await chart();
    expect(reply.httpStatus).toBe(200);
    const points = reply.data.points;
    expect(points.map((p) => p.percent_of_claim)).toEqual([
      100, 101, 100, 101, 100, 101, 100, 101, 102, 102.5, 102.667,
    ]);
    expect(points.every((p) => p.passed)).toBe(true);
    expect(points.slice(0, 8).every((p) => p.limits === null)).toBe(true);
    expect(points[8]!.limits!.centre).toBeCloseTo(100.5, 6);
    expect(points[8]!.limits!.sigma).toBeCloseTo(1 / 1.128, 6);
    expect(reply.data.drift).toContain('2-2s');

    const drifts = await as.qa_manager!.get<PotencyDrift[]>(`${POTENCY_API}/drifts`);
    expect(drifts.data).toContainEqual(
      expect.objectContaining({
        by: 'product',
        id: plant.product.id,
        order_number: drifting.number,
      }),
    );
    const order = await as.hplc_tech!.get<OrderPotency>(`${POTENCY_API}/orders/${drifting.id}`);
    expect(order.data.flags.find((f) => f.by === 'product')?.rules).toContain('2-2s');
    // 1800 × (6.16 / 6 − 1) = 48 ml of diluent.
    expect(order.data.proposal).toEqual({ kind: 'diluent', add_ml: 48, final_ml: 1848 });
  });

  it('flags the demo good whose last batches drift', async () => {
    const drifts = await as.qa_manager!.get<PotencyDrift[]>(`${POTENCY_API}/drifts`);
    const demo = drifts.data.filter((d) => d.by === 'product' && d.id !== plant.product.id);
    expect(demo.map((d) => d.rules)).toContainEqual(expect.arrayContaining(['2-2s']));
  });

  it('proposes nicotine base for a failed batch and the QA manager accepts it as its rework', async () => {
    const failed = await testedOrder(plant, 5.2);
    expect(failed.stage).toBe('hplc_failed');
    const proposal = await as.qa_manager!.get<OrderPotency>(`${POTENCY_API}/orders/${failed.id}`);
    // 1800 × (6 − 5.2) / (100 − 6) = 15.32 ml of the 100 mg/ml base the recipe uses.
    expect(proposal.data.base).toMatchObject({ sku: 'RM-NIC-FB-100', nicotine_mg: 100 });
    expect(proposal.data.proposal).toEqual({
      kind: 'nicotine_base',
      add_ml: 15.32,
      final_ml: 1815.32,
    });

    const send = (who: string, body: object) =>
      as[who]!.send<Row>('POST', `${PRODUCTION_ORDERS.api}/${failed.id}/events/rework`, body);
    const version = failed.version;
    // The wrong direction, half an addition, a stale version and a batcher change nothing.
    const wrong = await send('qa_manager', { version, rework_kind: 'diluent', rework_ml: 20 });
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.data).toHaveProperty('rework_kind');
    expect((await send('qa_manager', { version, rework_kind: 'nicotine_base' })).data).toEqual({
      rework_ml: 'required',
    });
    expect(
      (
        await send('qa_manager', {
          version: version - 1,
          rework_kind: 'nicotine_base',
          rework_ml: 15.32,
        })
      ).httpStatus,
    ).toBe(409);
    expect(
      (await send('batcher', { version, rework_kind: 'nicotine_base', rework_ml: 15.32 }))
        .httpStatus,
    ).toBe(403);
    expect(await plant.order(failed.id)).toMatchObject({
      version,
      stage: 'hplc_failed',
      actual_batch_ml: 1800,
    });

    const accepted = await send('qa_manager', {
      version,
      rework_kind: 'nicotine_base',
      rework_ml: 15.32,
    });
    expect(accepted.httpStatus).toBe(200);
    expect(await plant.order(failed.id)).toMatchObject({
      stage: 'hplc_pending',
      actual_batch_ml: 1815.32,
    });
    const samples = await plant.labRequests('production_order_number', failed.number);
    expect(samples.map((s) => s.reason)).toEqual(['initial', 'rework']);
    const [transition] = await queryRows<{ payload: unknown }>(
      plant.db(),
      sql`select payload from status_transitions where entity_type = 'production_orders'
           and entity_id = ${failed.id} and event = 'rework'`,
    );
    expect(transition?.payload).toEqual({ rework_kind: 'nicotine_base', rework_ml: 15.32 });
    expect(await plant.ledgerDrift()).toBe(0);
    // The rework sample waits for the lab: nothing more is proposed until its result is in.
    const after = await as.qa_manager!.get<OrderPotency>(`${POTENCY_API}/orders/${failed.id}`);
    expect(after.data).toMatchObject({ measured_mg: null, proposal: null });
  });

  it('answers only the HPLC page roles, and refuses a bad subject', async () => {
    expect((await chart('sale')).httpStatus).toBe(403);
    expect((await chart('batcher')).httpStatus).toBe(403);
    const bad = await as.qa_manager!.get(POTENCY_API, { by: 'machine', id: 1 });
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toHaveProperty(['query.by']);
    expect((await as.qa_manager!.get(`${POTENCY_API}/orders/999999`)).httpStatus).toBe(404);
  });
});
