import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';

// Journey (Everyone): share a filtered list by its URL; export exactly the rows on screen.
// Inventory filters the products list (keyboard for one filter, mouse for the other) and
// sorts it; the address, opened in another browser by another user with access, shows the
// same rows; there a chip is removed with the keyboard, and the CSV export holds exactly the
// rows the list then shows, in its order.

let suite: ShellSuite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await suite?.close();
});

async function signedIn(username: string, path: string): Promise<Page> {
  const { context, page } = await openSignedIn(suite, username, path);
  contexts.push(context);
  return page;
}

/** The SKU column of the rows the grid has drawn, in row order. */
function shownSkus(page: Page): Promise<string[]> {
  return page.locator('[role="gridcell"][col-id="sku"]').evaluateAll((cells) =>
    cells
      .map((cell) => ({
        index: Number(cell.closest('[row-index]')?.getAttribute('row-index')),
        sku: cell.textContent?.trim() ?? '',
      }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.sku),
  );
}

const rowCount = (page: Page) => page.getByTestId('row-count').innerText();
const chips = (page: Page) => page.getByRole('group', { name: 'Active filters' });

let sharedUrl = '';
let expectedSkus: string[] = [];
let expectedCount = '';

describe('everyone shares a filtered list', () => {
  it('inventory filters and sorts the products; the URL says so', async () => {
    const page = await signedIn('inventory', '/inventory/products');
    await page.getByText(/^Rows \d/).waitFor();
    const before = await rowCount(page);

    // Keyboard: open the SKU filter, type (contains is the default for text), Enter.
    await page.getByRole('button', { name: 'Filter SKU' }).click();
    const skuForm = page.getByRole('form', { name: 'Filter SKU' });
    await skuForm.getByLabel('Value').fill('');
    await skuForm.getByLabel('Value').pressSequentially('mango');
    await page.keyboard.press('Enter');
    await chips(page).getByText('SKU contains “mango”').waitFor();

    // Mouse: the Name filter, Apply.
    await page.getByRole('button', { name: 'Filter Name' }).click();
    const nameForm = page.getByRole('form', { name: 'Filter Name' });
    await nameForm.getByLabel('Value').fill('30 ml');
    await nameForm.getByRole('button', { name: 'Apply' }).click();
    await chips(page).getByText('Name contains “30 ml”').waitFor();
    // The sorted page is the answer to compare against: read before it lands, the grid
    // still shows the previous order.
    const sortedPage = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname.endsWith('/products') && url.searchParams.get('sort[field]') === 'name';
    });
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    const sortedSkus = (
      (await (await sortedPage).json()) as { data: { rows: { sku: string }[] } }
    ).data.rows.map((row) => row.sku);
    await expect.poll(() => rowCount(page)).not.toBe(before);
    await expect.poll(() => shownSkus(page)).toEqual(sortedSkus);

    const url = new URL(page.url());
    expect(url.pathname).toBe('/inventory/products');
    expect(JSON.parse(url.searchParams.get('f') ?? '[]')).toEqual([
      ['sku', 'text', [['contains', 'mango']]],
      ['name', 'text', [['contains', '30 ml']]],
    ]);
    expect(url.searchParams.get('sort')).toBe('name:asc');

    await expect.poll(() => shownSkus(page).then((s) => s.length)).toBeGreaterThan(0);
    expectedSkus = await shownSkus(page);
    for (const sku of expectedSkus) expect(sku).toContain('MANGO');
    expectedCount = await rowCount(page);
    sharedUrl = `${url.pathname}${url.search}`;
    await saveScreenshot(page, 'journey-share-filtered-list');
  });

  it('admin opens the shared URL in a fresh browser and sees the same rows', async () => {
    const page = await signedIn('admin', sharedUrl);
    await chips(page).getByText('SKU contains “mango”').waitFor();
    await chips(page).getByText('Name contains “30 ml”').waitFor();
    await expect.poll(() => rowCount(page)).toBe(expectedCount);
    await expect.poll(() => shownSkus(page)).toEqual(expectedSkus);
    const nameColumn = page
      .getByTestId('header-name')
      .locator('xpath=ancestor::*[@role="columnheader"]');
    await expect.poll(() => nameColumn.getAttribute('aria-sort')).toBe('ascending');
    await saveScreenshot(page, 'journey-share-opened-by-admin');

    // A focused chip goes with Delete; the list and its URL follow.
    await chips(page)
      .getByLabel(/^Filter: Name contains/)
      .focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => rowCount(page)).not.toBe(expectedCount);
    expect(
      await chips(page)
        .getByLabel(/^Filter: /)
        .count(),
    ).toBe(1);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('f'))
      .toBe(JSON.stringify([['sku', 'text', [['contains', 'mango']]]]));

    // The export sends the grid's filter and sort: exactly the rows shown, in their order.
    const total = Number(/of ([\d,]+)/.exec(await rowCount(page))?.[1]?.replace(',', ''));
    const shown = await shownSkus(page);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...lines] = text.trim().split(/\r?\n/);
    const skuAt = header.split(',').indexOf('SKU');
    expect(skuAt).toBeGreaterThanOrEqual(0);
    const exported = lines.map((line) => line.split(',')[skuAt]?.replace(/^"|"$/g, ''));
    expect(exported).toHaveLength(total);
    expect(exported.slice(0, shown.length)).toEqual(shown);
    for (const sku of exported) expect(sku).toContain('MANGO');
    await saveScreenshot(page, 'journey-share-chip-removed');
  });
});
