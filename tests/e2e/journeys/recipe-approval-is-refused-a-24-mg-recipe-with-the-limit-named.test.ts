import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECIPES } from '../../../src/domain/entities/production/recipes.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { submittedStrongRecipe } from '../../support/strong-recipe.ts';

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
  recipe = await submittedStrongRecipe(admin, maker, 'E2E-NIC-24');
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

describe('the same refusal with the keyboard alone', () => {
  it('reaches Approve by focus and Enter, and hears the same limit', async () => {
    await page.reload();
    const bar = page.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Approve', exact: true }).focus();
    await page.keyboard.press('Enter');
    const refusal = page.getByText('The recipe has 24 mg/mL of nicotine, over the limit of 20 mg/mL');
    const confirm = page.getByRole('dialog').getByRole('button', { name: /Approve|Confirm/ });
    // Approving may ask to confirm first: Enter on its focused button answers it.
    await refusal.first().or(confirm.first()).waitFor();
    if (await confirm.count()) {
      await confirm.first().focus();
      await page.keyboard.press('Enter');
    }
    await refusal.first().waitFor();
    const url = limit.suite.server.url;
    const admin = entityClient(url, await tokenFor(url, 'admin'));
    const after = await admin.get<Row>(`${RECIPES.api}/${recipe.id}`);
    expect(after.data).toMatchObject({ status: recipe.status, version: recipe.version });
  });
});
