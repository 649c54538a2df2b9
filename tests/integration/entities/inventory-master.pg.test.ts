import { BRANDS } from '../../../src/domain/entities/inventory/brands.entity.ts';
import { CATEGORIES } from '../../../src/domain/entities/inventory/categories.entity.ts';
import { FLAVORS } from '../../../src/domain/entities/inventory/flavors.entity.ts';
import { MEASURES } from '../../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCT_FAMILIES } from '../../../src/domain/entities/inventory/product-families.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient } from '../../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { describeEntityCrud, type EntityApiClient } from '../../support/entity-crud.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Inventory catalogues on the entity pattern (docs/domain/inventory.md §2).

async function measureId(api: EntityApiClient, code = 'ea'): Promise<number> {
  const reply = await api.get<{ rows: { id: number; code: string }[] }>(MEASURES.api);
  const row = reply.data.rows.find((r) => r.code === code);
  if (!row) throw new Error(`no measure ${code}`);
  return row.id;
}

describeEntityCrud({
  entity: MEASURES,
  valid: (n) => ({ code: `tm${n}`, name: `Test measure ${n}`, kind: 'count', to_base_factor: 12 }),
  change: { name: 'Dozen' },
  invalid: {
    body: { code: '', name: 'Bad', kind: 'bogus', to_base_factor: 0 },
    codes: { code: 'required', kind: 'in' },
  },
  outsider: 'batcher',
  insider: 'inventory',
  referenced: async (api) => {
    const measure = await api.create(MEASURES, {
      code: 'pail',
      name: 'Pail',
      kind: 'count',
      to_base_factor: 1,
    });
    // A product is created directly by admin only; inventory's would wait for a checker.
    const admin = entityClient(api.url, await tokenFor(api.url, 'admin'));
    await admin.create(PRODUCTS, {
      sku: 'RM-PAIL-REF',
      name: 'Referenced pail',
      type: 'raw_material',
      measure_id: measure.id,
    });
    return measure.id;
  },
});

describeEntityCrud({
  entity: BRANDS,
  valid: (n) => ({ code: `TB${n}`, name: `Test brand ${n}` }),
  change: { name: 'Renamed brand', active: 0 },
  invalid: { body: { code: '', name: '' }, codes: { code: 'required', name: 'required' } },
  outsider: 'product_approval_admin',
  referenced: async (api) => {
    const brand = await api.create(BRANDS, { code: 'REFB', name: 'Referenced brand' });
    await api.create(PRODUCT_FAMILIES, {
      code: 'REFB-FAM',
      name: 'Ref family',
      brand_id: brand.id,
    });
    return brand.id;
  },
});

describeEntityCrud({
  entity: FLAVORS,
  valid: (n) => ({ code: `TF${n}`, name: `Test flavour ${n}` }),
  change: { name: 'Renamed flavour' },
  invalid: { body: { code: 'X'.repeat(31), name: 'Long code' }, codes: { code: 'max' } },
  outsider: 'warehouse',
  referenced: async (api) => {
    const flavor = await api.create(FLAVORS, { code: 'REFF', name: 'Referenced flavour' });
    await api.create(PRODUCTS, {
      sku: 'RM-FC-REF',
      name: 'Referenced concentrate',
      type: 'flavour_concentrate',
      flavor_id: flavor.id,
      measure_id: await measureId(api, 'ml'),
    });
    return flavor.id;
  },
});

describeEntityCrud({
  entity: CATEGORIES,
  valid: (n) => ({ code: `TC${n}`, name: `Test category ${n}` }),
  change: { name: 'Renamed category' },
  invalid: {
    body: { code: 'TCX', name: 'Orphan', parent_id: 999999 },
    codes: { parent_id: 'exists' },
  },
  outsider: 'batcher',
  referenced: async (api) => {
    const parent = await api.create(CATEGORIES, { code: 'REFC', name: 'Parent category' });
    const child = await api.create(CATEGORIES, {
      code: 'REFC-1',
      name: 'Child category',
      parent_id: parent.id,
    });
    if (child.parent_name !== 'Parent category') throw new Error('parent label missing');
    return parent.id;
  },
});

describeEntityCrud({
  entity: PRODUCT_FAMILIES,
  valid: async (n, api) => {
    const brands = await api.get<{ rows: { id: number }[] }>(BRANDS.api);
    return { code: `TFAM${n}`, name: `Test family ${n}`, brand_id: brands.data.rows[0]?.id };
  },
  change: { name: 'Renamed family' },
  invalid: {
    body: { code: 'TFAMX', name: 'Bad brand', brand_id: 999999 },
    codes: { brand_id: 'exists' },
  },
  outsider: 'batcher',
  referenced: async (api) => {
    const family = await api.create(PRODUCT_FAMILIES, { code: 'REF-FAM', name: 'Ref family' });
    await api.create(PRODUCTS, {
      sku: 'FG-REF-FAM',
      name: 'Family member',
      type: 'kit',
      family_id: family.id,
      measure_id: await measureId(api),
    });
    return family.id;
  },
});

describe('category tree', () => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'inventory'));
  });
  afterAll(async () => t.close());

  it('refuses to put a category under itself or one of its descendants', async () => {
    const top = await api.create(CATEGORIES, { code: 'LOOP-A', name: 'Loop A' });
    const middle = await api.create(CATEGORIES, {
      code: 'LOOP-B',
      name: 'Loop B',
      parent_id: top.id,
    });
    const leaf = await api.create(CATEGORIES, {
      code: 'LOOP-C',
      name: 'Loop C',
      parent_id: middle.id,
    });
    for (const parent of [top, leaf]) {
      const reply = await api.send('PUT', `${CATEGORIES.api}/${top.id}`, {
        parent_id: parent.id,
        version: top.version,
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toHaveProperty('parent_id');
    }
  });
});
