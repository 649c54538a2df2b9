import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import {
  DUPLICATED_WAREHOUSE_LOCATIONS,
  WAREHOUSE_LOCATION_LOGS,
  WAREHOUSE_PRODUCT_LOCATIONS,
} from '../../src/domain/entities/production/warehouse-locations.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Distribution centers (docs/domain/production.md §3.3): a product's bins in a DC, one primary per
// product and DC (a clear 422, the partial unique index behind it), a log row for every assign,
// move, primary change and removal, and the two reports.

describe.each(backends())('distribution centers on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  let manager: EntityApiClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = entityClient(t.url, await tokenFor(t.url, 'admin'));
    manager = entityClient(t.url, await tokenFor(t.url, 'manager'));
    const locations = (await admin.get<List>(LOCATIONS.api, { per_page: 200 })).data.rows;
    ids.dc = locations.find((l) => l.code === 'DC-MTL')?.id as number;
    ids.main = locations.find((l) => l.code === 'WH-MAIN')?.id as number;
    const bin = async (location: number, code: string) =>
      (await admin.create(BINS, { location_id: location, code })).id;
    ids.b1 = await bin(ids.dc, 'T-01');
    ids.b2 = await bin(ids.dc, 'T-02');
    ids.b3 = await bin(ids.dc, 'T-03');
    ids.mainBin = await bin(ids.main, 'T-MAIN');
    const goods = (
      await admin.get<List>(PRODUCTS.api, {
        filter: [
          {
            field: 'type',
            field_type: 'enum',
            filters: [{ operator: 'equals', value: 'finished_good' }],
          },
        ],
        sort: { field: 'sku', direction: 'desc' },
        per_page: 3,
      })
    ).data.rows;
    ids.p1 = goods[0]?.id as number;
    ids.p2 = goods[1]?.id as number;
    expect(ids.dc && ids.main && ids.p1 && ids.p2).toBeTruthy();
  });
  afterAll(async () => t.close());

  const place = (body: Record<string, unknown>) =>
    admin.send<Row>('POST', WAREHOUSE_PRODUCT_LOCATIONS.api, {
      location_id: ids.dc,
      min_units: 0,
      max_units: 100,
      ...body,
    });

  const logsOf = async (productId: number) =>
    (
      await admin.get<List>(WAREHOUSE_LOCATION_LOGS.api, {
        filter: [
          {
            field: 'product_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: productId }],
          },
        ],
        sort: { field: 'created_at', direction: 'asc' },
        per_page: 100,
      })
    ).data.rows;

  it('is for admin only', async () => {
    expect((await manager.get(WAREHOUSE_PRODUCT_LOCATIONS.api)).httpStatus).toBe(403);
    const refused = await manager.send('POST', WAREHOUSE_PRODUCT_LOCATIONS.api, {
      location_id: ids.dc,
      product_id: ids.p1,
      bin_id: ids.b1,
    });
    expect(refused.httpStatus).toBe(403);
    expect((await manager.get(WAREHOUSE_LOCATION_LOGS.api)).httpStatus).toBe(403);
    expect((await manager.get(DUPLICATED_WAREHOUSE_LOCATIONS.api)).httpStatus).toBe(403);
  });

  it('refuses a location that is not a DC and a bin of another location', async () => {
    const notDc = await place({ location_id: ids.main, product_id: ids.p1, bin_id: ids.mainBin });
    expect(notDc.httpStatus).toBe(422);
    expect(notDc.data).toEqual({ location_id: 'WH-MAIN is not a distribution center' });
    const foreignBin = await place({ product_id: ids.p1, bin_id: ids.mainBin });
    expect(foreignBin.httpStatus).toBe(422);
    expect(foreignBin.data).toEqual({ bin_id: 'Bin T-MAIN is not in DC-MTL' });
    const minMax = await place({
      product_id: ids.p1,
      bin_id: ids.b1,
      min_units: 50,
      max_units: 10,
    });
    expect(minMax.data).toEqual({ max_units: 'Max units must be at least the min units' });
  });

  it('assigns, moves, changes the primary and removes, logging each', async () => {
    const first = await place({ product_id: ids.p1, bin_id: ids.b1, is_primary: true });
    expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
    expect(first.data).toMatchObject({
      bin_code: 'T-01',
      location_name: 'Montréal distribution centre',
    });
    const twice = await place({ product_id: ids.p1, bin_id: ids.b1 });
    expect(twice.httpStatus).toBe(422);
    expect(twice.data).toEqual({ bin_id: 'unique' });

    const secondPrimary = await place({ product_id: ids.p1, bin_id: ids.b2, is_primary: true });
    expect(secondPrimary.httpStatus).toBe(422);
    expect(String((secondPrimary.data as Record<string, string>).is_primary)).toMatch(
      /already has a primary bin in DC-MTL \(T-01\)/,
    );
    const second = await place({ product_id: ids.p1, bin_id: ids.b2 });
    expect(second.httpStatus).toBe(201);

    const moved = await admin.send<Row>(
      'PUT',
      `${WAREHOUSE_PRODUCT_LOCATIONS.api}/${second.data.id}`,
      {
        version: second.data.version,
        bin_id: ids.b3,
      },
    );
    expect(moved.httpStatus, JSON.stringify(moved.data)).toBe(200);
    const stale = await admin.send('PUT', `${WAREHOUSE_PRODUCT_LOCATIONS.api}/${second.data.id}`, {
      version: second.data.version,
      bin_id: ids.b2,
    });
    expect(stale.httpStatus).toBe(409);

    const cleared = await admin.send<Row>(
      'PUT',
      `${WAREHOUSE_PRODUCT_LOCATIONS.api}/${first.data.id}`,
      {
        version: first.data.version,
        is_primary: false,
      },
    );
    expect(cleared.httpStatus).toBe(200);
    const promoted = await admin.send<Row>(
      'PUT',
      `${WAREHOUSE_PRODUCT_LOCATIONS.api}/${moved.data.id}`,
      {
        version: moved.data.version,
        is_primary: true,
      },
    );
    expect(promoted.httpStatus, JSON.stringify(promoted.data)).toBe(200);
    const removed = await admin.send(
      'DELETE',
      `${WAREHOUSE_PRODUCT_LOCATIONS.api}/${first.data.id}`,
    );
    expect(removed.httpStatus).toBe(200);

    const logs = await logsOf(ids.p1 as number);
    expect(logs.map((l) => [l.action, l.old_bin_code ?? null, l.new_bin_code ?? null])).toEqual([
      ['assigned', null, 'T-01'],
      ['assigned', null, 'T-02'],
      ['moved', 'T-02', 'T-03'],
      ['primary_changed', 'T-01', null],
      ['primary_changed', null, 'T-03'],
      ['removed', 'T-01', null],
    ]);
    expect(logs.every((l) => l.created_by_name && l.location_name)).toBe(true);
  });

  it('filters the locations logs by user and DC', async () => {
    const byUser = await admin.get<List>(WAREHOUSE_LOCATION_LOGS.api, {
      filter: [
        {
          field: 'location_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: ids.dc }],
        },
        {
          field: 'created_by_name',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'nobody' }],
        },
      ],
    });
    expect(byUser.httpStatus).toBe(200);
    expect(byUser.data.total).toBe(0);
    const dcOnly = await admin.get<List>(WAREHOUSE_LOCATION_LOGS.api, {
      filter: [
        {
          field: 'location_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: ids.dc }],
        },
      ],
    });
    expect(dcOnly.data.total).toBeGreaterThan(0);
  });

  it('reports bins holding more than one product in a DC', async () => {
    const a = await place({ product_id: ids.p2, bin_id: ids.b3 });
    expect(a.httpStatus).toBe(201);
    const report = await admin.get<List>(DUPLICATED_WAREHOUSE_LOCATIONS.api, { per_page: 100 });
    expect(report.httpStatus).toBe(200);
    const shared = report.data.rows.filter((r) => r.bin_code === 'T-03');
    expect(shared.map((r) => r.product_id).sort()).toEqual(
      [ids.p1 as number, ids.p2 as number].sort(),
    );
    expect(shared.every((r) => r.duplicate_kind === 'shared_bin' && r.products_in_bin === 2)).toBe(
      true,
    );
    expect(report.data.rows.some((r) => r.bin_code === 'T-01')).toBe(false);
  });
});
