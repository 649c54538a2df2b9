import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURES } from '../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { HPLC_CATEGORIES } from '../../src/domain/entities/production/hplc-categories.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Recipes (docs/domain/production.md §3.1): the invariants on save, draft-only edits, the lifecycle
// by role with maker-checker, superseding the approved version, and the batch calculator. Also the
// HPLC ranges kept with their category.

describe.each(backends())('production recipes on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  let maker: EntityApiClient;
  let batchSupervisor: EntityApiClient;
  let checker: EntityApiClient;
  let batcher: EntityApiClient;
  let outsider: EntityApiClient;
  const ids: Record<string, number> = {};
  let codeNo = 0;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const client = async (user: string) => entityClient(t.url, await tokenFor(t.url, user));
    admin = await client('admin');
    maker = await client('recipes');
    batchSupervisor = await client('supervisor_batcher');
    checker = await client('recipe_approval');
    batcher = await client('batcher');
    outsider = await client('inventory');
    const measures = await admin.get<List>(MEASURES.api);
    const ml = measures.data.rows.find((m) => m.code === 'ml')?.id;
    const product = async (sku: string, type: string) =>
      (await admin.create(PRODUCTS, { sku, name: sku, type, measure_id: ml })).id;
    ids.bulk = await product('BL-TEST-1', 'bulk_liquid');
    ids.nic = await product('RM-TEST-NIC', 'nicotine_base');
    ids.flavour = await product('RM-TEST-FC', 'flavour_concentrate');
    ids.pg = await product('RM-TEST-PG', 'carrier');
    ids.vg = await product('RM-TEST-VG', 'carrier');
  });
  afterAll(async () => t.close());

  const formula = () => [
    { product_id: ids.nic, percentage: 3, is_fill: false },
    { product_id: ids.flavour, percentage: 12.5, is_fill: false },
    { product_id: ids.vg, percentage: 50, is_fill: false },
    { product_id: ids.pg, percentage: 0, is_fill: true },
  ];

  const draft = (code = `RC-${++codeNo}`, ingredients = formula()) =>
    maker.send<Row>('POST', RECIPES.api, {
      code,
      name: `Recipe ${code}`,
      product_id: ids.bulk,
      target_nicotine_mg: 3,
      basis: 'v_v',
      batch_basis_ml: 1000,
      ingredients,
    });

  const event = (api: EntityApiClient, doc: Row, name: string, body = {}) =>
    api.send<Row>('POST', `${RECIPES.api}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...body,
    });

  async function approved(code?: string): Promise<Row> {
    const created = await draft(code);
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const submitted = await event(maker, created.data, 'submit');
    expect(submitted.httpStatus, JSON.stringify(submitted.data)).toBe(200);
    const done = await event(checker, submitted.data, 'approve');
    expect(done.httpStatus, JSON.stringify(done.data)).toBe(200);
    return done.data;
  }

  it('creates a draft with its ingredients, numbered version 1', async () => {
    const reply = await draft('RC-NEW');
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    expect(reply.data).toMatchObject({ code: 'RC-NEW', recipe_version: 1, status: 'draft' });
    expect(reply.data.ingredients).toHaveLength(4);
    const again = await draft('RC-NEW');
    expect(again.data).toMatchObject({ recipe_version: 2 });
  });

  it('refuses ingredients over 100% with more100% on ingredients', async () => {
    const reply = await draft(undefined, [
      { product_id: ids.nic, percentage: 60, is_fill: false },
      { product_id: ids.vg, percentage: 50, is_fill: false },
      { product_id: ids.pg, percentage: 0, is_fill: true },
    ]);
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ ingredients: 'more100%' });
  });

  it('refuses two fills, a sum short of 100 without a fill, a repeated product', async () => {
    const twoFills = await draft(undefined, [
      { product_id: ids.nic, percentage: 10, is_fill: false },
      { product_id: ids.vg, percentage: 0, is_fill: true },
      { product_id: ids.pg, percentage: 0, is_fill: true },
    ]);
    expect(twoFills.httpStatus).toBe(422);
    expect(twoFills.data).toEqual({ ingredients: 'Only one ingredient may be the fill' });
    const short = await draft(undefined, [
      { product_id: ids.nic, percentage: 10, is_fill: false },
      { product_id: ids.vg, percentage: 80, is_fill: false },
    ]);
    expect(short.httpStatus).toBe(422);
    expect(String((short.data as Record<string, string>).ingredients)).toMatch(/add up to 100/);
    const exact = await draft(undefined, [
      { product_id: ids.nic, percentage: 10, is_fill: false },
      { product_id: ids.vg, percentage: 90, is_fill: false },
    ]);
    expect(exact.httpStatus).toBe(201);
    const repeated = await draft(undefined, [
      { product_id: ids.vg, percentage: 10, is_fill: false },
      { product_id: ids.vg, percentage: 0, is_fill: true },
    ]);
    expect(repeated.data).toEqual({ 'ingredients.1.product_id': 'unique' });
  });

  it('lets only recipe editors write drafts', async () => {
    const reply = await batcher.send('POST', RECIPES.api, {
      code: 'RC-BATCHER',
      product_id: ids.bulk,
      target_nicotine_mg: 0,
      ingredients: formula(),
    });
    expect(reply.httpStatus).toBe(403);
    expect((await outsider.get(RECIPES.api)).httpStatus).toBe(403);
    expect((await batcher.get(RECIPES.api)).httpStatus).toBe(200);
  });

  it('submits by recipes or supervisor_batcher, approves by another recipe_approval user', async () => {
    const created = (await draft()).data;
    expect((await event(batcher, created, 'submit')).httpStatus).toBe(403);
    const submitted = await event(batchSupervisor, created, 'submit');
    expect(submitted.data).toMatchObject({ status: 'pending_approval' });
    expect((await event(maker, submitted.data, 'approve')).httpStatus).toBe(403);
    const ok = await event(checker, submitted.data, 'approve');
    expect(ok.data).toMatchObject({
      status: 'approved',
      approved_by_name: expect.any(String) as unknown,
    });
  });

  it('refuses the submitter approving their own recipe (maker-checker), even as admin', async () => {
    const created = (
      await admin.send<Row>('POST', RECIPES.api, {
        code: 'RC-ADMIN',
        product_id: ids.bulk,
        target_nicotine_mg: 3,
        ingredients: formula(),
      })
    ).data;
    const submitted = await event(admin, created, 'submit');
    const own = await event(admin, submitted.data, 'approve');
    expect(own.httpStatus).toBe(422);
    expect(own.data).toEqual({ status: expect.stringMatching(/another person/) as unknown });
    expect((await event(checker, submitted.data, 'approve')).httpStatus).toBe(200);
  });

  it('rejects back to draft with a reason, and refuses a stale version', async () => {
    const submitted = (await event(maker, (await draft()).data, 'submit')).data;
    expect((await event(checker, submitted, 'reject')).data).toEqual({ reason: 'required' });
    const rejected = await event(checker, submitted, 'reject', { reason: 'Flavour too strong' });
    expect(rejected.data).toMatchObject({ status: 'draft' });
    const stale = await event(maker, submitted, 'submit');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
  });

  it('keeps an approved recipe immutable', async () => {
    const recipe = await approved();
    const edit = await maker.send('PUT', `${RECIPES.api}/${recipe.id}`, {
      version: recipe.version,
      name: 'Changed',
    });
    expect(edit.httpStatus).toBe(422);
    expect(Object.keys(edit.data as object)).toEqual(['status']);
    const removal = await maker.send('DELETE', `${RECIPES.api}/${recipe.id}`);
    expect(removal.httpStatus).toBe(409);
  });

  it('archives the previous approved version and repoints its products', async () => {
    const first = await approved('RC-SUPERSEDE');
    const good = await admin.create(PRODUCTS, {
      sku: 'FG-TEST-RECIPE',
      name: 'Finished good on a recipe',
      type: 'kit',
      measure_id: (await admin.get<List>(MEASURES.api)).data.rows.find((m) => m.code === 'ea')?.id,
    });
    const edited = await admin.send<Row>('PUT', `${PRODUCTS.api}/${good.id}`, {
      version: good.version,
      recipe_id: first.id,
    });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBeLessThan(300);
    const second = await approved('RC-SUPERSEDE');
    expect(second.recipe_version).toBe(2);
    const old = await maker.get<Row>(`${RECIPES.api}/${first.id}`);
    expect(old.data.status).toBe('archived');
    const product = await admin.get<Row>(`${PRODUCTS.api}/${good.id}`);
    expect(product.data.recipe_id).toBe(second.id);
  });

  it('starts a change of an approved recipe as a draft of the next version', async () => {
    const recipe = await approved('RC-REVISE');
    expect((await batcher.send('POST', `${RECIPES.api}/${recipe.id}/new-version`)).httpStatus).toBe(
      403,
    );
    const copy = await maker.send<Row & { ingredients: Row[] }>(
      'POST',
      `${RECIPES.api}/${recipe.id}/new-version`,
    );
    expect(copy.httpStatus, JSON.stringify(copy.data)).toBe(201);
    expect(copy.data).toMatchObject({ code: 'RC-REVISE', recipe_version: 2, status: 'draft' });
    expect(
      copy.data.ingredients.map((i) => [i.product_id, i.percentage, Boolean(i.is_fill)]),
    ).toEqual(formula().map((i) => [i.product_id, i.percentage, i.is_fill]));
    const edited = await maker.send<Row>('PUT', `${RECIPES.api}/${copy.data.id}`, {
      version: copy.data.version,
      name: 'Revised',
    });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
  });

  it('archives an approved recipe on request of a recipes user only', async () => {
    const recipe = await approved();
    expect((await event(checker, recipe, 'archive')).httpStatus).toBe(403);
    expect((await event(maker, recipe, 'archive')).data).toMatchObject({ status: 'archived' });
  });

  it('scales a recipe to a batch, the fill taking the rest', async () => {
    const recipe = (await draft()).data;
    const reply = await batcher.get<Row & { ingredients: Row[] }>('/api/production/recipe/fetch', {
      id: recipe.id,
      ml: 2000,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    const qty = Object.fromEntries(
      reply.data.ingredients.map((i) => [String(i.product_id), i.qty]),
    );
    expect(qty).toEqual({
      [String(ids.nic)]: 60,
      [String(ids.flavour)]: 250,
      [String(ids.vg)]: 1000,
      [String(ids.pg)]: 690,
    });
  });
});

describe('HPLC ranges and demo recipes', () => {
  let t: TestServer;
  let admin: EntityApiClient;

  beforeAll(async () => {
    t = await startTestServer();
    admin = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  it('writes min and max into hplc_ranges and refuses min ≥ max', async () => {
    const category = await admin.create(HPLC_CATEGORIES, {
      code: 'test_cat',
      name: 'Test',
      min_pct: 92.5,
      max_pct: 107.5,
    });
    expect(category).toMatchObject({ min_pct: 92.5, max_pct: 107.5 });
    const ranges = await admin.get<Row[]>('/api/production/hplc_ranges', {
      hplc_category_id: category.id,
    });
    expect(ranges.data.map((r) => [r.type, r.percent_range])).toEqual([
      [1, 92.5],
      [2, 107.5],
    ]);
    const wrong = await admin.send('PUT', `${HPLC_CATEGORIES.api}/${category.id}`, {
      version: category.version,
      min_pct: 110,
    });
    expect(wrong.httpStatus).toBe(422);
    expect(Object.keys(wrong.data as object)).toEqual(['max_pct']);
    const demo = await admin.get<List>(HPLC_CATEGORIES.api);
    const salt = demo.data.rows.find((r) => r.code === 'salt');
    expect(salt).toMatchObject({ min_pct: 90, max_pct: 110 });
  });

  it('gives every demo finished good an approved recipe for its bulk liquid', async () => {
    const goods = await admin.get<List>(PRODUCTS.api, { per_page: 500 });
    const finished = goods.data.rows.filter((p) => p.type === 'finished_good');
    expect(finished.length).toBeGreaterThan(0);
    const recipeIds = new Set(finished.map((p) => p.recipe_id));
    expect(recipeIds.has(null)).toBe(false);
    const list = await admin.get<List>(RECIPES.api, { per_page: 500 });
    const approvedIds = new Set(
      list.data.rows.filter((r) => r.status === 'approved').map((r) => r.id),
    );
    for (const id of recipeIds) expect(approvedIds.has(Number(id))).toBe(true);
  });
});
