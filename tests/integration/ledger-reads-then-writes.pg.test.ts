import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess } from '../../src/domain/access.ts';
import { ROLES } from '../../src/domain/roles.ts';
import { allEntities } from '../../src/domain/entities/entity-registry.ts';
import { canLoadOptions } from '../../src/domain/entities/options-access.ts';
import type { RouteAccess } from '../../src/domain/route-access.ts';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { PRODUCTION_RECOVERIES } from '../../src/domain/entities/production/production-recoveries.entity.ts';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import { WAREHOUSE_PRODUCT_LOCATIONS } from '../../src/domain/entities/production/warehouse-locations.entity.ts';
import { ALLOCATIONS } from '../../src/domain/entities/stock/allocations.entity.ts';
import {
  INVENTORY_MOVEMENTS,
  MOVEMENT_SOURCES,
} from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { RECEIVINGS } from '../../src/domain/entities/stock/receivings.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { plantOn, type Plant, type PlantOrder } from '../support/production-plant.ts';
import { stockWorldOn, type StockWorld } from '../support/stock-fixtures.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Reading a report once must never break a later write in the same
// process (a second declaration of stock_movements once made every posting answer 500 after
// one read of the movements report). One server, a fresh database: every inventory and
// production read, as a role that may, then every kind of document that writes a ledger.

type Guarded = { method: string; url: string; access: RouteAccess };

/** A role (not admin, when another may) the access table lets through. */
function roleFor(access: RouteAccess, url: string): string {
  // A picker's options answer the roles that read its entity or edit what references it.
  const picked = url.endsWith('/options')
    ? allEntities().find((e) => `${e.api}/options` === url)
    : undefined;
  if (picked) {
    return ROLES.find((r) => r !== 'admin' && canLoadOptions([r], picked)) ?? 'admin';
  }
  // A view's picker (the dashboard's orders) is not in the registry: admin opens every one.
  if (url.endsWith('/options')) return 'admin';
  if (access === 'authenticated' || access === 'public' || access === 'pusher-signed') {
    return 'inventory';
  }
  const may = ROLES.filter((r) => canAccess([r], access.area, access.action));
  return may.find((r) => r !== 'admin') ?? 'admin';
}

/** The query each kind of read route needs to run its statement. */
function queryOf(url: string): string {
  if (url.endsWith('/changes')) return '?since=0';
  if (url.endsWith('/export')) return '?format=csv&per_page=1';
  if (url.endsWith('/options')) return '?search=a';
  return '?per_page=1';
}

describe.each(backends())('the ledger after every report is read, on %s', (backend) => {
  let t: TestServer;
  let w: StockWorld;
  let p: Plant;
  let order: PlantOrder;
  let recovery: Row;
  const tokens = new Map<string, string>();
  const as = async (user: string): Promise<EntityApiClient> => {
    let token = tokens.get(user);
    if (!token) {
      token = await tokenFor(t.url, user);
      tokens.set(user, token);
    }
    return entityClient(t.url, token);
  };

  beforeAll(async () => {
    t = await startTestServer({ backend });
    w = await stockWorldOn(t);
    p = await plantOn(t, []);
  }, 120_000);
  afterAll(async () => t.close());

  it('reads every inventory and production route, then posts every document kind', async () => {
    // Read first, the order that broke the writes: every GET of both modules without a path id.
    const reads = (t.server.app.guardedRoutes as Guarded[]).filter(
      (r) =>
        r.method === 'GET' &&
        /^\/api\/(inventory|production)\//.test(r.url) &&
        !r.url.includes('/:'),
    );
    expect(reads.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/inventory/reports/inventory-movements-details',
        '/api/production/reel_movements',
        '/api/production/warehouse_product_location_logs',
      ]),
    );
    const failed: string[] = [];
    for (const route of reads) {
      const response = await fetch(`${t.url}${route.url}${queryOf(route.url)}`, {
        headers: { authorization: `Bearer ${(await as(roleFor(route.access, route.url))).token}` },
      });
      await response.arrayBuffer();
      if (response.status >= 500 || response.status === 401 || response.status === 403) {
        failed.push(`${route.url} as ${roleFor(route.access, route.url)}: ${response.status}`);
      }
    }
    expect(failed).toEqual([]);

    const inventory = await as('inventory');
    const event = async (user: string, api: string, doc: Row, name: string, extra = {}) => {
      const reply = await (
        await as(user)
      ).send<Row>('POST', `${api}/${doc.id}/events/${name}`, { version: doc.version, ...extra });
      expect(reply.httpStatus, `${api} ${name}: ${JSON.stringify(reply.data)}`).toBe(200);
      return reply.data;
    };
    const created = async (api: string, body: Record<string, unknown>, user = inventory) => {
      const reply = await user.send<Row>('POST', api, body);
      expect(reply.httpStatus, `${api}: ${JSON.stringify(reply.data)}`).toBe(201);
      return reply.data;
    };

    const product = await w.newProduct();
    const adjustment = await created(STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [
        { product_id: product, bin_id: w.ids.binA, qty_delta: 40 },
        { product_id: product, qty_delta: 20 },
      ],
    });
    await event('inventory', STOCK_ADJUSTMENTS.api, adjustment, 'post');

    const receiving = await created(RECEIVINGS.api, {
      location_id: w.ids.main,
      received_date: '2026-01-15',
      packing_slip_no: 'PS-READS',
      lines: [{ product_id: product, qty: 10, bin_id: w.ids.binB, unit_cost: 1.5 }],
    });
    await event('inventory', RECEIVINGS.api, receiving, 'post');

    const transfer = await created(TRANSFERS.api, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: w.ids.second,
      lines: [{ product_id: product, qty_sent: 5 }],
    });
    const requested = await event('transfer', TRANSFERS.api, transfer, 'request');
    const ready = await event('warehouse', TRANSFERS.api, requested, 'prepare');
    const shipped = await event('shipping', TRANSFERS.api, ready, 'ship');
    await event('warehouse', TRANSFERS.api, shipped, 'receive');

    const packingList = await created(ALLOCATIONS.api, {
      ship_from_location_id: w.ids.main,
      lines: [{ product_id: product, qty_allocated: 3 }],
    });
    const allocated = await event('inventory', ALLOCATIONS.api, packingList, 'allocate');
    const picking = await event('warehouse', ALLOCATIONS.api, allocated, 'pick');
    const packed = await event('warehouse', ALLOCATIONS.api, picking, 'pack', {
      lines: [{ id: (picking.lines as Row[])[0]?.id, qty_picked: 3 }],
    });
    await event('shipping', ALLOCATIONS.api, packed, 'ship');

    const count = await created(STOCK_COUNTS.api, {
      location_id: w.ids.main,
      scope: 'bins',
      lines: [{ bin_id: w.ids.binB }],
    });
    const scheduled = await event('inventory', STOCK_COUNTS.api, count, 'schedule');
    const started = await event('inventory', STOCK_COUNTS.api, scheduled, 'start');
    const sheet = await inventory.send<Row>('PUT', `${STOCK_COUNTS.api}/${count.id}/sheet`, {
      version: started.version,
      lines: (started.lines as Row[]).map((l) => ({ id: l.id, qty: Number(l.snapshot_qty) - 1 })),
    });
    expect(sheet.httpStatus, JSON.stringify(sheet.data)).toBe(200);
    const submitted = await event('inventory', STOCK_COUNTS.api, sheet.data, 'submit');
    const reviewed = await event('admin', STOCK_COUNTS.api, submitted, 'review');
    const posted = await event('admin', STOCK_COUNTS.api, reviewed, 'approve');
    expect(posted.status).toBe('posted');

    const admin = await as('admin');
    const params = (await admin.get<List>(PARAMETERS.api, { per_page: 200 })).data.rows;
    const param = (type: string, code: string) =>
      params.find(
        (r) => r.code === code && String(r.parameter_type_name).toLowerCase().includes(type),
      )?.id;
    const reel = await created(
      STAMP_REELS.api,
      {
        reel_no: 'T-READS-1',
        stamp_jurisdiction_id: param('jurisdiction', 'ON'),
        stamp_type_id: param('type', 'federal'),
        first_serial: 5000,
        last_serial: 5099,
        stamps_qty: 100,
        received_at: '2026-01-10',
      },
      await as('stamp_inventory'),
    );
    const approved = await event('manager', STAMP_REELS.api, reel, 'approve_receipt');
    expect(approved.status).toBe('available');

    const dc = (await admin.get<List>(LOCATIONS.api, { per_page: 200 })).data.rows.find(
      (l) => l.code === 'DC-MTL',
    );
    const dcBin = await admin.create(BINS, { location_id: dc?.id, code: 'T-READS' });
    await created(
      WAREHOUSE_PRODUCT_LOCATIONS.api,
      {
        location_id: dc?.id,
        product_id: p.product.id,
        bin_id: dcBin.id,
        is_primary: true,
        min_units: 0,
        max_units: 100,
      },
      admin,
    );

    // The production flow writes the ledger too: consume and produce at batching and bottling,
    // and a recovery consumes finished units into a bulk lot.
    order = await p.completed();
    expect(order.status).toBe('completed');
    recovery = await created(
      PRODUCTION_RECOVERIES.api,
      {
        source_type: 'production_order',
        production_order_id: order.id,
        product_id: p.product.id,
        units: 10,
        recovered_ml: 280,
      },
      await as('recovery'),
    );
    await event('recovery', PRODUCTION_RECOVERIES.api, recovery, 'post');
    expect(await p.ledgerDrift()).toBe(0);
  });

  it('names the document of every movement in the movements report', async () => {
    const inventory = await as('inventory');
    const rows: Row[] = [];
    for (let page = 1; ; page += 1) {
      const reply = await inventory.get<List>(INVENTORY_MOVEMENTS.api, { page, per_page: 500 });
      expect(reply.httpStatus).toBe(200);
      rows.push(...reply.data.rows);
      if (rows.length >= reply.data.total) break;
    }
    const unnamed = rows.filter(
      (r) =>
        typeof r.document_number !== 'string' ||
        !(MOVEMENT_SOURCES as readonly unknown[]).includes(r.source_type),
    );
    expect(unnamed.map((r) => [r.movement_type, r.source_type, r.source_id])).toEqual([]);
    expect(new Set(rows.map((r) => r.source_type))).toEqual(
      new Set([
        'receivings',
        'stock_adjustments',
        'stock_counts',
        'transfers',
        'allocations',
        'production_orders',
        'production_recoveries',
        'lab_receivings',
        'assembly_orders',
      ]),
    );

    const typesOf = (number: unknown, source: string) =>
      new Set(
        rows
          .filter((r) => r.document_number === number && r.source_type === source)
          .map((r) => r.movement_type),
      );
    // Batching consumes the picks and produces the bulk; bottling consumes the bulk and the
    // last counting phase produces the finished units: each names the order.
    expect(typesOf(order.number, 'production_orders')).toEqual(new Set(['consume', 'produce']));
    expect(typesOf(recovery.number, 'production_recoveries')).toEqual(
      new Set(['consume', 'produce']),
    );
    expect(recovery.number).toMatch(/^RY-\d{5}$/);
  });
});
