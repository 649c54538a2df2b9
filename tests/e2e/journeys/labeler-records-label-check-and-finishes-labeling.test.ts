import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { floorOrder, type FloorSetup } from '../../support/floor-order.ts';

// Journey (docs/journeys.md, Production): the labeler records the label check, scanning the UPC and
// the lot, and finishes labeling, from the production dashboard. A scanner types and presses
// Enter, so the keyboard path is the scanner's: a wrong label is scanned first and recorded as
// failed with its reason, then the right one passes, and only then may labeling finish. The
// order was planned, batched, tested and bottled through the API by the roles that do that.

const card = (page: Page, number: string) =>
  page.locator(`section[data-column="labeling"] [data-order="${number}"]`);

// The form mounts once the orders in labeling have loaded, and its UPC field then takes the
// focus; a scanner's keys sent before that would land nowhere, as they would for a person.
async function scannerReady(page: Page) {
  const upc = page.getByRole('dialog').getByRole('textbox', { name: 'Scanned UPC' });
  await expect
    .poll(() => upc.evaluate((el) => el === document.activeElement).catch(() => false))
    .toBe(true);
}

describe('labeler records the label check and finishes labeling', () => {
  let suite: ShellSuite;
  let context: BrowserContext;
  let page: Page;
  let setup: FloorSetup;

  beforeAll(async () => {
    suite = await startShellSuite();
    setup = await floorOrder(suite.server.url, 'labeling');
    ({ context, page } = await openSignedIn(suite, 'labeler', '/production/production-dashboard', {
      viewport: { width: 1600, height: 900 },
    }));
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureScreenshot(page, 'labeler-journey-failed');
  });
  afterAll(async () => {
    await context?.close();
    await suite?.close();
  });

  it('scans a wrong label: it is recorded as failed with the mismatch, and labeling cannot finish', async () => {
    const order = card(page, setup.order.number);
    await order.waitFor();
    await expect(order.getByRole('button', { name: 'Finish labeling' }).count()).resolves.toBe(0);
    await order.getByRole('button', { name: 'Record label check' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record label check' });
    await expect(dialog.locator('[data-expected="Expected UPC"]').textContent()).resolves.toBe(
      setup.upc,
    );
    await expect(dialog.locator('[data-expected="Expected lot"]').textContent()).resolves.toBe(
      setup.order.number,
    );
    // The scanner: the UPC field has the focus; it types and presses Enter, twice.
    await scannerReady(page);
    await page.keyboard.type('000000000017');
    await dialog.getByText('Does not match the expected UPC').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type(setup.order.number);
    await page.keyboard.press('Enter');
    // A mismatch is not recorded on Enter: the reason comes first, filled with what is wrong.
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await reason.waitFor();
    await expect(reason.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(reason.inputValue()).resolves.toContain('UPC 000000000017 is not');
    await expect(dialog.getByRole('radio', { name: 'Pass' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'labeler-journey-mismatch');
    await reason.fill('Wrong label on the roll');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await order.locator('[data-label-check="fail"]').waitFor();
    await expect(order.getByRole('button', { name: 'Finish labeling' }).count()).resolves.toBe(0);
    expect((await setup.read()).last_label_check).toBe('fail');
  });

  it('scans the right label with the keyboard: it passes and the card offers Finish labeling', async () => {
    const order = card(page, setup.order.number);
    await order.getByRole('button', { name: 'Record label check' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record label check' });
    await dialog.waitFor();
    await scannerReady(page);
    await page.keyboard.type(setup.upc);
    await page.keyboard.press('Enter');
    await page.keyboard.type(setup.order.number);
    await dialog.getByText('The label matches').waitFor();
    await saveScreenshot(page, 'labeler-journey-match');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await order.locator('[data-label-check="pass"]').waitFor();
    await expect(order.getByRole('button', { name: 'Record label check' }).count()).resolves.toBe(
      0,
    );
    await saveScreenshot(page, 'labeler-journey-passed');
  });

  it('finishes labeling with the counts, and the order leaves labeling', async () => {
    const order = card(page, setup.order.number);
    await order.getByRole('button', { name: 'Finish labeling' }).click();
    const dialog = page.getByRole('dialog');
    const labeled = dialog.getByRole('textbox', { name: 'Labeled units' });
    await labeled.fill('117');
    await dialog.getByRole('textbox', { name: 'Label waste units' }).fill('3');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await order.waitFor({ state: 'detached' });
    const done = await setup.read();
    expect(done.labeled_units).toBe(117);
    expect(done.stage).not.toBe('labeling');
  });
});
