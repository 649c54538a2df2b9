import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import type { ProductionSettingRow } from '../../src/domain/entities/production/production-settings.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import { RD_SAMPLES } from '../../modules/rd/shared/entities/rd-samples.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { batchedOrder } from '../support/batched-order.ts';
import type { Row } from '../support/entity-crud.ts';
import { plantOn, type Plant } from '../support/production-plant.ts';
import { startRdWorld, type RdWorld } from '../../modules/rd/tests/rd-fixtures.ts';
import { submittedStrongRecipe } from '../support/strong-recipe.ts';

// The nicotine limit of vaping products (docs/domain/production.md "Nicotine limit"), the
// `production.nicotine_max_mg_ml` setting, 20 mg/mL until an admin changes it: a product above
// it is not activated, a recipe not approved, an R&D sample not approved, a production order
// not released, each refusal a rule error naming the limit and the value with nothing
// written; and an HPLC result above it fails even inside its category's range.

const LIMIT = 'production.nicotine_max_mg_ml';
const SETTINGS = '/api/production/settings';

describe('nicotine limit', () => {
  let w: RdWorld;
  let plant: Plant;
  beforeAll(async () => {
    w = await startRdWorld('pglite');
    plant = await plantOn(w.t, ['recipes', 'recipe_approval', 'rd_supervisor']);
  }, 240_000);
  afterAll(async () => w?.t.close());

  async function setLimit(value: number): Promise<void> {
    const rows = (await plant.as.admin!.get<{ rows: ProductionSettingRow[] }>(SETTINGS)).data.rows;
    const row = rows.find((r) => r.key === LIMIT)!;
    const saved = await plant.as.admin!.send('PUT', `${SETTINGS}/${LIMIT}`, {
      value,
      version: row.version,
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
  }

  const refusal = (field: string, value: number, limit: number) => ({
    [field]: expect.stringMatching(
      new RegExp(`${value} mg/mL of nicotine, over the limit of ${limit} mg/mL`),
    ) as unknown,
  });

  it('is a production setting of 20 mg/mL until an admin saves another', async () => {
    const rows = (await plant.as.admin!.get<{ rows: ProductionSettingRow[] }>(SETTINGS)).data.rows;
    expect(rows.find((r) => r.key === LIMIT)).toMatchObject({ value: 20, version: 0 });
  });

  it('refuses activating a finished good above it, and keeps the product as it was', async () => {
    const product = (await plant.as.admin!.get<Row>(`${PRODUCTS.api}/${plant.product.id}`)).data;
    const refused = await plant.as.admin!.send('PUT', `${PRODUCTS.api}/${product.id}`, {
      version: product.version,
      nicotine_mg: 24,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toMatchObject(refusal('nicotine_mg', 24, 20));
    const after = (await plant.as.admin!.get<Row>(`${PRODUCTS.api}/${product.id}`)).data;
    expect(after).toMatchObject({ nicotine_mg: product.nicotine_mg, version: product.version });
  });

  it('refuses approving a 24 mg/mL recipe, which stays where it was', async () => {
    const submitted = await submittedStrongRecipe(plant.as.admin!, plant.as.recipes!, 'NIC-24');
    const approve = await plant.as.recipe_approval!.send(
      'POST',
      `${RECIPES.api}/${submitted.id}/events/approve`,
      { version: submitted.version },
    );
    expect(approve.httpStatus).toBe(422);
    expect(approve.data).toMatchObject(refusal('target_nicotine_mg', 24, 20));
    const after = (await plant.as.admin!.get<Row>(`${RECIPES.api}/${submitted.id}`)).data;
    expect(after.status).toBe(submitted.status);
  });

  it('refuses approving an R&D sample specified above it', async () => {
    const project = await w.approvedProject('Strong sample');
    const sample = await w.requestSample(project.id);
    await w.db.execute(
      sql`insert into rd_sample_specifications (rd_sample_id, nicotine_mg, nicotine_type)
          values (${sample.id}, 24, 'salt')
          on conflict (rd_sample_id) do update set nicotine_mg = 24`,
    );
    // Evaluated and waiting for the supervisor's decision: the state approve starts from.
    await w.db.execute(
      sql`update rd_samples set status = 'feedback_received' where id = ${sample.id}`,
    );
    const doc = (await (await w.api('admin')).get<Row>(`${RD_SAMPLES.api}/${sample.id}`)).data;
    const approve = await plant.as.rd_supervisor!.send(
      'POST',
      `${RD_SAMPLES.api}/${sample.id}/events/approve`,
      { version: doc.version },
    );
    expect(approve.httpStatus, JSON.stringify(approve.data)).toBe(422);
    expect(approve.data).toMatchObject(refusal('nicotine_mg', 24, 20));
    const [row] = await queryRows<{ status: string }>(
      w.db,
      sql`select status from rd_samples where id = ${sample.id}`,
    );
    expect(row?.status).toBe('feedback_received');
  });

  it('fails an HPLC result above it even inside its range, and says why on the order', async () => {
    // 6 mg/mL mango at 6.3 is 105 % of its claim, inside the freebase range; a limit of 6.2
    // (the product and its recipe at 6 stay under it) makes it fail.
    const mo = await batchedOrder(plant);
    await setLimit(6.2);
    try {
      const [sample] = await plant.labRequests('production_order_number', mo.number);
      const result = await plant.as.hplc_tech!.send<Row>(
        'POST',
        `${HPLC_REQUESTS.api}/${sample!.id}/result`,
        { measured_mg: 6.3 },
      );
      expect(result.httpStatus, JSON.stringify(result.data)).toBe(200);
      expect(result.data).toMatchObject({ status: 'failed' });
      expect(await plant.order(mo.id)).toMatchObject({ hplc_status: 'failed' });
      const [told] = await queryRows<{ reason: string }>(
        w.db,
        sql`select reason from status_transitions
             where entity_type = 'production_orders' and entity_id = ${mo.id} and event = 'hplc_fail'`,
      );
      expect(told?.reason).toMatch(/6\.3 mg\/mL of nicotine, over the limit of 6\.2 mg\/mL/);
    } finally {
      await setLimit(20);
    }
  });

  it('refuses releasing a production order once the limit is under its product', async () => {
    const mo = await plant.planned(60, false);
    await plant.step('planning', mo.id, 'submit');
    const approved = await plant.step('manager', mo.id, 'approve');
    await setLimit(5);
    try {
      const release = await plant.as.planning!.send(
        'POST',
        `${PRODUCTION_ORDERS.api}/${mo.id}/events/release`,
        { version: approved.version },
      );
      expect(release.httpStatus).toBe(422);
      expect(release.data).toMatchObject(refusal('product_id', 6, 5));
      expect((await plant.order(mo.id)).status).toBe('approved');
    } finally {
      await setLimit(20);
    }
    expect((await plant.step('planning', mo.id, 'release')).status).toBe('released');
  });
});
