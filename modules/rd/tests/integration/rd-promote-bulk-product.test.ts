import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCT_CHANGES } from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { RD_PROJECTS } from '../../shared/entities/rd-projects.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../shared/entities/rd-promotion.entity.ts';
import { RD_SAMPLES } from '../../shared/entities/rd-samples.entity.ts';
import { RECIPES } from '../../../../src/domain/entities/production/recipes.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import { entityClient, type Row } from '../../../../tests/support/entity-crud.ts';
import { startRdWorld, type RdWorld } from '../rd-fixtures.ts';

// Promotion with a new bulk liquid (docs/domain/rd.md §7 "bulk product via a product change
// request"): the draft recipe, the reserved product (pending_approval) and its submitted change
// request are written together or not at all; only the recipe change roles promote; the promoter is
// the request's maker but never its checker; recipe approval waits for the product approver.
// And the project's requester evaluates its sent samples, nobody else's.

const PROJECTS = RD_PROJECTS.api;
const SAMPLES = RD_SAMPLES.api;
const PROMOTABLE = RD_PROMOTABLE_SAMPLES.api;

describe('rd promote with a new bulk product', () => {
  let w: RdWorld;
  const send = async (user: string, method: string, url: string, body?: object) =>
    (await w.api(user)).send<Row>(method, url, body);
  const read = async (api: string, id: number) =>
    (await (await w.api('admin')).get<Row>(`${api}/${id}`)).data;
  const count = async (table: 'recipes' | 'products' | 'product_change_requests') =>
    Number(
      (
        await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from ${sql.raw(table)}`)
      )[0]!.n,
    );

  /** An approved sample, its project requested by rd_requester. */
  const approvedSample = async (title: string) => {
    const project = await w.approvedProject(title);
    const decided = await w.sampleToFeedback(await w.requestSample(project.id));
    return w.event('rd_supervisor', SAMPLES, decided, 'approve');
  };

  beforeAll(async () => {
    w = await startRdWorld('pglite');
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it('writes the draft recipe, the pending product and the submitted change request together', async () => {
    const sample = await approvedSample('Peach ice');
    const url = `${PROMOTABLE}/${sample.id}/promote`;
    const body = { version: sample.version, code: 'PEACH-ICE', new_product: { sku: 'BL-PEACH-3' } };
    const before = {
      recipes: await count('recipes'),
      products: await count('products'),
      requests: await count('product_change_requests'),
    };

    // Not the R&D roles, not inventory, not the product approver.
    for (const user of ['rd_supervisor', 'rd_requester', 'inventory', 'product_approval_admin']) {
      expect((await send(user, 'POST', url, body)).httpStatus, user).toBe(403);
    }
    // Neither or both of the bulk liquid's choices, a taken SKU: 422 and nothing written.
    const neither = await send('recipes', 'POST', url, { version: sample.version, code: 'X' });
    expect(neither.httpStatus).toBe(422);
    expect(neither.data).toEqual({ product_id: 'required' });
    const both = await send('recipes', 'POST', url, { ...body, product_id: w.bulkLiquid });
    expect(both.httpStatus).toBe(422);
    const [taken] = await queryRows<{ sku: string }>(
      w.db,
      sql`select sku from products where id = ${w.bulkLiquid}`,
    );
    const clash = await send('recipes', 'POST', url, { ...body, new_product: { sku: taken!.sku } });
    expect(clash.httpStatus).toBe(422);
    expect(clash.data).toEqual({ 'new_product.sku': 'unique' });
    // The recipe's insert fails after the product and the request were written (a check put
    // on the table for this test): all of it is undone.
    await w.db.execute(sql`alter table recipes add constraint test_boom_ck check (code <> 'BOOM')`);
    const late = await send('recipes', 'POST', url, { ...body, code: 'BOOM' });
    await w.db.execute(sql`alter table recipes drop constraint test_boom_ck`);
    expect(late.httpStatus).toBeGreaterThanOrEqual(400);
    expect({
      recipes: await count('recipes'),
      products: await count('products'),
      requests: await count('product_change_requests'),
    }).toEqual(before);

    const promoted = await send('recipes', 'POST', url, body);
    expect(promoted.httpStatus, JSON.stringify(promoted.data)).toBe(201);
    expect(promoted.data).toMatchObject({
      code: 'PEACH-ICE',
      status: 'draft',
      product_sku: 'BL-PEACH-3',
    });
    const [product] = await queryRows<Record<string, unknown>>(
      w.db,
      sql`select p.id, p.type, p.status, p.nicotine_mg::float8 as nicotine_mg,
                 p.vg_pct::float8 as vg_pct, p.shelf_life_days, p.name
            from products p where p.sku = 'BL-PEACH-3'`,
    );
    expect(product).toMatchObject({
      type: 'bulk_liquid',
      status: 'pending_approval',
      nicotine_mg: 3,
      vg_pct: 70,
      shelf_life_days: 365,
      name: 'Peach ice 3 mg bulk',
    });
    const [request] = await queryRows<Record<string, unknown>>(
      w.db,
      sql`select r.id, r.action, r.status, r.product_id, r.proposed, r.requested_by, s.source
            from product_change_requests r join product_change_sets s on s.id = r.change_set_id
           where r.product_id = ${product!.id}`,
    );
    expect(request).toMatchObject({
      action: 'create',
      status: 'submitted',
      source: 'rd_promotion',
      product_id: product!.id,
    });
    expect(request!.proposed).toMatchObject({ sku: 'BL-PEACH-3', status: 'active', vg_pct: 70 });

    // The R&D recipes list shows the promotion: the recipe and the request with its status.
    const listed = await read(PROMOTABLE, sample.id);
    expect(listed).toMatchObject({
      recipe_code: 'PEACH-ICE',
      recipe_id: promoted.data.id,
      product_change_id: request!.id,
      product_change_status: 'submitted',
    });
  });

  it('approves the recipe only once the product approver made its bulk liquid active', async () => {
    const sample = await approvedSample('Melon chill');
    const promoted = await send('recipes', 'POST', `${PROMOTABLE}/${sample.id}/promote`, {
      version: sample.version,
      code: 'MELON-CHILL',
      new_product: { sku: 'BL-MELON-3', name: 'Melon chill bulk' },
    });
    expect(promoted.httpStatus, JSON.stringify(promoted.data)).toBe(201);
    const submitted = await w.event('recipes', RECIPES.api, promoted.data, 'submit');
    expect(submitted.status).toBe('pending_approval');
    const early = await send(
      'recipe_approval',
      'POST',
      `${RECIPES.api}/${submitted.id}/events/approve`,
      {
        version: submitted.version,
      },
    );
    expect(early.httpStatus).toBe(422);
    expect(String(early.data.status)).toContain('BL-MELON-3 is not active yet');

    const listed = await read(PROMOTABLE, sample.id);
    const request = await read(PRODUCT_CHANGES.api, Number(listed.product_change_id));
    expect(request.change_set_source).toBe('rd_promotion');
    // The promoter is the request's maker, never its checker; the approver approves it.
    const own = await send(
      'recipes',
      'POST',
      `${PRODUCT_CHANGES.api}/${request.id}/events/approve`,
      {
        version: request.version,
      },
    );
    expect(own.httpStatus).toBe(403);
    const applied = await w.event(
      'product_approval_admin',
      PRODUCT_CHANGES.api,
      request,
      'approve',
    );
    expect(applied.status).toBe('applied');
    const [product] = await queryRows<{ status: string; name: string }>(
      w.db,
      sql`select status, name from products where sku = 'BL-MELON-3'`,
    );
    expect(product).toEqual({ status: 'active', name: 'Melon chill bulk' });
    const logged = await queryRows<{ field: string }>(
      w.db,
      sql`select field from product_change_logs where request_id = ${request.id} order by field`,
    );
    expect(logged.map((l) => l.field)).toContain('sku');

    const current = await read(RECIPES.api, submitted.id);
    const approved = await w.event('recipe_approval', RECIPES.api, current, 'approve');
    expect(approved.status).toBe('approved');
    expect((await read(PROMOTABLE, sample.id)).product_change_status).toBe('applied');
  });

  it('lets the promoter withdraw its own request but no manual request of inventory', async () => {
    const sample = await approvedSample('Grape frost');
    await send('recipes', 'POST', `${PROMOTABLE}/${sample.id}/promote`, {
      version: sample.version,
      code: 'GRAPE-FROST',
      new_product: { sku: 'BL-GRAPE-3' },
    });
    const listed = await read(PROMOTABLE, sample.id);
    const mine = await read(PRODUCT_CHANGES.api, Number(listed.product_change_id));
    // Inventory's own request is not the promoter's to touch; nor may it open one.
    const manual = await send('inventory', 'POST', PRODUCT_CHANGES.api, {
      action: 'create',
      proposed: { sku: 'FG-MANUAL-1', name: 'Manual', type: 'bulk_liquid', measure_id: 1 },
    });
    expect(manual.httpStatus, JSON.stringify(manual.data)).toBe(201);
    expect(
      (
        await send('recipes', 'POST', `${PRODUCT_CHANGES.api}/${manual.data.id}/events/submit`, {
          version: manual.data.version,
        })
      ).httpStatus,
    ).toBe(403);
    expect(
      (await send('recipes', 'POST', PRODUCT_CHANGES.api, { action: 'create', proposed: {} }))
        .httpStatus,
    ).toBe(403);
    const withdrawn = await w.event('recipes', PRODUCT_CHANGES.api, mine, 'withdraw');
    expect(withdrawn.status).toBe('withdrawn');
  });

  it("records the requester's evaluation on their own project's sent sample only", async () => {
    const mine = await w.approvedProject('Requester tasting');
    let sample = await w.requestSample(mine.id);
    sample = await w.event('rd_flavorist', SAMPLES, sample, 'start_develop');
    sample = (
      await send('rd_flavorist', 'PUT', `${SAMPLES}/${sample.id}/ingredients`, {
        version: sample.version,
        ingredients: [
          { product_id: w.ingredients.flavorA, pct: 10 },
          { product_id: w.ingredients.carrier, is_fill: true },
        ],
      })
    ).data;
    sample = await w.event('rd_flavorist', SAMPLES, sample, 'prepare');
    const evaluation = { score: 7, verdict: 'revise', comments: 'A touch sweet' };
    const url = `${SAMPLES}/${sample.id}/evaluations`;
    // Not yet sent: refused by status.
    expect(
      (await send('rd_requester', 'POST', url, { ...evaluation, version: sample.version }))
        .httpStatus,
    ).toBe(422);
    sample = (
      await send('rd_quality_control', 'PUT', `${SAMPLES}/${sample.id}/specifications`, {
        version: sample.version,
        nicotine_mg: 0,
        nicotine_type: 'freebase',
        vg_pct: 50,
        pg_pct: 50,
        density_g_ml: 1.1,
        flashpoint_c: 100,
        shelf_life_days: 180,
      })
    ).data;
    sample = await w.event('rd_quality_control', SAMPLES, sample, 'send');

    // Another requester (same role, not this project's) and the flavorist are refused.
    const admin = await w.api('admin');
    const other = await admin.send('POST', '/api/general/users', {
      username: 'other.requester',
      password: 'other-requester-password-1',
      name: 'Other Requester',
      roles: ['rd_requester'],
      modules: ['rd'],
    });
    expect(other.httpStatus, JSON.stringify(other.data)).toBe(201);
    const otherApi = entityClient(
      w.t.url,
      await tokenFor(w.t.url, 'other.requester', 'other-requester-password-1'),
    );
    const refused = await otherApi.send('POST', url, { ...evaluation, version: sample.version });
    expect(refused.httpStatus).toBe(403);
    for (const user of ['rd_flavorist', 'recipes']) {
      expect(
        (await send(user, 'POST', url, { ...evaluation, version: sample.version })).httpStatus,
        user,
      ).toBe(403);
    }
    // Bad input, then a stale version: nothing saved.
    const bad = await send('rd_requester', 'POST', url, {
      ...evaluation,
      score: 11,
      version: sample.version,
    });
    expect(bad.httpStatus).toBe(422);
    const saved = await send('rd_requester', 'POST', url, {
      ...evaluation,
      version: sample.version,
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    const stale = await send('rd_requester', 'POST', url, {
      ...evaluation,
      version: sample.version,
    });
    expect(stale.httpStatus).toBe(409);

    // The project page reads it back with the sample.
    const project = await (await w.api('rd_requester')).get<Row>(`${PROJECTS}/${mine.id}`);
    const listed = (project.data.samples as Row[]).find((s) => s.id === sample.id);
    expect(listed?.evaluations).toMatchObject([
      { score: 7, verdict: 'revise', comments: 'A touch sweet', evaluator_name: 'Arjun Mehta' },
    ]);
    expect(listed?.avg_score).toBe(7);
    const rows = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from rd_sample_evaluations where rd_sample_id = ${sample.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
