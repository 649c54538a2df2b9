import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import {
  DASHBOARD_ORDERS,
  PRODUCTION_ORDERS,
} from '../../src/domain/entities/production/production-orders.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import type { MachineCard } from '../../src/domain/entities/production/machine-card.ts';
import { MACHINES } from '../../src/domain/entities/production/machines.entity.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type List, type Row } from '../support/entity-crud.ts';
import type { Order } from '../support/production-order-suite.ts';
import { backends } from '../support/test-server.ts';
import { productionOrderSuite } from '../support/production-order-suite.ts';

// Production orders (docs/domain/production.md §3.2) seen from the floor, through HTTP: the order
// and machine dashboards to their readers only, a quarantine batch kept out of use until it passes,
// and a held order that takes the lab's verdict and resumes where it leads. The lifecycle and the
// stages are in production-orders.pg.test.ts.

describe.each(backends())('production orders on the floor on %s', (backend) => {
  const s = productionOrderSuite(backend);
  const { as, db, order, send, step, movements, lotStatus, draft, released } = s;

  it('shows open orders on the dashboard route to its readers only', async () => {
    const mo = await released(30);
    const supervisor = entityClient(s.t.url, await tokenFor(s.t.url, 'supervisor'));
    const open = await supervisor.get<List>(DASHBOARD_ORDERS.api, { per_page: 500 });
    expect(open.httpStatus).toBe(200);
    expect(open.data.rows.map((r) => r.number)).toContain(mo.number);
    // The supervisor watches the floor but does not read the orders module, nor write.
    expect((await supervisor.get(PRODUCTION_ORDERS.api)).httpStatus).toBe(403);
    expect(
      (
        await supervisor.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/events/hold`, {
          version: mo.version,
          reason: 'x',
        })
      ).httpStatus,
    ).toBe(403);
    expect((await as.inventory!.get(DASHBOARD_ORDERS.api)).httpStatus).toBe(403);
  });

  it('shows each machine with what it runs and its downtime figures on the machines dashboard', async () => {
    // The demo's standard flow names an operation, and so a machine kind, for each step.
    const flows = await as.admin!.get<List>(FLOWS.api);
    const standard = flows.data.rows.find((f) => f.code === 'standard_eliquid')!.id;
    const mo = await released(30, standard);
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
      version: (await order(mo.id)).version,
    });
    await step('batcher', mo.id, 'start_batching');
    const mixer = await as.admin!.create(MACHINES, {
      code: 'T-MIX-9',
      kind: 'mixer',
    });
    // Down 90 minutes ago, running again 30 minutes ago: one failure of an hour.
    await db()
      .execute(sql`insert into machine_status_logs (machine_id, from_status, to_status, created_at)
      values (${mixer.id}, 'operational', 'down', now() - interval '90 minutes'),
             (${mixer.id}, 'down', 'operational', now() - interval '30 minutes')`);
    const reply = await as.supervisor_production!.get<MachineCard[]>(
      '/api/production/dashboard/machines',
    );
    expect(reply.httpStatus).toBe(200);
    const running = reply.data.filter((m) => m.current_order === mo.number);
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({
      kind: 'mixer',
      status: 'operational',
      current_operation: 'Weigh and mix batch',
    });
    const test = reply.data.find((m) => m.code === 'T-MIX-9');
    expect(test).toMatchObject({
      down_minutes_7d: 60,
      failures_30d: 1,
      mttr_minutes: 60,
      mtbf_minutes: 30 * 24 * 60 - 60,
    });
    expect((await as.batcher!.get('/api/production/dashboard/machines')).httpStatus).toBe(403);
  });

  it('keeps a quarantine batch out of use, and cancels an order only before consumption', async () => {
    const mo = await released(60);
    const id = mo.id;
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${id}/picks`, {
      version: (await order(id)).version,
    });
    await step('batcher', id, 'start_batching');
    await step('batcher', id, 'finish_batching', { actual_batch_ml: 1800 });
    // In progress, the order cannot be cancelled any more.
    const cancel = await send('planning', id, 'cancel', {
      version: (await order(id)).version,
      reason: 'No longer needed',
    });
    expect(cancel.httpStatus).toBe(422);
    // The quarantine batch cannot be used by anything that posts to the ledger.
    const floor = (await movements(id)).find((m) => m.movement_type === 'produce');
    const use = db().transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId: floor!.product_id,
            lotId: mo.batch_lot_id,
            locationId: floor!.location_id,
            qty: -10,
            movementType: 'consume',
          },
        ],
        { actorId: null },
      ),
    );
    await expect(use).rejects.toMatchObject({
      data: { lot_id: expect.stringContaining('quarantine') as unknown },
    });
    expect(await lotStatus(mo.batch_lot_id)).toBe('quarantine');
    const scrap = await send('qa_manager', id, 'scrap', {
      version: (await order(id)).version,
      reason: 'x',
    });
    expect(scrap.httpStatus).toBe(422);

    const other = await draft(10);
    await step('planning', other.id, 'cancel', { reason: 'Planned twice' });
    expect((await order(other.id)).status).toBe('cancelled');
    expect(await movements(other.id)).toEqual([]);
  });

  it('answers a hold with the order as a read of it after commit shows it, lines included', async () => {
    // The standard flow runs an operation from start_batching on, which a hold pauses.
    const flows = await as.admin!.get<List>(FLOWS.api);
    const mo = await released(30, flows.data.rows.find((f) => f.code === 'standard_eliquid')!.id);
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
      version: (await order(mo.id)).version,
    });
    await step('batcher', mo.id, 'start_batching');
    const held = await send('supervisor_production', mo.id, 'hold', {
      version: (await order(mo.id)).version,
      reason: 'Line check',
    });
    expect(held.httpStatus, held.message).toBe(200);
    // The reply reuses the row read in the transaction and reads the lines after the commit:
    // both must be what anyone reading the order now sees, the paused operation included.
    const { warnings, ...reply } = held.data as Order & { warnings: unknown };
    expect(warnings).toEqual([]);
    expect(reply).toEqual(await order(mo.id));
    expect(reply).toMatchObject({ status: 'on_hold', hold_reason: 'Line check' });
    expect((reply.operations as { status: string }[]).some((o) => o.status === 'paused')).toBe(
      true,
    );
  });

  it('records the lab verdict on a held order, which resumes where the verdict leads', async () => {
    const mo = await released(40);
    const id = mo.id;
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${id}/picks`, {
      version: (await order(id)).version,
    });
    await step('batcher', id, 'start_batching');
    await step('batcher', id, 'finish_batching', { actual_batch_ml: 1200 });
    await step('qa_manager', id, 'hold', { reason: 'Spill on the line' });
    const [request] = (
      await as.hplc_tech!.get<List>(HPLC_REQUESTS.api, {
        filter: [
          {
            field: 'production_order_number',
            field_type: 'text',
            filters: [{ operator: 'equals', value: mo.number }],
          },
        ],
      })
    ).data.rows;
    const result = await as.hplc_tech!.send<Row>(
      'POST',
      `${HPLC_REQUESTS.api}/${request!.id}/result`,
      { measured_mg: Number(s.product.nicotine_mg) },
    );
    expect(result.httpStatus, result.message).toBe(200);
    expect(await order(id)).toMatchObject({
      status: 'on_hold',
      stage: 'hplc_passed',
      hplc_status: 'passed',
    });
    expect(await lotStatus(mo.batch_lot_id)).toBe('released');
    const resumed = await step('supervisor_production', id, 'resume');
    expect(resumed).toMatchObject({ status: 'in_progress', stage: 'hplc_passed' });
  });
});
