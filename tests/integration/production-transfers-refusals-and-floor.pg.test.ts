import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import {
  PRODUCTION_TRANSFERS,
  QR_LABELS,
  SHIPMENTS,
  TRANSFER_ORDERS,
  TRANSFER_PAILS,
  TRANSFER_SKIDS,
} from '../../src/domain/entities/production/production-transfers.entity.ts';
import {} from '../../src/domain/entities/production/production-transfer-reports.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import type { Skid } from '../support/transfer-fixtures.ts';
import { transferWorldSuite } from '../support/transfer-world-suite.ts';

// Production transfers (docs/domain/production.md §3.2, §3.5, §3.6) on the demo plant, through
// HTTP: every refusal (403 role, 422 guard, 409 stale) writes nothing; new skids for the loaders,
// QR labels for their roles, and the dashboards to the Transfer page's roles. The receipts that
// complete orders, the pails and the reports are in production-transfers.pg.test.ts. One server
// for the file.

describe.each(backends())('production transfers refused and on the floor on %s', (backend) => {
  const world = transferWorldSuite(backend);
  const {
    as,
    db,
    order,
    skid,
    transfer,
    transferEvent,
    load,
    skidEvent,
    finishedLot,
    newSkid,
    awaitingTransfer,
  } = world;

  it('refuses by role: loading, putting on a transfer, shipping and receiving', async () => {
    const o = await awaitingTransfer(12);
    const s = await newSkid();
    expect((await load('bottler', s.id, o.id, 12)).httpStatus).toBe(403);
    expect((await load('sale', s.id, o.id, 12)).httpStatus).toBe(403);
    expect((await skid(s.id)).units).toBe(0);
    expect((await load('transfer', s.id, o.id, 12)).httpStatus).toBe(200);
    expect((await skidEvent('bottler', s.id, 'close')).httpStatus).toBe(403);
    expect((await skidEvent('supervisor_production', s.id, 'close')).httpStatus).toBe(200);
    const body = { to_location_id: world.w.ids.dc, skid_ids: [s.id] };
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
      to_location_id: world.w.ids.dc,
      skid_ids: [s.id],
    });
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toMatch(/quarantine/);
    expect((await skid(s.id)).transfer_id).toBeNull();
    await db().execute(sql`update stock_lots set status = 'released' where id = ${lot}`);

    // Only orders waiting for transfer are loaded; a closed skid takes nothing more.
    const early = await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: world.w.product.id,
      flow_id: world.w.flowId,
      planned_units: 5,
      due_date: '2026-12-01',
    });
    expect((await load('transfer', other.id, early.id, 1)).httpStatus).toBe(422);
    expect((await load('transfer', s.id, o.id, 1)).httpStatus).toBe(422);
    // A skid on no transfer may not go to the floor's own location either.
    const floor = await as.transfer!.send('POST', PRODUCTION_TRANSFERS.api, {
      to_location_id: world.w.ids.floor,
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
      to_location_id: world.w.ids.dc,
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
    expect(first.data).toMatchObject({ status: 'open', location_id: world.w.ids.floor, units: 0 });
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
      to_location_id: world.w.ids.dc,
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
});
