import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save } from '../../support/e2e-stock.ts';

// Journey (R&D, docs/journeys.md): the requester asks for a project; the supervisor approves it
// and requests a sample; the flavorist develops it (the fill takes the rest, live); quality
// control writes its specifications by keyboard and sends it; the supervisor evaluates and
// approves it; recipes promotes it to a draft recipe. Each person at their own screen, the
// rest by mouse.

const rd = journey('journey-rd', 180_000);
const db = () => rd.suite.server.server.database.db;
const url = (page: Page, path: string) => new URL(path, page.url()).href;

async function skuOf(type: string, offset = 0): Promise<string> {
  const [row] = await queryRows<{ sku: string }>(
    db(),
    sql`select sku from products where type = ${type} and status = 'active' order by id offset ${offset} limit 1`,
  );
  return row!.sku;
}

async function rowOf<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  return row!;
}

let requester: Page;
beforeAll(async () => {
  requester = await rd.signedIn('rd_requester', '/rd/projects');
});

describe('a sample goes from the requester to a draft recipe', () => {
  it('is requested, developed, specified, evaluated, approved and promoted', async () => {
    const title = `Journey strawberry cream ${Date.now() % 100000}`;
    // The requester asks for a project and submits it.
    await requester.getByRole('button', { name: 'New project' }).click();
    await requester.waitForURL((u) => u.pathname === '/rd/project/new');
    await requester.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await requester.getByRole('textbox', { name: 'Target VG %', exact: true }).fill('70');
    await save(requester, /^\/rd\/project\/\d+$/);
    await saveScreenshot(requester, 'journey-rd-project-draft');
    await act(requester, 'Submit', 'submitted');
    const project = await rowOf<{ id: number; number: string }>(
      sql`select id::int, number from rd_projects where title = ${title}`,
    );

    // The supervisor approves it and requests a sample.
    const supervisor = await rd.signedIn('rd_supervisor', `/rd/project/${project.id}`);
    await act(supervisor, 'Approve', 'approved');
    // The request names who develops it, chosen with the mouse.
    const flavoristName = (
      await rowOf<{ name: string }>(sql`select name from users where username = 'rd_flavorist'`)
    ).name;
    await supervisor.getByRole('button', { name: 'Request sample' }).click();
    const request = supervisor.getByRole('dialog', { name: /^Request a sample of RD-/ });
    await pick(supervisor, 'Flavorist', flavoristName, flavoristName.split(' ')[0]);
    await request.getByRole('button', { name: 'Request sample' }).click();
    await request.waitFor({ state: 'detached' });
    const samples = supervisor.getByRole('table', { name: 'Samples of the project' });
    await samples.getByRole('link').first().waitFor();
    await samples.getByRole('cell', { name: flavoristName, exact: true }).waitFor();
    await supervisor
      .getByRole('group', { name: 'Document actions' })
      .getByText(/^In development$/)
      .waitFor();
    await saveScreenshot(supervisor, 'journey-rd-project-in-development');
    const sample = await rowOf<{ id: number; number: string }>(
      sql`select id::int, number from rd_samples where rd_project_id = ${project.id}`,
    );

    // The flavorist develops it: two flavours and the carrier as the fill.
    const flavorist = await rd.signedIn('rd_flavorist', `/rd/sample/develop/${sample.id}`);
    await act(flavorist, 'Start developing', 'in preparation');
    const [flavorA, flavorB, carrier] = [
      await skuOf('flavour_concentrate'),
      await skuOf('flavour_concentrate', 1),
      await skuOf('carrier'),
    ];
    await pick(flavorist, 'Ingredient 1 product', flavorA);
    await flavorist.getByRole('textbox', { name: 'Ingredient 1 %' }).fill('8');
    await flavorist.getByRole('button', { name: 'Add ingredient' }).click();
    await pick(flavorist, 'Ingredient 2 product', flavorB);
    await flavorist.getByRole('textbox', { name: 'Ingredient 2 %' }).fill('4.5');
    await flavorist.getByRole('button', { name: 'Add ingredient' }).click();
    await pick(flavorist, 'Ingredient 3 product', carrier);
    await flavorist.getByRole('checkbox', { name: 'Ingredient 3 is the fill' }).check();
    await expect
      .poll(() => flavorist.getByTestId('formula-sum').innerText())
      .toBe('Σ 12.5 % · fill 87.5 %');
    await saveScreenshot(flavorist, 'journey-rd-develop');
    await flavorist.getByRole('button', { name: 'Save ingredients' }).click();
    await flavorist.getByText('Ingredients saved').first().waitFor();
    await act(flavorist, 'Mark prepared', 'prepared');

    // Quality control writes the specifications by keyboard, then sends it.
    const qc = await rd.signedIn('rd_quality_control', `/rd/sample/specifications/${sample.id}`);
    const nicotine = qc.getByRole('textbox', { name: 'Nicotine mg/ml', exact: true });
    await nicotine.click();
    await qc.keyboard.type('3');
    await qc.keyboard.press('Tab');
    await qc.keyboard.press('Tab'); // past the nicotine type
    await qc.keyboard.type('70');
    await qc.keyboard.press('Tab');
    await qc.keyboard.type('30');
    await qc.keyboard.press('Tab');
    await qc.keyboard.type('1.0875');
    await qc.keyboard.press('Tab');
    await qc.keyboard.type('101.5');
    await qc.keyboard.press('Tab');
    await qc.keyboard.type('365');
    await saveScreenshot(qc, 'journey-rd-specifications');
    await qc.keyboard.press('Enter');
    await qc.getByText('Specifications saved').first().waitFor();
    await act(qc, 'Send', 'sent', 'journey-rd-send-confirm');
    await act(qc, 'Start evaluation', 'in evaluation');

    // The supervisor evaluates it and approves it.
    await supervisor.goto(url(supervisor, `/rd/sample/develop/${sample.id}`));
    await supervisor.getByRole('textbox', { name: 'Score (1–10)' }).fill('9');
    await pick(supervisor, 'Verdict', 'Approve');
    await supervisor.getByRole('textbox', { name: 'Comments' }).fill('Bright, creamy finish');
    await supervisor.getByRole('button', { name: 'Save evaluation' }).click();
    await supervisor
      .getByRole('table', { name: 'Evaluations' })
      .getByText('Bright, creamy finish')
      .waitFor();
    await act(supervisor, 'Close evaluation', 'feedback received');
    await act(supervisor, 'Approve', 'approved', 'journey-rd-approve-confirm');
    await saveScreenshot(supervisor, 'journey-rd-sample-approved');

    // Recipes promotes it to a draft recipe of a bulk liquid.
    const recipes = await rd.signedIn('recipes', '/rd/recipes');
    await recipes.getByRole('gridcell', { name: sample.number, exact: true }).first().dblclick();
    const dialog = recipes.getByRole('dialog');
    const code = `RD-J${Date.now() % 100000}`;
    await dialog.getByRole('textbox', { name: 'Recipe code', exact: true }).fill(code);
    // An existing bulk liquid this time (a new one is the other journey's).
    await dialog.getByRole('radio', { name: 'Existing bulk liquid' }).check();
    const bulk = await skuOf('bulk_liquid');
    await pick(recipes, 'Bulk liquid', bulk);
    await saveScreenshot(recipes, 'journey-rd-promote');
    await dialog.getByRole('button', { name: 'Promote to recipe' }).click();
    await dialog.waitFor({ state: 'detached' });
    const recipe = await rowOf<{ status: string; lines: number; rd_sample_id: number }>(
      sql`select r.status, r.rd_sample_id::int,
          (select count(*)::int from recipe_ingredients i where i.recipe_id = r.id) as lines
        from recipes r where r.code = ${code}`,
    );
    expect(recipe).toEqual({ status: 'draft', rd_sample_id: sample.id, lines: 3 });
  });
});
