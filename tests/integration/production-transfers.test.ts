import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import {
  PRODUCTION_TRANSFERS,
  QR_LABELS,
  SHIPMENTS,
  TRANSFER_ORDERS,
  TRANSFER_PAILS,
  TRANSFER_SKIDS,
} from '../../src/domain/entities/production/production-transfers.entity.ts';
import {
  PAILS_TRANSFER_LOGS,
  TRANSFER_LOGS,
  TRANSFER_REPORT,
} from '../../src/domain/entities/production/production-transfer-reports.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import {
  startTransferWorld,
  type Order,
  type Skid,
  type TransferWorld,
} from '../support/transfer-fixtures.ts';

// Production transfers (domain.md §3.2 transfer_pending → transferred, §3.5, §3.6) on the demo
// plant, through HTTP: finished units loaded on skids, skids closed and put on a transfer of
// kind production_output, the transfer's workflow moving the skids, and its receipt completing
// each order it carried with transferred units = Σ received, in the same transaction. Every
// refusal (403 role, 422 guard, 409 stale) writes nothing. One server for the file.

describe.each(backends())('production transfers on %s', (backend) => {
  let w: TransferWorld;
  const as: Record<string, EntityApiClient> = {};
  /** Transfers the first tests received whole and short, for the reports. */
  const made: Record<'whole' | 'short', { number: string; order: string } | null> = {
    whole: null,
    short: null,
  };
  // The world's steps under short names, as the tests read them.
  const db = () => w.db;
  const order = (id: number) => w.order(id);
  const step = (who: string, id: number, event: string, extra: object = {}) =>
    w.step(who, id, event, extra);
  const skid = (id: number) => w.skid(id);
  const transfer = (id: number) => w.transfer(id);
  const transferEvent = (who: string, id: number, event: string, extra: object = {}) =>
    w.transferEvent(who, id, event, extra);
  const load = (who: string, skidId: number, orderId: number, units: number) =>
    w.load(who, skidId, orderId, units);
  const skidEvent = (who: string, skidId: number, event: string) => w.skidEvent(who, skidId, event);
  const onHand = (locationId: number, lotId: number) => w.onHand(locationId, lotId);
  const finishedLot = (orderId: number) => w.finishedLot(orderId);
  const newSkid = () => w.newSkid();
  const awaitingTransfer = (units: number) => w.awaitingTransfer(units);
  const onTransfer = (o: Order, units: number) => w.onTransfer(o, units);
  const shipped = (trId: number) => w.shipped(trId);

  beforeAll(async () => {
    w = await startTransferWorld(backend);
    Object.assign(as, w.as);
  });
  afterAll(async () => w?.close());

  it('completes the order when its transfer is received, with the units received', async () => {
    const o = await awaitingTransfer(24);
    const lot = await finishedLot(o.id);
    expect(await onHand(w.ids.floor, lot)).toBe(24);
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
    expect([await onHand(w.ids.floor, lot), await onHand(w.ids.transit, lot)]).toEqual([0, 24]);

    const received = await transferEvent('inventory', tr.id, 'receive');
    expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);
    const done = await order(o.id);
    expect(done).toMatchObject({
      status: 'completed',
      stage: 'transferred',
      transferred_units: 24,
    });
    expect(done.operations.find((op) => op.phase_code === 'transfer')?.status).toBe('done');
    expect(await onHand(w.ids.dc, lot)).toBe(24);
    expect(await skid(s.id)).toMatchObject({ status: 'received', location_id: w.ids.dc });
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
      to_location_id: w.ids.dc,
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

  it('refuses by role: loading, putting on a transfer, shipping and receiving', async () => {
    const o = await awaitingTransfer(12);
    const s = await newSkid();
    expect((await load('bottler', s.id, o.id, 12)).httpStatus).toBe(403);
    expect((await load('sale', s.id, o.id, 12)).httpStatus).toBe(403);
    expect((await skid(s.id)).units).toBe(0);
    expect((await load('transfer', s.id, o.id, 12)).httpStatus).toBe(200);
    expect((await skidEvent('bottler', s.id, 'close')).httpStatus).toBe(403);
    expect((await skidEvent('supervisor_production', s.id, 'close')).httpStatus).toBe(200);
    const body = { to_location_id: w.ids.dc, skid_ids: [s.id] };
    expect((await as.bottler!.send('POST', PRODUCTION_TRANSFERS.api, body)).httpStatus).toBe(403);
    expect((await as.inventory!.send('POST', PRODUCTION_TRANSFERS.api, body)).httpStatus).toBe(403);
    expect((await skid(s.id)).transfer_id).toBeNull();
    const created = await as.transfer!.send<Row>('POST', PRODUCTION_TRANSFERS.api, body);
    const id = created.data.id;
    expect((await transferEvent('bottler', id, 'request')).httpStatus).toBe(403);
    await transferEvent('transfer', id, 'request');
    await transferEvent('transfer', id, 'prepare');
    expect((await transferEvent('transfer', id, 'ship')).httpStatus).toBe(403);
    await transferEvent('shipping', id, 'ship');
    expect((await transferEvent('shipping', id, 'receive')).httpStatus).toBe(403);
    expect((await transfer(id)).status).toBe('in_transit');
    expect((await order(o.id)).stage).toBe('transfer_pending');
  });

  it('refuses by guard: more than produced, a quarantine lot, an order not waiting, an empty skid', async () => {
    const o = await awaitingTransfer(10);
    const s = await newSkid();
    const tooMany = await load('transfer', s.id, o.id, 11);
    expect(tooMany.httpStatus).toBe(422);
    expect(String(tooMany.data && (tooMany.data as Record<string, unknown>).units)).toMatch(
      /Only 10 units/,
    );
    expect((await load('transfer', s.id, o.id, 6)).httpStatus).toBe(200);
    const other = await newSkid();
    expect((await load('transfer', other.id, o.id, 5)).httpStatus).toBe(422);
    expect((await skid(other.id)).units).toBe(0);
    expect((await skidEvent('transfer', other.id, 'close')).httpStatus).toBe(422);

    // QA quarantines the finished lot: it may neither be loaded nor travel.
    const lot = await finishedLot(o.id);
    await db().execute(sql`update stock_lots set status = 'quarantine' where id = ${lot}`);
    const held = await load('transfer', other.id, o.id, 1);
    expect(held.httpStatus).toBe(422);
    expect(JSON.stringify(held.data)).toMatch(/quarantine/);
    expect((await skidEvent('transfer', s.id, 'close')).httpStatus).toBe(200);
    const refused = await as.transfer!.send('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: w.ids.dc,
      skid_ids: [s.id],
    });
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toMatch(/quarantine/);
    expect((await skid(s.id)).transfer_id).toBeNull();
    await db().execute(sql`update stock_lots set status = 'released' where id = ${lot}`);

    // Only orders waiting for transfer are loaded; a closed skid takes nothing more.
    const early = await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: w.product.id,
      flow_id: w.flowId,
      planned_units: 5,
      due_date: '2026-12-01',
    });
    expect((await load('transfer', other.id, early.id, 1)).httpStatus).toBe(422);
    expect((await load('transfer', s.id, o.id, 1)).httpStatus).toBe(422);
    // A skid on no transfer may not go to the floor's own location either.
    const floor = await as.transfer!.send('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: w.ids.floor,
      skid_ids: [s.id],
    });
    expect(floor.httpStatus).toBe(422);
  });

  it('refuses a stale version and writes nothing', async () => {
    const o = await awaitingTransfer(8);
    const s = await newSkid();
    const before = await skid(s.id);
    expect((await load('transfer', s.id, o.id, 4)).httpStatus).toBe(200);
    const stale = await as.transfer!.send('POST', `/api/production/skids/${s.id}/load`, {
      version: before.version,
      production_order_id: o.id,
      units: 4,
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect((await skid(s.id)).units).toBe(4);
    const closeStale = await as.transfer!.send(
      'POST',
      `/api/production/skids/${s.id}/events/close`,
      {
        version: before.version,
      },
    );
    expect(closeStale.httpStatus).toBe(409);
    expect((await skid(s.id)).status).toBe('open');

    expect((await skidEvent('transfer', s.id, 'close')).httpStatus).toBe(200);
    const created = await as.transfer!.send<Row>('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: w.ids.dc,
      skid_ids: [s.id],
    });
    const tr = await transfer(created.data.id);
    await transferEvent('transfer', tr.id, 'request');
    const staleEvent = await as.transfer!.send('POST', `${TRANSFERS.api}/${tr.id}/events/prepare`, {
      version: tr.version,
    });
    expect(staleEvent.httpStatus).toBe(409);
    expect((await transfer(tr.id)).status).toBe('requested');

    // Cancelled, the transfer gives its skid back, still closed, and the order its units.
    const cancelled = await transferEvent('transfer', tr.id, 'cancel', { reason: 'Truck late' });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await skid(s.id)).toMatchObject({ status: 'closed', transfer_id: null, units: 4 });
  });

  it('opens a new numbered skid on the floor for the loaders only, and the DC transfer is no one-step move', async () => {
    const refused = await as.shipping!.send('POST', '/api/production/skids/new', {
      module: 'production',
    });
    expect(refused.httpStatus).toBe(403);
    const first = await as.transfer!.send<Skid>('POST', '/api/production/skids/new', {
      module: 'production',
    });
    expect(first.httpStatus, JSON.stringify(first.data)).toBe(200);
    expect(first.data).toMatchObject({ status: 'open', location_id: w.ids.floor, units: 0 });
    expect(first.data.code).toMatch(/^SK-\d{5}$/);
    const second = await as.transfer!.send<Skid>('POST', '/api/production/skids/new', {
      module: 'production',
    });
    expect(second.data.code).not.toBe(first.data.code);
    // Loaded, closed and put on a transfer to the DC (another site): the dashboard row says
    // so, and its story names the skid and the destination rather than their ids.
    const o = await awaitingTransfer(6);
    expect((await load('transfer', first.data.id, o.id, 6)).httpStatus).toBe(200);
    expect((await skidEvent('transfer', first.data.id, 'close')).httpStatus).toBe(200);
    const created = await as.transfer!.send<Row>('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: w.ids.dc,
      skid_ids: [first.data.id],
    });
    expect(created.httpStatus).toBe(201);
    const row = await as.transfer!.get<Row>(`${PRODUCTION_TRANSFERS.api}/${created.data.id}`);
    expect(Boolean(row.data.same_site)).toBe(false);
    const [audit] = await queryRows<{ changes: Record<string, [unknown, unknown]> }>(
      db(),
      sql`select changes from audit_logs where entity_type = 'transfers'
           and entity_id = ${created.data.id} and action = 'create'`,
    );
    expect(audit?.changes).toMatchObject({
      skid_codes: [null, first.data.code],
      to_location_name: [null, expect.stringContaining('distribution')],
    });
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
      product_id: w.product.id,
      flow_id: w.flowId,
      planned_units: 5,
      due_date: '2026-12-01',
    });
    const move = (who: string, version: number, body: object) =>
      as[who]!.send<Row>('POST', `/api/production/pails/${pail.id}/move`, { version, ...body });
    const fill = { to_phase_id: phase('batching'), production_order_id: mo.id, volume_ml: 15000 };
    expect((await move('planning', pail.version, fill)).httpStatus).toBe(403);
    const over = await move('batcher', pail.version, { ...fill, volume_ml: 20001 });
    expect(over.httpStatus).toBe(422);
    const filled = await move('batcher', pail.version, fill);
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

  it('generates QR labels for the QR code roles only, logging each generation', async () => {
    const logged = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from qr_labels`))[0]!.n;
    const carts = await as.requester!.get<{ value: number; label: string }[]>(
      '/api/production/carts/options',
    );
    const [first, second] = carts.data;
    const body = { entity_type: 'cart', entity_ids: [second!.value, first!.value], copies: 3 };
    const before = await logged();
    expect((await as.bottler!.send('POST', QR_LABELS.api, body)).httpStatus).toBe(403);
    expect((await as.bottler!.get(QR_LABELS.api)).httpStatus).toBe(403);
    expect(await logged()).toBe(before);

    const made = await as.requester!.send<Row[]>('POST', QR_LABELS.api, body);
    expect(made.httpStatus).toBe(201);
    expect(made.data).toEqual([
      { entity_type: 'cart', entity_id: second!.value, payload: second!.label, copies: 3 },
      { entity_type: 'cart', entity_id: first!.value, payload: first!.label, copies: 3 },
    ]);
    expect(await logged()).toBe(before + 2);
    const log = await as.transfer!.get<List>(QR_LABELS.api, {
      sort: { field: 'created_at', direction: 'desc' },
    });
    expect(log.data.rows[0]).toMatchObject({ entity_type: 'cart', copies: 3 });
    expect(log.data.rows[0]!.created_by_name).toBeTruthy();

    for (const bad of [
      { ...body, copies: 51 },
      { ...body, copies: 0 },
      { ...body, entity_ids: [999_999] },
      { entity_type: 'skid', entity_ids: [], copies: 1 },
      { entity_type: 'container', codes: ['XX-1'], copies: 1 },
      { entity_type: 'drum', entity_ids: [first!.value], copies: 1 },
    ]) {
      expect((await as.shipping!.send('POST', QR_LABELS.api, bad)).httpStatus).toBe(422);
    }
    expect(await logged()).toBe(before + 2);
    const container = await as.supervisor_production!.send<Row[]>('POST', QR_LABELS.api, {
      entity_type: 'container',
      codes: ['CT-00042'],
      copies: 2,
    });
    expect(container.data).toEqual([
      { entity_type: 'container', entity_id: null, payload: 'CT-00042', copies: 2 },
    ]);
  });

  it('serves the dashboards to the Transfer page roles only', async () => {
    const reads = [
      TRANSFER_ORDERS.api,
      TRANSFER_SKIDS.api,
      TRANSFER_PAILS.api,
      PRODUCTION_TRANSFERS.api,
      SHIPMENTS.api,
    ];
    for (const api of reads) {
      for (const who of ['transfer', 'shipping', 'bottler', 'planning']) {
        expect((await as[who]!.get(api)).httpStatus, `${who} ${api}`).toBe(200);
      }
      for (const who of ['sale', 'warehouse', 'inventory', 'requester']) {
        expect((await as[who]!.get(api)).httpStatus, `${who} ${api}`).toBe(403);
      }
    }
    const shipments = await as.shipping!.get<List>(SHIPMENTS.api, {
      per_page: 500,
      filter: [
        {
          field: 'kind',
          field_type: 'enum',
          filters: [{ operator: 'equals', value: 'transfer' }],
        },
      ],
    });
    const inTransit = shipments.data.rows.filter((r) => r.status === 'in_transit');
    expect(inTransit.length).toBeGreaterThan(0);
    for (const row of inTransit) expect(row.id).toBe(Number(row.document_id) * 2);
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
    const reportsOnly = entityClient(w.t.url, await tokenFor(w.t.url, 'production_reports'));
    const csv = await fetch(`${w.t.url}${TRANSFER_REPORT.api}/export?format=csv`, {
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
