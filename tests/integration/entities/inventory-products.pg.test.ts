import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINS } from '../../../src/domain/entities/inventory/bins.entity.ts';
import { MEASURES } from '../../../src/domain/entities/inventory/measures.entity.ts';
import { PRICE_TIERS } from '../../../src/domain/entities/inventory/price-tiers.entity.ts';
import { PRODUCT_BINS } from '../../../src/domain/entities/inventory/product-bins.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { PRODUCTS_LIST_REPORT } from '../../../src/domain/entities/inventory/products-list.report.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  describeEntityCrud,
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../../support/test-server.ts';

// Products, bins, product bins and price tiers (docs/domain/inventory.md §2), with the product
// invariants, the scanner lookup and the products-list report.

async function measureId(api: EntityApiClient, code = 'ea'): Promise<number> {
  const reply = await api.get<{ rows: { id: number; code: string }[] }>(MEASURES.api);
  const row = reply.data.rows.find((r) => r.code === code);
  if (!row) throw new Error(`no measure ${code}`);
  return row.id;
}

async function locationId(api: EntityApiClient): Promise<number> {
  const bins = await api.get<List>(BINS.api);
  const first = bins.data.rows[0];
  if (!first) throw new Error('no demo bin');
  return Number(first.location_id);
}

async function newProduct(api: EntityApiClient, sku: string, extra: Record<string, unknown> = {}) {
  return api.create(PRODUCTS, {
    sku,
    name: `Product ${sku}`,
    type: 'raw_material',
    measure_id: await measureId(api),
    ...extra,
  });
}

describeEntityCrud({
  entity: PRODUCTS,
  valid: async (n, api) => ({
    sku: `TST-${n}`,
    name: `Test product ${n}`,
    type: 'raw_material',
    measure_id: await measureId(api),
    standard_cost: 1.2345,
  }),
  change: { name: 'Renamed product', reorder_point: 250 },
  invalid: {
    body: { sku: '', name: 'No sku', type: 'gadget', measure_id: 1 },
    codes: { sku: 'required', type: 'in' },
  },
  outsider: 'batcher',
  referenced: async (api) => {
    const product = await newProduct(api, 'TST-REF');
    await api.create(PRODUCT_BINS, {
      product_id: product.id,
      bin_id: (await api.get<List>(BINS.api)).data.rows[0]?.id,
    });
    return product.id;
  },
});

describeEntityCrud({
  entity: BINS,
  valid: async (n, api) => ({ location_id: await locationId(api), code: `Z-${n}`, zone: 'Test' }),
  change: { zone: 'Cold room' },
  invalid: { body: { code: 'Z-X', location_id: 999999 }, codes: { location_id: 'exists' } },
  outsider: 'batcher',
  referenced: async (api) => {
    const bin = await api.create(BINS, { location_id: await locationId(api), code: 'Z-REF' });
    const product = await newProduct(api, 'TST-BIN-REF');
    await api.create(PRODUCT_BINS, { product_id: product.id, bin_id: bin.id });
    return bin.id;
  },
});

describeEntityCrud({
  entity: PRODUCT_BINS,
  valid: async (n, api) => ({
    product_id: (await newProduct(api, `TST-PB-${n}`)).id,
    bin_id: (await api.get<List>(BINS.api)).data.rows[1]?.id,
    min_qty: 10,
    max_qty: 100,
  }),
  change: { max_qty: 250 },
  invalid: { body: { product_id: 999999, bin_id: 999999 }, codes: {} },
  outsider: 'batcher',
});

describeEntityCrud({
  entity: PRICE_TIERS,
  valid: async (n, api) => {
    const currencies = await api.get<List>('/api/inventory/price_tiers');
    return {
      code: `TIER${n}`,
      name: `Tier ${n}`,
      currency_id: Number(currencies.data.rows[0]?.currency_id),
    };
  },
  change: { name: 'Renamed tier' },
  invalid: {
    body: { code: 'TIERX', name: '', currency_id: 999999 },
    codes: { name: 'required' },
  },
  outsider: 'batcher',
});

describe.each(backends())('product rules, lookup and reports on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  it('refuses a UPC that is not 8 to 14 digits with digitsbetween', async () => {
    const ea = await measureId(admin);
    for (const upc of ['1234567', '123456789012345', '12345abc9']) {
      const reply = await admin.send('POST', PRODUCTS.api, {
        sku: `UPC-${upc}`,
        name: 'Bad UPC',
        type: 'kit',
        measure_id: ea,
        upc,
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toMatchObject({ upc: 'digitsbetween' });
    }
  });

  it('refuses a SKU that differs from another only by case', async () => {
    await newProduct(admin, 'CASE-Sku-1');
    const reply = await admin.send('POST', PRODUCTS.api, {
      sku: 'case-sku-1',
      name: 'Same SKU',
      type: 'kit',
      measure_id: await measureId(admin),
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toMatchObject({ sku: 'unique' });
  });

  it('needs a volume for an active finished good, and a recipe and HPLC category when it has nicotine', async () => {
    const ea = await measureId(admin);
    const base = { name: 'New liquid', type: 'finished_good', measure_id: ea, status: 'active' };
    const noVolume = await admin.send('POST', PRODUCTS.api, { ...base, sku: 'FG-NOVOL' });
    expect(noVolume.data).toMatchObject({ volume_ml: 'requiredif' });
    const zero = await admin.send('POST', PRODUCTS.api, { ...base, sku: 'FG-ZERO', volume_ml: 0 });
    expect(zero.httpStatus).toBe(422);
    expect(zero.data).toHaveProperty('volume_ml');
    const nicotine = await admin.send('POST', PRODUCTS.api, {
      ...base,
      sku: 'FG-NIC',
      volume_ml: 30,
      nicotine_mg: 6,
      nicotine_type: 'freebase',
    });
    expect(nicotine.data).toMatchObject({
      recipe_id: 'requiredif',
      hplc_category_id: 'requiredif',
    });
    // A product still pending approval may be incomplete.
    const pending = await admin.send('POST', PRODUCTS.api, {
      ...base,
      sku: 'FG-PENDING',
      status: 'pending_approval',
    });
    expect(pending.httpStatus).toBe(201);
    // Activating it runs the same rules.
    const activate = await admin.send<Row>('PUT', `${PRODUCTS.api}/${(pending.data as Row).id}`, {
      status: 'active',
      version: 1,
    });
    expect(activate.data).toMatchObject({ volume_ml: 'requiredif' });
  });

  it('refuses a bin code already used in the same location, naming the code', async () => {
    const location = await locationId(admin);
    await admin.create(BINS, { location_id: location, code: 'DUP-1' });
    const again = await admin.send('POST', BINS.api, { location_id: location, code: 'DUP-1' });
    expect(again.httpStatus).toBe(422);
    expect(again.data).toMatchObject({ code: 'unique' });
  });

  it('allows only one default bin per product in a location', async () => {
    const product = await newProduct(admin, 'TST-DEFAULTS');
    const bins = (await admin.get<List>(BINS.api, { per_page: 5 })).data.rows;
    const [a, b] = bins;
    if (!a || !b) throw new Error('need two bins');
    await admin.create(PRODUCT_BINS, { product_id: product.id, bin_id: a.id, is_default: 1 });
    const second = await admin.send('POST', PRODUCT_BINS.api, {
      product_id: product.id,
      bin_id: b.id,
      is_default: 1,
    });
    expect(second.httpStatus).toBe(422);
    expect(second.data).toHaveProperty('is_default');
    const plain = await admin.send('POST', PRODUCT_BINS.api, {
      product_id: product.id,
      bin_id: b.id,
    });
    expect(plain.httpStatus).toBe(201);
    const duplicate = await admin.send('POST', PRODUCT_BINS.api, {
      product_id: product.id,
      bin_id: b.id,
    });
    expect(duplicate.httpStatus).toBe(422);
  });

  it('saves price tier lines and reads them back with the tier', async () => {
    const product = await newProduct(admin, 'TST-PRICED');
    const tiers = await admin.get<List>(PRICE_TIERS.api);
    const currency = Number(tiers.data.rows[0]?.currency_id);
    const tier = await admin.create(PRICE_TIERS, {
      code: 'VOLUME',
      name: 'Volume buyers',
      currency_id: currency,
      lines: [
        { product_id: product.id, min_qty: 1, unit_price: 9.1234, valid_from: '2026-01-01' },
        {
          product_id: product.id,
          min_qty: 100,
          unit_price: 8.5,
          valid_from: '2026-01-01',
          valid_to: '2026-12-31',
        },
      ],
    });
    const lines = tier.lines as Row[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ product_sku: 'TST-PRICED', min_qty: 1, unit_price: 9.1234 });
    expect(tier.line_count).toBe(2);
    const twice = await admin.send('PUT', `${PRICE_TIERS.api}/${tier.id}`, {
      version: tier.version,
      lines: [
        { product_id: product.id, min_qty: 5, unit_price: 1, valid_from: '2026-02-01' },
        { product_id: product.id, min_qty: 5, unit_price: 2, valid_from: '2026-02-01' },
      ],
    });
    expect(twice.httpStatus).toBe(422);
    expect(twice.data).toHaveProperty(['lines.1.min_qty'], 'unique');
    const backwards = await admin.send('PUT', `${PRICE_TIERS.api}/${tier.id}`, {
      version: tier.version,
      lines: [
        {
          product_id: product.id,
          min_qty: 1,
          unit_price: 1,
          valid_from: '2026-03-01',
          valid_to: '2026-02-01',
        },
      ],
    });
    expect(backwards.data).toHaveProperty(['lines.0.valid_to']);
    const read = await admin.get<Row>(`${PRICE_TIERS.api}/${tier.id}`);
    expect(read.data.lines).toHaveLength(2);
  });

  it('finds a product by SKU in any case or by UPC, with its availability', async () => {
    const bySku = await admin.get<Row>('/api/inventory/product/fetch', { code: 'fg-mango-06-30' });
    expect(bySku.httpStatus).toBe(200);
    expect(bySku.data).toMatchObject({
      sku: 'FG-MANGO-06-30',
      family_name: expect.any(String) as unknown,
    });
    // The demo's ledger holds stock of every finished good; availability reads that ledger.
    const availability = bySku.data.availability as {
      on_hand: number;
      allocated: number;
      available: number;
    };
    expect(availability.on_hand).toBeGreaterThan(0);
    expect(availability.allocated).toBeGreaterThanOrEqual(0);
    expect(availability.available).toBeLessThanOrEqual(availability.on_hand);
    const byUpc = await admin.get<Row>('/api/inventory/product/fetch', {
      code: String(bySku.data.upc),
    });
    expect(byUpc.data.id).toBe(bySku.data.id);
    const missing = await admin.get('/api/inventory/product/fetch', { code: 'NOPE-404' });
    expect(missing.httpStatus).toBe(404);
    const outsider = entityClient(t.url, await tokenFor(t.url, 'batcher'));
    expect((await outsider.get('/api/inventory/product/fetch', { code: 'x' })).httpStatus).toBe(
      403,
    );
  });

  it('lists products with their default bin in the products-list report, read-only', async () => {
    const report = await admin.get<List>(PRODUCTS_LIST_REPORT.api, {
      filter: [
        {
          field: 'sku',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'FG-MANGO-06-30' }],
        },
      ],
    });
    expect(report.data.rows).toHaveLength(1);
    expect(report.data.rows[0]?.default_bin).toMatch(/^WH-MAIN [A-C]-\d\d-\d$/);
    expect((await admin.send('POST', PRODUCTS_LIST_REPORT.api, { sku: 'X' })).httpStatus).toBe(404);
  });
});
