import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { readPdf } from '../../support/pdf-text.ts';

// Journey (docs/journeys.md, Sales): anyone with access traces a lot both ways — raw
// lot → batch → bottles → stamps → customers, and the customer's order back to the batch, its
// raw lots, HPLC result and CoA — and downloads the recall report in one click. On the demo's
// traced lot: the lab's nicotine lot NRL-FB-2611-A went into MO-00001, whose stamped units
// reached customer C-0002 (server/db/demo/demo-trace.ts). QA by keyboard, inventory by mouse.

const j = journey('lot-trace', 300_000);

const RAW_LOT = 'NRL-FB-2611-A';
const CUSTOMER = 'C-0002 Cloud Nine Vape Shop';

const records = (page: Page) => page.getByRole('region', { name: 'Traced records' });
/** The table's row of the record of that kind and number (its cells, exactly). */
const row = (page: Page, kind: string, text: string) =>
  records(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) })
    .first();

/** The table holds each record of the chain, on its side of the anchor. */
async function expectRows(page: Page, rows: ReadonlyArray<[string, string, string]>) {
  for (const [side, kind, text] of rows) {
    // Polled: right after the URL changes, the previous trace's table may still be shown.
    await expect.poll(() => row(page, kind, text).getByText(side, { exact: true }).count()).toBe(1);
  }
}

describe('anyone traces a lot to customers and back', () => {
  it('by keyboard: a typed raw lot forward to its customer, then the customer back', async () => {
    const page = await j.signedIn('qa_manager', '/inventory/trace', DESK);
    const box = page.getByRole('textbox', { name: 'Lot number' });
    await box.focus();
    await page.keyboard.type(RAW_LOT);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('from')?.startsWith('lot:') === true);
    await expectRows(page, [
      ['Traced', 'Lot', RAW_LOT],
      ['Reached', 'Lot', 'MO-00001-B'],
      ['Reached', 'Stamp reel', 'RL-ON-24003'],
      ['Reached', 'Skid', 'SK-0002'],
      ['Reached', 'Customer', CUSTOMER],
    ]);
    await page.getByRole('img', { name: /Trace graph of \d+ records/ }).waitFor();
    await saveScreenshot(page, 'journey-lot-trace-forward');
    await row(page, 'Customer', CUSTOMER)
      .getByRole('link', { name: `Trace from Customer ${CUSTOMER}` })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('from')?.startsWith('customer:') === true);
    await expectRows(page, [
      ['Traced', 'Customer', CUSTOMER],
      ['Behind', 'Production order', 'MO-00001'],
      ['Behind', 'Lot', RAW_LOT],
      ['Behind', 'CoA', 'CoA-NRL-FB-2611-A.txt'],
      ['Behind', 'HPLC result', 'HR-00001'],
    ]);
    await saveScreenshot(page, 'journey-lot-trace-customer-back');
  });

  it('by mouse: the finished lot, its customer clicked in the graph, the recall report', async () => {
    const page = await j.signedIn('inventory', '/inventory/trace', DESK);
    await page.getByRole('textbox', { name: 'Lot number' }).click();
    await page.getByRole('textbox', { name: 'Lot number' }).fill('MO-00001');
    await page.getByRole('button', { name: 'Trace', exact: true }).click();
    await expectRows(page, [
      ['Traced', 'Lot', 'MO-00001'],
      ['Behind', 'Lot', RAW_LOT],
      ['Reached', 'Customer', CUSTOMER],
    ]);
    await page
      .getByRole('link', { name: `Trace from Customer ${CUSTOMER}` })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get('from')?.startsWith('customer:') === true);
    // The customer's own trace, not the lot's still shown: both have the raw lot behind them,
    // and the recall report is of whatever trace is on screen.
    await expectRows(page, [
      ['Traced', 'Customer', CUSTOMER],
      ['Behind', 'Lot', RAW_LOT],
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download recall report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recall-C-0002.*\.pdf$/);
    const pdf = readPdf(await readFile(await download.path()));
    expect(pdf.text).toContain('Cloud Nine Vape Shop');
    expect(pdf.text).toContain('MO-00001');
    expect(pdf.text).toContain(RAW_LOT);
  });
});
