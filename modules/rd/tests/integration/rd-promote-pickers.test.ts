import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PARAMETERS } from '../../../general/shared/entities/parameters.entity.ts';
import { INGREDIENT_PRODUCT_TYPES } from '../../../../src/domain/entities/inventory/inventory-values.ts';
import { PRODUCTS } from '../../../../src/domain/entities/inventory/products.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../shared/entities/rd-promotion.entity.ts';
import { RD_SAMPLES } from '../../shared/entities/rd-samples.entity.ts';
import { RD_SAMPLE_INGREDIENTS } from '../../shared/entities/rd-samples.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startRdWorld, type RdWorld } from '../rd-fixtures.ts';

// The pickers of the R&D forms (docs/domain/rd.md): the promote dialog's pickers load for the
// roles that promote, and its fill line keeps the share it had in R&D; the flavorist's
// ingredient picker finds by name or SKU and offers only what goes into a liquid, and the
// server refuses anything else with `exists`.

type Option = { value: number; label: string; detail?: string | null };

const SAMPLES = RD_SAMPLES.api;
const INGREDIENT_TYPES = INGREDIENT_PRODUCT_TYPES.join(',');

describe('rd pickers', () => {
  let w: RdWorld;
  const options = async (user: string, api: string, params: Record<string, string>) =>
    (await w.api(user)).get<Option[]>(`${api}/options`, params);

  beforeAll(async () => {
    w = await startRdWorld('pglite');
  }, 600_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it("loads the promote form's pickers for the roles that promote", async () => {
    for (const user of ['recipes', 'head_batcher']) {
      const classes = await options(user, PARAMETERS.api, { parameter_type: 'flashpoint_class' });
      expect(classes.httpStatus, user).toBe(200);
      expect(classes.data.length, user).toBeGreaterThan(0);
      const bulk = await options(user, PRODUCTS.api, { parameter_type: 'bulk_liquid' });
      expect(bulk.httpStatus, user).toBe(200);
    }
    // Its family only: another lookup stays closed to them.
    const other = await options('recipes', PARAMETERS.api, { parameter_type: 'hold_reason' });
    expect(other.httpStatus).toBe(403);
  });

  it('promotes the fill line with the share it takes, not 0 %', async () => {
    const project = await w.approvedProject('Fill keeps its share');
    const decided = await w.sampleToFeedback(await w.requestSample(project.id));
    const sample = await w.event('rd_supervisor', SAMPLES, decided, 'approve');
    const promoted = await (
      await w.api('recipes')
    ).send<Row>('POST', `${RD_PROMOTABLE_SAMPLES.api}/${sample.id}/promote`, {
      version: sample.version,
      code: 'FILL-SHARE',
      new_product: { sku: 'BL-FILL-SHARE' },
    });
    expect(promoted.httpStatus, JSON.stringify(promoted.data)).toBe(201);
    const lines = await queryRows<{ pct: number; is_fill: boolean }>(
      w.db,
      sql`select percentage::float8 as pct, is_fill from recipe_ingredients
           where recipe_id = ${promoted.data.id} order by sort`,
    );
    // 8 % and 4.5 % flavours; the carrier fills the rest.
    expect(lines).toEqual([
      { pct: 8, is_fill: false },
      { pct: 4.5, is_fill: false },
      { pct: 87.5, is_fill: true },
    ]);
  });

  it('finds ingredients by name or SKU, and offers only what goes into a liquid', async () => {
    const [pg] = await queryRows<{ id: number; sku: string }>(
      w.db,
      sql`insert into products (sku, name, type, measure_id)
          select 'RM-PG-TEST', 'Propylene glycol USP (test)', 'carrier', measure_id
            from products limit 1
          returning id, sku`,
    );
    const byName = await options('rd_flavorist', PRODUCTS.api, {
      search: 'propylene',
      parameter_type: INGREDIENT_TYPES,
    });
    expect(byName.httpStatus).toBe(200);
    const found = byName.data.find((o) => o.value === pg!.id);
    // The option names the product beside its SKU.
    expect(found?.label).toBe('RM-PG-TEST');
    expect(found?.detail).toContain('Propylene glycol USP (test)');
    const bySku = await options('rd_flavorist', PRODUCTS.api, {
      search: 'rm-pg-test',
      parameter_type: INGREDIENT_TYPES,
    });
    expect(bySku.data.map((o) => o.value)).toContain(pg!.id);
    const all = await options('rd_flavorist', PRODUCTS.api, { parameter_type: INGREDIENT_TYPES });
    expect(all.data.map((o) => o.value)).not.toContain(w.bulkLiquid);
    const types = await queryRows<{ type: string }>(
      w.db,
      sql`select distinct type from products
           where id in (${sql.join(
             all.data.map((o) => sql`${o.value}`),
             sql`, `,
           )})`,
    );
    expect(
      types.every((t) => (INGREDIENT_PRODUCT_TYPES as readonly string[]).includes(t.type)),
    ).toBe(true);
    // The form's ingredient field names those types.
    const field = RD_SAMPLE_INGREDIENTS.fields.find((f) => f.name === 'product_id');
    expect(field?.ref?.parameterType).toBe(INGREDIENT_TYPES);
  });

  it('refuses a bulk liquid or a finished good as an ingredient with exists', async () => {
    const project = await w.approvedProject('Only ingredients');
    const requested = await w.requestSample(project.id);
    const sample = await w.event('rd_flavorist', SAMPLES, requested, 'start_develop');
    const refused = await (
      await w.api('rd_flavorist')
    ).send<Record<string, string>>('PUT', `${SAMPLES}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [
        { product_id: w.ingredients.flavorA, pct: 5 },
        { product_id: w.bulkLiquid, is_fill: true },
      ],
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ 'ingredients.1.product_id': 'exists' });
    const accepted = await (
      await w.api('rd_flavorist')
    ).send<Row>('PUT', `${SAMPLES}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [
        { product_id: w.ingredients.flavorA, pct: 5 },
        { product_id: w.ingredients.carrier, is_fill: true },
      ],
    });
    expect(accepted.httpStatus, JSON.stringify(accepted.data)).toBe(200);
  });
});
