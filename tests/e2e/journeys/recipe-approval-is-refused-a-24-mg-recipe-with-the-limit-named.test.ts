import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEASURES } from '../../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { RECIPES } from '../../../src/domain/entities/production/recipes.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List, type Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (docs/domain/production.md "Nicotine limit"): recipes submits a 24 mg/mL recipe;
// recipe_approval opens it and presses Approve, and the screen says the recipe has 24 mg/mL of
// nicotine, over the limit of 20 mg/mL. The recipe stays submitted.

const limit = journey('journey-nicotine-limit', 180_000);
let page: Page;
let recipe: Row;

beforeAll(async () => {
  const url = limit.suite.server.url;
  const admin = entityClient(url, await tokenFor(url, 'admin'));
  const maker = entityClient(url, await tokenFor(url, 'recipes'));
  const ml = (await admin.get<List>(MEASURES.api)).data.rows.find((m) => m.code === 'ml')?.id;
  const product = async (sku: string, type: string) =>
    (await admin.create(PRODUCTS, { sku, name: sku, type, measure_id: ml })).id;
  const bulk = await product('BL-E2E-NIC-24', 'bulk_liquid');
  const nic = await product('RM-E2E-NIC-24', 'nicotine_base');
  const pg = await product('RM-E2E-PG-24', 'carrier');
  const created = await maker.send<Row>('POST', RECIPES.api, {
    code: 'RC-E2E-NIC-24',
    name: 'Too strong',
    product_id: bulk,
    target_nicotine_mg: 24,
    basis: 'v_v',
    batch_basis_ml: 1000,
    ingredients: [
      { product_id: nic, percentage: 24, is_fill: false },
      { product_id: pg, percentage: 0, is_fill: true },
    ],
  });
  expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
  const submitted = await maker.send<Row>(
    'POST',
    `${RECIPES.api}/${created.data.id}/events/submit`,
    {
      version: created.data.version,
    },
  );
  expect(submitted.httpStatus, JSON.stringify(submitted.data)).toBe(200);
  recipe = submitted.data;
  page = await limit.signedIn('recipe_approval', `/production/recipe/${recipe.id}`);
});

describe('recipe approval is refused a 24 mg/mL recipe with the limit named', () => {
  it('says the value and the limit, and the recipe stays where it was', async () => {
    const bar = page.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    // Approving asks to confirm when the machine says so.
    const confirm = page.getByRole('dialog').getByRole('button', { name: /Approve|Confirm/ });
    if (await confirm.count()) await confirm.first().click();
    await page
      .getByText('The recipe has 24 mg/mL of nicotine, over the limit of 20 mg/mL')
      .first()
      .waitFor();
    await saveScreenshot(page, 'journey-nicotine-limit-refused');
    const url = limit.suite.server.url;
    const admin = entityClient(url, await tokenFor(url, 'admin'));
    const after = await admin.get<Row>(`${RECIPES.api}/${recipe.id}`);
    expect(after.data).toMatchObject({ status: recipe.status, version: recipe.version });
  });
});
