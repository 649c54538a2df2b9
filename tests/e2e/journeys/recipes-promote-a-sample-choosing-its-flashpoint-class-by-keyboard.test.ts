import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { RD_SAMPLES } from '../../../modules/rd/shared/entities/rd-samples.entity.ts';
import type { Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { rdPeople, sentSample } from '../../support/e2e-rd-people.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (R&D, docs/journeys.md; docs/domain/rd.md "Promote"): recipes promote an approved
// sample with a new bulk liquid, choosing its flashpoint class by keyboard. The class list
// loads for them (no refusal pops up), Escape in the open list closes the list and leaves the
// dialog, and the draft recipe's fill line carries the share it took in R&D, not 0 %. The lab's
// steps before are set up through the API as those roles would do them.

const rd = journey('journey-rd-promote-flashpoint', 180_000);
const db = () => rd.suite.server.server.database.db;
const STAMP = (Date.now() % 100000).toString();
const FLAVOUR_PCT = 9;

const people = rdPeople(() => rd.suite.server.url);
const { api, event } = people;

let sample: Row;

beforeAll(async () => {
  ({ sample } = await sentSample(people, db(), `Journey flashpoint ${STAMP}`, FLAVOUR_PCT));
  sample = await event('rd_supervisor', RD_SAMPLES.api, sample, 'start_evaluation');
  sample = await (
    await api('rd_supervisor')
  )('POST', `${RD_SAMPLES.api}/${sample.id}/evaluations`, {
    version: sample.version,
    score: 8,
    verdict: 'approve',
  });
  sample = await event('rd_supervisor', RD_SAMPLES.api, sample, 'evaluate');
  sample = await event('rd_supervisor', RD_SAMPLES.api, sample, 'approve');
}, 120_000);

describe('recipes promote a sample choosing its flashpoint class by keyboard', () => {
  it('opens the class list without a refusal, Escape closes only the list, the fill keeps its share', async () => {
    const page = await rd.signedIn('recipes', '/rd/recipes');
    const cell = page.getByRole('gridcell', { name: String(sample.number), exact: true }).first();
    await cell.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Promote sample ${String(sample.number)}` });
    await dialog.waitFor();
    const code = dialog.getByRole('textbox', { name: 'Recipe code', exact: true });
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(`FLASH-${STAMP}`);

    // The flashpoint class, by keyboard: its list opens with the classes, and no refusal.
    const classes = dialog.getByRole('combobox', { name: 'Flashpoint class' });
    await classes.focus();
    await page.keyboard.press('ArrowDown');
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: /Class IIIB/ }).waitFor();
    await saveScreenshot(page, 'journey-rd-promote-flashpoint-list');
    expect(await page.getByText(/You are not allowed/).count()).toBe(0);
    // Escape closes the list, and only the list: the dialog keeps what was typed.
    await page.keyboard.press('Escape');
    await expect.poll(() => classes.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    expect(await code.inputValue()).toBe(`FLASH-${STAMP}`);
    // Down to class IIIB (the sample's 101 °C), taken with Enter.
    await page.keyboard.press('ArrowDown');
    await listbox.getByRole('option', { name: /Class IIIB/ }).waitFor();
    const highlighted = page.locator('[role="option"][data-combobox-selected]');
    for (let step = 0; step < 8; step += 1) {
      if ((await highlighted.count()) > 0 && /IIIB/.test(await highlighted.first().innerText())) {
        break;
      }
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => classes.inputValue()).toMatch(/^Class IIIB/);
    expect(await dialog.isVisible()).toBe(true);
    await saveScreenshot(page, 'journey-rd-promote-flashpoint-chosen');
    await dialog.getByRole('button', { name: 'Promote to recipe' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText(/You are not allowed/).count()).toBe(0);

    const [made] = await queryRows<{ recipe: number; flashpoint: string | null }>(
      db(),
      sql`select r.id::int as recipe, c.code as flashpoint
            from recipes r join products p on p.id = r.product_id
            left join parameters c on c.id = p.flashpoint_class_id
           where r.rd_sample_id = ${sample.id}`,
    );
    expect(made?.flashpoint).toBe('IIIB');

    // The draft recipe's fill line shows the share R&D showed: 100 − 9 = 91 %.
    await page.goto(`${rd.suite.server.url}/production/recipe/${made!.recipe}`);
    const fillPct = page.getByRole('textbox', { name: '% (line 2)' });
    await expect.poll(() => fillPct.inputValue()).toBe(String(100 - FLAVOUR_PCT));
    await saveScreenshot(page, 'journey-rd-promoted-recipe-fill-line');
  });
});
