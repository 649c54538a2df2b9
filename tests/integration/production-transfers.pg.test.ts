import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import {
  PRODUCTION_TRANSFERS,
  TRANSFER_ORDERS,
  TRANSFER_PAILS,
} from '../../src/domain/entities/production/production-transfers.entity.ts';
import {
  PAILS_TRANSFER_LOGS,
  TRANSFER_LOGS,
  TRANSFER_REPORT,
} from '../../src/domain/entities/production/production-transfer-reports.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type List, type Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import { transferWorldSuite } from '../support/transfer-world-suite.ts';

// Production transfers (docs/domain/production.md §3.2 transfer_pending → transferred, §3.5, §3.6)
// on the demo plant, through HTTP: finished units loaded on skids, skids closed and put on a
// transfer of kind production_output, the transfer's workflow moving the skids, and its receipt
// completing each order it carried with transferred units = Σ received, in the same transaction;
// then the pails moved between phases; then the reports of those transfers and moves. Refusals, new
// skids, QR labels and the dashboards are in production-transfers-refusals-and-floor.pg.test.ts.
// One server for the file.

describe.each(backends())('production transfers on %s', (backend) => {
  const world = transferWorldSuite(backend);
  const {
    as,
    db,
    order,
    step,
    skid,
    transfer,
    transferEvent,
    load,
    skidEvent,
    onHand,
    finishedLot,
    newSkid,
    awaitingTransfer,
    onTransfer,
    shipped,
  } = world;
  /** Transfers the first tests received whole and short, for the reports. */
  const made: Record<'whole' | 'short', { number: string; order: string } | null> = {
    whole: null,
    short: null,
  };

  it('completes the order when its transfer is received, with the units received', async () => {
    const o = await awaitingTransfer(24);
    const lot = await finishedLot(o.id);
    expect(await onHand(world.w.ids.floor, lot)).toBe(24);
    const { skid: s, tr } = await onTransfer(o, 24);
    made.whole = { number: tr.number, order: o.number };
    expect(s).toMatchObject({ status: 'closed', transfer_id: tr.id, units: 24 });
    expect(tr).toMatchObject({ status: 'draft', kind: 'production_output' });
    expect(tr.lines).toEqual([
      expect.objectContaining({ qty_sent: 24, skid_id: s.id, lot_id: lot }),
    ]);

    await shipped(tr.id);
    expect((await skid(s.id)).status).toBe('in_transfer');
    const waiting = (await as.transfer!.get<Row>(`${TRANSFER_ORDERS.api}/${o.id}`)).data;
    expect(waiting).toMatchObject({
      stage: 'transfer_pending',
      transfer_status: 'in_transfer',
      produced_units: 24,
      loaded_units: 24,
    });
    expect([await onHand(world.w.ids.floor, lot), await onHand(world.w.ids.transit, lot)]).toEqual([
      0, 24,
    ]);

    const received = await transferEvent('inventory', tr.id, 'receive');
    expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);
    const done = await order(o.id);
    expect(done).toMatchObject({
      status: 'completed',
      stage: 'transferred',
      transferred_units: 24,
    });
    expect(done.operations.find((op) => op.phase_code === 'transfer')?.status).toBe('done');
    expect(await onHand(world.w.ids.dc, lot)).toBe(24);
    expect(await skid(s.id)).toMatchObject({ status: 'received', location_id: world.w.ids.dc });
    const [logged] = await queryRows<{ event: string; created_by: number; payload: unknown }>(
      db(),
      sql`select event, created_by::int as created_by, payload from status_transitions
           where entity_type = 'production_orders' and entity_id = ${o.id}
           order by id desc limit 1`,
    );
    expect(logged).toMatchObject({
      event: 'transfer_received',
      payload: { transferred_units: 24 },
    });

    // The empty skid comes home and can be loaded again.
    expect((await skidEvent('shipping', s.id, 'return')).httpStatus).toBe(403);
    const back = await skidEvent('transfer', s.id, 'return');
    expect(back.data).toMatchObject({ status: 'open', transfer_id: null, units: 0 });
  });

  it('settles a short receipt with what arrived once the discrepancy is resolved', async () => {
    const o = await awaitingTransfer(30);
    const { tr } = await onTransfer(o, 30);
    made.short = { number: tr.number, order: o.number };
    await shipped(tr.id);
    const line = (await transfer(tr.id)).lines[0]!;
    const partial = await transferEvent('inventory', tr.id, 'receive_partial', {
      lines: [{ id: line.id, qty_received: 28 }],
    });
    expect(partial.data.status).toBe('partially_received');
    expect((await order(o.id)).stage).toBe('transfer_pending');
    expect((await transferEvent('manager', tr.id, 'close')).httpStatus).toBe(200);
    const resolved = await transferEvent('manager', tr.id, 'resolve', { reason: 'Two crushed' });
    expect(resolved.data.status).toBe('received');
    expect(await order(o.id)).toMatchObject({ stage: 'transferred', transferred_units: 28 });
  });

  it('settles an order held while its transfer arrived when it resumes', async () => {
    const o = await awaitingTransfer(6);
    const { tr } = await onTransfer(o, 6);
    await shipped(tr.id);
    await step('supervisor_production', o.id, 'hold', { reason: 'Label audit' });
    expect((await transferEvent('inventory', tr.id, 'receive')).httpStatus).toBe(200);
    expect(await order(o.id)).toMatchObject({ status: 'on_hold', stage: 'transfer_pending' });
    const resumed = await step('supervisor_production', o.id, 'resume');
    expect(resumed).toMatchObject({
      status: 'completed',
      stage: 'transferred',
      transferred_units: 6,
    });
  });

  it('waits for every skid of an order before completing it', async () => {
    const o = await awaitingTransfer(36);
    const first = await onTransfer(o, 20);
    const second = await newSkid();
    expect((await load('transfer', second.id, o.id, 16)).httpStatus).toBe(200);
    // To the distribution centre, another site: shipped and received.
    for (const [who, event] of [
      ['transfer', 'request'],
      ['transfer', 'prepare'],
      ['shipping', 'ship'],
      ['warehouse', 'receive'],
    ] as const) {
      expect((await transferEvent(who, first.tr.id, event)).httpStatus).toBe(200);
    }
    expect((await order(o.id)).stage).toBe('transfer_pending');
    expect((await skidEvent('transfer', second.id, 'close')).httpStatus).toBe(200);
    const created = await as.planning!.send<Row>('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: world.w.ids.dc,
      skid_ids: [second.id],
    });
    expect(created.httpStatus).toBe(201);
    for (const [who, event] of [
      ['transfer', 'request'],
      ['transfer', 'prepare'],
      ['shipping', 'ship'],
      ['warehouse', 'receive'],
    ] as const) {
      expect((await transferEvent(who, created.data.id, event)).httpStatus).toBe(200);
    }
    expect(await order(o.id)).toMatchObject({ stage: 'transferred', transferred_units: 36 });
  });

  it('moves a pail between phases, logging each move', async () => {
    const pails = await as.batcher!.get<List>(TRANSFER_PAILS.api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'PA-001' }] },
      ],
    });
    const pail = pails.data.rows[0]!;
    const phases = await as.admin!.get<List>(PHASES.api, { per_page: 50 });
    const phase = (code: string) =>
      phases.data.rows.find((p) => p.code === code && p.module === 'production')!.id;
    const mo = await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: world.w.product.id,
      flow_id: world.w.flowId,
      planned_units: 5,
      due_date: '2026-12-01',
    });
    // The order's batch lot goes into the pail with it, and stays there as the pail moves on.
    const [lot] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from stock_lots limit 1`,
    );
    await db().execute(
      sql`update production_orders set batch_lot_id = ${lot!.id} where id = ${mo.id}`,
    );
    const pailLot = async () =>
      (
        await queryRows<{ lot_id: number | null }>(
          db(),
          sql`select lot_id::int as lot_id from pails where id = ${pail.id}`,
        )
      )[0]!.lot_id;
    const move = (who: string, version: number, body: object) =>
      as[who]!.send<Row>('POST', `/api/production/pails/${pail.id}/move`, { version, ...body });
    const fill = { to_phase_id: phase('batching'), production_order_id: mo.id, volume_ml: 15000 };
    expect((await move('planning', pail.version, fill)).httpStatus).toBe(403);
    const over = await move('batcher', pail.version, { ...fill, volume_ml: 20001 });
    expect(over.httpStatus).toBe(422);
    const filled = await move('batcher', pail.version, fill);
    expect(await pailLot()).toBe(lot!.id);
    expect(filled.data).toMatchObject({
      status: 'filled',
      production_order_id: mo.id,
      phase_code: 'batching',
      volume_ml: 15000,
    });
    expect((await move('bottler', pail.version, fill)).httpStatus).toBe(409);
    const atBottling = await move('bottler', filled.data.version, {
      to_phase_id: phase('bottling'),
      volume_ml: 15000,
    });
    expect(atBottling.data).toMatchObject({ status: 'at_bottling', production_order_id: mo.id });
    expect(await pailLot()).toBe(lot!.id);
    const moves = await queryRows<{ from_phase: string | null; to_phase: string; volume: number }>(
      db(),
      sql`select fp.code as from_phase, tp.code as to_phase, t.volume_ml::float8 as volume
            from pail_transfers t left join phases fp on fp.id = t.from_phase_id
            join phases tp on tp.id = t.to_phase_id
           where t.pail_id = ${pail.id} and t.production_order_id = ${mo.id} order by t.id`,
    );
    expect(moves).toEqual([
      { from_phase: null, to_phase: 'batching', volume: 15000 },
      { from_phase: 'batching', to_phase: 'bottling', volume: 15000 },
    ]);
  });

  it('reports transfers, their events and pail moves to the report roles, with export', async () => {
    const byNumber = async (number: string) =>
      (
        await as.supervisor_production!.get<List>(TRANSFER_REPORT.api, {
          filter: [
            {
              field: 'number',
              field_type: 'text',
              filters: [{ operator: 'equals', value: number }],
            },
          ],
        })
      ).data.rows;
    expect(await byNumber(made.whole!.number)).toEqual([
      expect.objectContaining({
        production_order_number: made.whole!.order,
        product_sku: 'FG-MANGO-06-30',
        status: 'received',
        skid_count: 1,
        units_sent: 24,
        units_received: 24,
        discrepancy_units: 0,
        to_location_name: 'Montréal distribution centre',
      }),
    ]);
    expect(await byNumber(made.short!.number)).toEqual([
      expect.objectContaining({ units_sent: 30, units_received: 28, discrepancy_units: 2 }),
    ]);
    expect((await as.bottler!.get(TRANSFER_REPORT.api)).httpStatus).toBe(403);
    const reportsOnly = entityClient(
      world.w.t.url,
      await tokenFor(world.w.t.url, 'production_reports'),
    );
    const csv = await fetch(`${world.w.t.url}${TRANSFER_REPORT.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${reportsOnly.token}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(made.whole!.number);

    const events = await as.manager!.get<List>(TRANSFER_LOGS.api, {
      per_page: 200,
      filter: [
        {
          field: 'reference',
          field_type: 'text',
          filters: [{ operator: 'in', value: [made.whole!.number, made.whole!.order] }],
        },
      ],
      sort: { field: 'created_at', direction: 'asc' },
    });
    expect(events.data.rows.map((r) => [r.kind, r.event])).toEqual([
      ['transfer', 'request'],
      ['transfer', 'prepare'],
      ['transfer', 'ship'],
      ['order', 'transfer_received'],
      ['transfer', 'receive'],
    ]);
    const received = events.data.rows.find((r) => r.event === 'transfer_received');
    expect(received).toMatchObject({ transferred_units: 24, to_status: 'completed' });

    const pails = await as.planning!.get<List>(PAILS_TRANSFER_LOGS.api, {
      sort: { field: 'created_at', direction: 'asc' },
    });
    expect(pails.data.rows.map((r) => [r.pail_code, r.from_phase_code, r.to_phase_code])).toEqual([
      ['PA-001', null, 'batching'],
      ['PA-001', 'batching', 'bottling'],
    ]);
    expect(pails.data.rows[0]).toMatchObject({ product_sku: 'FG-MANGO-06-30', volume_ml: 15000 });
  });
});
