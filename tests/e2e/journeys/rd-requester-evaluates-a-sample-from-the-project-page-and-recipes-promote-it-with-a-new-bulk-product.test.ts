import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { PRODUCT_CHANGES } from '../../../src/domain/entities/inventory/product-changes.entity.ts';
import { RECIPES } from '../../../src/domain/entities/production/recipes.entity.ts';
import { RD_SAMPLES } from '../../../modules/rd/shared/entities/rd-samples.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { rdPeople, sentSample } from '../../support/e2e-rd-people.ts';
import { arrowTo } from '../../support/e2e-stock.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (R&D, docs/journeys.md; docs/domain/rd.md §7): the requester evaluates the sample the lab
// sent for their project from the project page, by keyboard; once the supervisor approved it,
// recipes promotes it with a new bulk liquid (a product change request beside the draft
// recipe) and reads both on the R&D recipes page; the product approver approves the bulk
// liquid, and only then may the recipe be approved. The lab's steps before and between are
// set up through the API as those roles would do them.

const rd = journey('journey-rd-promote-bulk', 180_000);
const db = () => rd.suite.server.server.database.db;
const STAMP = (Date.now() % 100000).toString();

const people = rdPeople(() => rd.suite.server.url);
const { api, event } = people;

let project: Row;
let sample: Row;

beforeAll(async () => {
  ({ project, sample } = await sentSample(people, db(), `Journey peach iced tea ${STAMP}`, 9));
}, 120_000);

describe('the requester evaluates from the project page; recipes promote with a new bulk liquid', () => {
  let recipes: Page;

  it('the requester evaluates the sent sample of their project, by keyboard', async () => {
    const page = await rd.signedIn('rd_requester', `/rd/project/${project.id}`);
    const panel = page.getByRole('heading', { name: `Evaluations of ${String(sample.number)}` });
    await panel.waitFor();
    await page.getByRole('textbox', { name: 'Score (1–10)' }).focus();
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    // The verdict: open the list, walk down to Approve, take it.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Approve', exact: true }).waitFor();
    await arrowTo(page, 'Approve');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Verdict' }).inputValue())
      .toBe('Approve');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Peach comes first, the tea after: as asked');
    await saveScreenshot(page, 'journey-rd-requester-evaluates');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('table', { name: `Evaluations of ${String(sample.number)}` })
      .getByText('Peach comes first, the tea after: as asked')
      .waitFor();
    const [saved] = await queryRows<{ score: number; verdict: string }>(
      db(),
      sql`select score, verdict from rd_sample_evaluations where rd_sample_id = ${sample.id}`,
    );
    expect(saved).toEqual({ score: 8, verdict: 'approve' });
  });

  it('recipes promote the approved sample with a new bulk liquid and read what it made', async () => {
    // The supervisor closes the evaluation and approves the sample.
    const read = async () => (await api('admin'))('GET', `${RD_SAMPLES.api}/${sample.id}`);
    sample = await event('rd_supervisor', RD_SAMPLES.api, await read(), 'start_evaluation');
    sample = await event('rd_supervisor', RD_SAMPLES.api, sample, 'evaluate');
    sample = await event('rd_supervisor', RD_SAMPLES.api, sample, 'approve');

    recipes = await rd.signedIn('recipes', '/rd/recipes');
    const cell = recipes
      .getByRole('gridcell', { name: String(sample.number), exact: true })
      .first();
    await cell.focus();
    await recipes.keyboard.press('Enter');
    const dialog = recipes.getByRole('dialog');
    // The cursor is in the recipe code as the dialog opens; the new bulk liquid is offered
    // with a proposed SKU.
    const code = dialog.getByRole('textbox', { name: 'Recipe code', exact: true });
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await recipes.keyboard.type(`PEACH-TEA-${STAMP}`);
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'New bulk liquid' }).isChecked())
      .toBe(true);
    const sku = dialog.getByRole('textbox', { name: 'New bulk liquid SKU', exact: true });
    expect(await sku.inputValue()).toBe(`BL-${String(sample.number)}`);
    await dialog
      .getByRole('textbox', { name: 'Product name', exact: true })
      .fill(`Peach iced tea 3 mg bulk ${STAMP}`);
    await saveScreenshot(recipes, 'journey-rd-promote-new-bulk-liquid');
    await dialog.getByRole('button', { name: 'Promote to recipe' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [made] = await queryRows<{
      recipe: number;
      product: number;
      status: string;
      request: number;
    }>(
      db(),
      sql`select r.id::int as recipe, p.id::int as product, p.status, c.id::int as request
            from recipes r join products p on p.id = r.product_id
            join product_change_requests c on c.product_id = p.id
           where r.rd_sample_id = ${sample.id}`,
    );
    expect(made?.status).toBe('pending_approval');
    // The list shows the promotion: the recipe and the change request, with its status.
    await recipes.reload();
    const row = recipes
      .getByRole('row')
      .filter({ hasText: String(sample.number) })
      .first();
    await expect.poll(() => row.innerText()).toMatch(/PEACH-TEA-\d+[\s\S]*CS-[\s\S]*Submitted/);
    await saveScreenshot(recipes, 'journey-rd-recipes-promotion-links');
    // The recipe opens from here; the change request is the product approver's page, which the
    // recipes role may not open, so its number reads as text rather than leading to a refusal.
    const recipeLink = row.getByRole('link', { name: /^PEACH-TEA-/ });
    expect(await recipeLink.getAttribute('href')).toBe(`/production/recipe/${made!.recipe}`);
    expect(await row.getByRole('link', { name: /^CS-/ }).count()).toBe(0);

    // The recipe is submitted; its approval waits for the bulk liquid.
    const recipe = await event(
      'recipes',
      RECIPES.api,
      await (
        await api('admin')
      )('GET', `${RECIPES.api}/${made!.recipe}`),
      'submit',
    );
    const checker = entityClient(
      rd.suite.server.url,
      await tokenFor(rd.suite.server.url, 'recipe_approval'),
    );
    const early = await checker.send('POST', `${RECIPES.api}/${recipe.id}/events/approve`, {
      version: recipe.version,
    });
    expect(early.httpStatus).toBe(422);

    // The product approver approves the bulk liquid on the change request's page.
    const approver = await rd.signedIn(
      'product_approval_admin',
      `/inventory/product_changes/${made!.request}`,
    );
    const bar = approver.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    await bar.getByText('Applied', { exact: true }).waitFor();
    await saveScreenshot(approver, 'journey-rd-bulk-liquid-approved');
    const request = await (await api('admin'))('GET', `${PRODUCT_CHANGES.api}/${made!.request}`);
    expect(request.status).toBe('applied');

    // Now the recipe is approved, and the R&D recipes page reads the request as applied.
    const again = await (await api('admin'))('GET', `${RECIPES.api}/${recipe.id}`);
    const approved = await checker.send<Row>('POST', `${RECIPES.api}/${recipe.id}/events/approve`, {
      version: again.version,
    });
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    await recipes.reload();
    await expect
      .poll(() =>
        recipes
          .getByRole('row')
          .filter({ hasText: String(sample.number) })
          .first()
          .innerText(),
      )
      .toContain('Applied');
  });
});
