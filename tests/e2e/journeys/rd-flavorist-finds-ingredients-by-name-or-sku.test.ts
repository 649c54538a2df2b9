import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { RD_PROJECTS } from '../../../modules/rd/shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../../../modules/rd/shared/entities/rd-samples.entity.ts';
import type { Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { rdPeople } from '../../support/e2e-rd-people.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (R&D, docs/journeys.md; docs/domain/rd.md "rd_sample_ingredients"): the flavorist
// writes a sample's formula by keyboard, finding each ingredient by what it is called
// ("vanilla", "Propylene") rather than by its SKU. The picker shows each product's name under
// its SKU and offers only ingredients: no bulk liquid, no finished good. On a phone the picker
// keeps the width of the screen.

const rd = journey('journey-rd-ingredient-picker', 180_000);
const db = () => rd.suite.server.server.database.db;
const STAMP = (Date.now() % 100000).toString();
const PHONE = { viewport: { width: 390, height: 844 } } as const;

const { api, event } = rdPeople(() => rd.suite.server.url);

/** A sample started by the flavorist, its formula still empty. */
async function developingSample(title: string): Promise<Row> {
  const draft = await (
    await api('rd_requester')
  )('POST', RD_PROJECTS.api, { title, target_nicotine_mg: 3, target_vg_pct: 70 });
  const project = await event(
    'rd_supervisor',
    RD_PROJECTS.api,
    await event('rd_requester', RD_PROJECTS.api, draft, 'submit'),
    'approve',
  );
  const sample = await (
    await api('rd_supervisor')
  )('POST', RD_SAMPLES.api, { rd_project_id: project.id, batch_size_ml: 100 });
  return event('rd_flavorist', RD_SAMPLES.api, sample, 'start_develop');
}

/** The options of the open list, each as its text (the SKU, and the name under it). */
const optionTexts = (page: Page) => page.getByRole('listbox').getByRole('option').allInnerTexts();

/** Types `typed` in the focused picker, waits for `name` among the options, takes it by keyboard. */
async function findAndTake(page: Page, typed: string, name: RegExp): Promise<string[]> {
  await page.keyboard.type(typed);
  await expect
    .poll(async () => {
      const texts = await optionTexts(page);
      return texts.length > 0 && texts.every((t) => name.test(t));
    })
    .toBe(true);
  const shown = await optionTexts(page);
  await saveScreenshot(
    page,
    `journey-rd-ingredient-list-${typed}-${page.viewportSize()?.width ?? 0}`,
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  return shown;
}

let sample: Row;
let phoneSample: Row;

beforeAll(async () => {
  sample = await developingSample(`Journey vanilla ${STAMP}`);
  phoneSample = await developingSample(`Journey vanilla phone ${STAMP}`);
}, 120_000);

describe('the flavorist finds ingredients by name', () => {
  it('types "vanilla" and "Propylene", takes each by keyboard, and saves the formula', async () => {
    const page = await rd.signedIn('rd_flavorist', `/rd/sample/develop/${sample.id}`);
    const first = page.getByRole('combobox', { name: 'Ingredient 1 product' });
    await first.waitFor();
    await first.focus();
    // By its name: the vanilla flavour concentrate, never the vanilla finished goods.
    const vanilla = await findAndTake(page, 'vanilla', /Vanilla Custard flavour concentrate/);
    expect(vanilla).toHaveLength(1);
    expect(vanilla[0]).toMatch(/^RM-FC-CUSTARD\s/);
    await expect.poll(() => first.inputValue()).toBe('RM-FC-CUSTARD');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4.5');

    await page.getByRole('button', { name: 'Add ingredient' }).focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('combobox', { name: 'Ingredient 2 product' });
    await second.focus();
    const propylene = await findAndTake(page, 'Propylene', /Propylene glycol USP/);
    expect(propylene[0]).toMatch(/^RM-PG-USP\s/);
    await expect.poll(() => second.inputValue()).toBe('RM-PG-USP');
    // Its name is shown under the chosen SKU.
    await page
      .getByText(/^Propylene glycol USP ·/)
      .first()
      .waitFor();
    const fill = page.getByRole('checkbox', { name: 'Ingredient 2 is the fill' });
    await fill.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('formula-sum').innerText()).toContain('fill 95.5 %');
    await saveScreenshot(page, 'journey-rd-ingredients-by-name');

    // Nothing but ingredients is offered: the list of everything holds no bulk liquid nor good.
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    const everything = await optionTexts(page);
    expect(everything.some((t) => /^(BL|FG|KIT|PK)-/.test(t))).toBe(false);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save ingredients' }).click();
    await expect
      .poll(async () =>
        queryRows<{ sku: string; pct: number; is_fill: boolean }>(
          db(),
          sql`select p.sku, i.pct::float8 as pct, i.is_fill from rd_sample_ingredients i
                join products p on p.id = i.product_id
               where i.rd_sample_id = ${sample.id} order by i.sort`,
        ),
      )
      .toEqual([
        { sku: 'RM-FC-CUSTARD', pct: 4.5, is_fill: false },
        { sku: 'RM-PG-USP', pct: 0, is_fill: true },
      ]);
  });

  it('keeps the picker usable on a phone', async () => {
    const page = await rd.signedIn('rd_flavorist', `/rd/sample/develop/${phoneSample.id}`, PHONE);
    const picker = page.getByRole('combobox', { name: 'Ingredient 1 product' });
    await picker.waitFor();
    const box = await picker.boundingBox();
    // Across the card, not a sliver beside three columns.
    expect(box!.width).toBeGreaterThan(250);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await picker.focus();
    await findAndTake(page, 'vanilla', /Vanilla Custard flavour concentrate/);
    await expect.poll(() => picker.inputValue()).toBe('RM-FC-CUSTARD');
    const noSideways = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noSideways).toBe(true);
    await saveScreenshot(page, 'journey-rd-ingredients-phone');
  });
});
