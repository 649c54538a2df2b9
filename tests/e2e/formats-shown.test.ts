import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// docs/product.md §9 formats as people see them in the built app (real server, demo data,
// Chromium): a list's quantities in their unit and costs in CAD, a drawer's dates MM/DD/YYYY and
// counts grouped (chart axes are proven by the report chart's render test). Screenshots for a
// person to look at.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

/** A day or a moment as the API writes it: never shown to a person. */
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

describe('formats on screen', () => {
  it('a list says counts in their unit and costs in CAD', async () => {
    ({ context, page } = await openSignedIn(suite, 'admin', '/inventory/products'));
    await page.getByRole('gridcell').first().waitFor();
    // The quantity and cost columns are at the right of a wide grid, which draws only what shows.
    await page
      .locator('.ag-body-horizontal-scroll-viewport')
      .evaluate((el) => el.scrollBy(3000, 0));
    // A reorder point is grouped and says the product's unit, with that unit's decimals:
    // bulk liquid in ml keeps the qty column's three, a count of eaches none.
    await page
      .getByRole('gridcell', { name: /^\d{1,3}(,\d{3})*(\.\d{3})? (ml|ea)$/ })
      .first()
      .waitFor();
    await expect(page.getByRole('gridcell', { name: /^\d[\d,]*\.\d+ ea$/ }).count()).resolves.toBe(
      0,
    );
    await page
      .getByRole('gridcell', { name: /^\$\d[\d,]*\.\d{2,4}$/ })
      .first()
      .waitFor();
    await saveScreenshot(page, 'formats-list');
  });

  it('a drawer says its dates MM/DD/YYYY and its counts grouped', async () => {
    ({ context, page } = await openSignedIn(suite, 'admin', '/production/pending-reel-approvals'));
    await page.getByRole('gridcell').first().waitFor();
    await page.getByRole('row').nth(1).getByRole('gridcell').first().dblclick();
    const drawer = page.getByRole('dialog', { name: 'Reel' });
    const received = drawer
      .getByText('Received', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect(received.textContent()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(drawer.textContent()).resolves.not.toMatch(ISO_DATE);
    const stamps = drawer
      .getByText('Stamps', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect(stamps.textContent()).resolves.toMatch(/^\d{1,3}(,\d{3})*$/);
    await saveScreenshot(page, 'formats-drawer');
  });
});
