import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import { MEASURES } from '../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { HPLC_CATEGORIES } from '../../src/domain/entities/production/hplc-categories.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { KIT_COMPONENTS } from '../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Typed pickers: a reference to `parameters`
// offers only its declared family and the server refuses a row of another family with
// `exists`; a reference with no foreign key (a product's recipe) is checked the same way; and
// a picker's options answer the roles that read the entity or edit what references it, no one
// else.

type Option = { value: number; label: string };

describe.each(backends())('typed pickers on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  let inventory: EntityApiClient;
  let batcher: EntityApiClient;
  let warehouse: EntityApiClient;
  const byCode = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const client = async (user: string) => entityClient(t.url, await tokenFor(t.url, user));
    admin = await client('admin');
    inventory = await client('inventory');
    batcher = await client('batcher');
    warehouse = await client('warehouse');
    const params = await admin.get<List>(PARAMETERS.api, { per_page: 500 });
    for (const row of params.data.rows) {
      byCode.set(`${String(row.parameter_type_name)}:${String(row.code)}`, row.id);
    }
  }, 120_000);
  afterAll(async () => t.close());

  const param = (family: string, code: string): number => {
    const id = byCode.get(`${family}:${code}`);
    if (id === undefined) throw new Error(`no demo parameter ${family}:${code}`);
    return id;
  };

  async function measure(): Promise<number> {
    const rows = (await admin.get<List>(MEASURES.api)).data.rows;
    return rows.find((r) => r.code === 'ea')!.id;
  }

  it('offers a stamp jurisdiction picker only stamp jurisdictions', async () => {
    const reply = await inventory.get<Option[]>(`${PARAMETERS.api}/options`, {
      parameter_type: 'stamp_jurisdiction',
    });
    expect(reply.httpStatus).toBe(200);
    const labels = reply.data.map((o) => o.label);
    expect(labels).toContain('Ontario');
    expect(labels).toContain('Quebec');
    expect(labels).not.toContain('Drum 200 L');
    expect(labels).not.toContain('Expired');
  });

  it('offers an adjustment reason picker only adjustment reasons', async () => {
    const reply = await inventory.get<Option[]>(`${PARAMETERS.api}/options`, {
      parameter_type: 'adjustment_reason',
    });
    expect(reply.httpStatus).toBe(200);
    const labels = reply.data.map((o) => o.label);
    expect(labels).toContain('Expired');
    expect(labels).not.toContain('Ontario');
  });

  it('refuses a parameter of another family with exists, and accepts the right one', async () => {
    const base = { name: 'Stamped liquid', type: 'raw_material', measure_id: await measure() };
    const wrong = await admin.send('POST', PRODUCTS.api, {
      ...base,
      sku: 'PICK-WRONG',
      stamp_jurisdiction_id: param('Adjustment reasons', 'expired'),
      flashpoint_class_id: param('Container types', 'drum'),
    });
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.data).toEqual({ stamp_jurisdiction_id: 'exists', flashpoint_class_id: 'exists' });
    expect((await admin.get<List>(PRODUCTS.api, { per_page: 1 })).data.rows).not.toContainEqual(
      expect.objectContaining({ sku: 'PICK-WRONG' }),
    );
    const right = await admin.send<Row>('POST', PRODUCTS.api, {
      ...base,
      sku: 'PICK-RIGHT',
      stamp_jurisdiction_id: param('Stamp jurisdictions', 'ON'),
      flashpoint_class_id: param('Flashpoint classes', 'IIIB'),
    });
    expect(right.httpStatus, JSON.stringify(right.data)).toBe(201);
    expect(right.data).toMatchObject({
      stamp_jurisdiction_name: 'Ontario',
      flashpoint_class_name: expect.stringContaining('IIIB') as unknown,
    });
    // An edit is held to the same family.
    const edit = await admin.send('PUT', `${PRODUCTS.api}/${right.data.id}`, {
      version: right.data.version,
      stamp_jurisdiction_id: param('Hold reasons', 'label_issue'),
    });
    expect(edit.httpStatus).toBe(422);
    expect(edit.data).toEqual({ stamp_jurisdiction_id: 'exists' });
  });

  it('offers a kit picker only kits and refuses a bill for a product that is not one', async () => {
    const kits = await admin.get<Option[]>(`${PRODUCTS.api}/options`, { parameter_type: 'kit' });
    expect(kits.httpStatus).toBe(200);
    const all = (await admin.get<List>(PRODUCTS.api, { per_page: 500 })).data.rows;
    const typeOf = new Map(all.map((p) => [p.id, p.type]));
    expect(kits.data.map((o) => o.label)).toContain('KIT-MANGO-DUO');
    expect(kits.data.every((o) => typeOf.get(o.value) === 'kit')).toBe(true);
    const good = all.find((p) => p.type === 'finished_good')!;
    const kit = all.find((p) => p.sku === 'KIT-MANGO-DUO')!;
    const wrong = await admin.send('POST', KIT_COMPONENTS.api, {
      product_id: good.id,
      component_product_id: kit.id,
      qty_per_unit: 1,
    });
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.data).toEqual({ product_id: 'exists' });
  });

  it('refuses a recipe that does not exist, and names it once it does', async () => {
    const recipes = await admin.get<Option[]>(`${RECIPES.api}/options`);
    const recipe = recipes.data[0];
    expect(recipe).toBeDefined();
    const hplc = (await admin.get<Option[]>(`${HPLC_CATEGORIES.api}/options`)).data[0];
    const base = {
      name: 'Nicotine liquid',
      type: 'finished_good',
      measure_id: await measure(),
      status: 'active',
      volume_ml: 30,
      nicotine_mg: 6,
      nicotine_type: 'salt',
      hplc_category_id: hplc?.value,
    };
    const missing = await admin.send('POST', PRODUCTS.api, {
      ...base,
      sku: 'PICK-NORECIPE',
      recipe_id: 99_999_999,
    });
    expect(missing.httpStatus).toBe(422);
    expect(missing.data).toEqual({ recipe_id: 'exists' });
    const none = await admin.send('POST', PRODUCTS.api, { ...base, sku: 'PICK-NONE' });
    expect(none.data).toEqual({ recipe_id: 'requiredif' });
    const made = await admin.send<Row>('POST', PRODUCTS.api, {
      ...base,
      sku: 'PICK-RECIPE',
      recipe_id: recipe!.value,
    });
    expect(made.httpStatus, JSON.stringify(made.data)).toBe(201);
    expect(made.data.recipe_code).toBe(recipe!.label);
  });

  it('refuses a stock adjustment whose reason is not an adjustment reason', async () => {
    const bins = (await admin.get<List>(BINS.api, { per_page: 1 })).data.rows;
    const product = (await admin.get<List>(PRODUCTS.api, { per_page: 1 })).data.rows[0]!;
    const body = {
      location_id: bins[0]!.location_id,
      lines: [{ product_id: product.id, qty_delta: 1 }],
    };
    const wrong = await inventory.send('POST', STOCK_ADJUSTMENTS.api, {
      ...body,
      reason_id: param('Stamp jurisdictions', 'ON'),
    });
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.data).toEqual({ reason_id: 'exists' });
    const right = await inventory.send('POST', STOCK_ADJUSTMENTS.api, {
      ...body,
      reason_id: param('Adjustment reasons', 'damage'),
    });
    expect(right.httpStatus, JSON.stringify(right.data)).toBe(201);
  });

  it('answers options only to the roles that read the entity or edit what references it', async () => {
    // inventory's product form picks recipes and stamp jurisdictions…
    expect((await inventory.get(`${RECIPES.api}/options`)).httpStatus).toBe(200);
    // …but no family of parameters the form does not name, nor all of them at once.
    const holds = await inventory.get(`${PARAMETERS.api}/options`, {
      parameter_type: 'hold_reason',
    });
    expect(holds.httpStatus).toBe(403);
    expect((await inventory.get(`${PARAMETERS.api}/options`)).httpStatus).toBe(403);
    // A batcher edits nothing that references stamp jurisdictions or product families.
    const jurisdictions = await batcher.get(`${PARAMETERS.api}/options`, {
      parameter_type: 'stamp_jurisdiction',
    });
    expect(jurisdictions.httpStatus).toBe(403);
    expect((await batcher.get('/api/inventory/product_families/options')).httpStatus).toBe(403);
    // The warehouse reads no recipe; the batcher does (recipes section).
    expect((await warehouse.get(`${RECIPES.api}/options`)).httpStatus).toBe(403);
    expect((await batcher.get(`${RECIPES.api}/options`)).httpStatus).toBe(200);
    // Accepting a daily order asks planning for the flow: planning loads flows, warehouse not.
    const planning = entityClient(t.url, await tokenFor(t.url, 'planning'));
    expect((await planning.get('/api/production/flows/options')).httpStatus).toBe(200);
    expect((await warehouse.get('/api/production/flows/options')).httpStatus).toBe(403);
    // A discount's scope chooses what its picker names: sale loads each entity it can follow.
    const sale = entityClient(t.url, await tokenFor(t.url, 'sale'));
    expect((await sale.get(`${PRODUCTS.api}/options`)).httpStatus).toBe(200);
    expect((await sale.get('/api/inventory/product_families/options')).httpStatus).toBe(200);
    // Admin reads everything.
    expect((await admin.get(`${PARAMETERS.api}/options`)).httpStatus).toBe(200);
  });
});
