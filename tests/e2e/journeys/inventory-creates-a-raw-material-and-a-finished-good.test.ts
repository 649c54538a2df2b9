import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List } from '../../support/entity-crud.ts';
import { journey, LAPTOP } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Inventory): inventory creates a raw material and a
// finished good, the finished good's recipe, HPLC category and stamp jurisdiction from typed
// pickers, on a 1366 × 768 screen. A new product is a change request an approver checks
// (maker-checker), so each save says "sent for approval" and the product waits for it.

const products = journey('journey-inventory-products', 180_000);
let page: Page;
const STAMP = Date.now().toString(36).toUpperCase();
const RAW_SKU = `RM-${STAMP}`;
const GOOD_SKU = `FG-${STAMP}`;

beforeAll(async () => {
  page = await products.signedIn('inventory', '/inventory/products/new', LAPTOP);
});

const picker = (label: string) => page.getByRole('combobox', { name: label, exact: true });
const requiredStar = (label: string) =>
  page.locator('label', { hasText: label }).locator('.mantine-InputWrapper-required');

/** Picks by typing into the picker and choosing with the arrow keys and Enter. */
async function pickWithKeyboard(label: string, typed: string, option: string | RegExp) {
  await picker(label).focus();
  await page.keyboard.type(typed);
  // The list narrows as one types: the first option is a match.
  await expect.poll(() => page.getByRole('option').first().innerText()).toMatch(option);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => picker(label).inputValue()).toMatch(option);
}

/** Picks with the mouse: open the list, click the option. */
async function pickWithMouse(label: string, option: string) {
  await picker(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => picker(label).inputValue()).toBe(option);
}

async function saveAndExpectRequest() {
  // The last save's notice may still show: wait for this save's own change set number.
  const notices = page.getByText(/^Sent for approval as CS-\d+/);
  const before = new Set(await notices.allInnerTexts());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await notices.allInnerTexts()).some((text) => !before.has(text)))
    .toBe(true);
  // The new product does not exist until approved: back to the list it will join.
  await page.waitForURL((url) => url.pathname === '/inventory/products');
}

async function submittedRequests(): Promise<Record<string, unknown>[]> {
  const admin = entityClient(
    products.suite.server.url,
    await tokenFor(products.suite.server.url, 'admin'),
  );
  const list = await admin.get<List>('/api/inventory/product_changes', { per_page: 100 });
  return list.data.rows.filter((r) => r.status === 'submitted' && r.action === 'create');
}

describe('inventory creates a raw material and a finished good', () => {
  it('keeps Save in reach on a 1366 × 768 screen and the first picker closed', async () => {
    await page.getByRole('textbox', { name: 'SKU', exact: true }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await saveScreenshot(page, 'journey-inventory-product-form-1366');
  });

  it('creates a raw material, the unit picked with the keyboard', async () => {
    // The cursor starts in SKU; Tab moves on to Name.
    await page.keyboard.type(RAW_SKU);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Glycerin USP (vegetable)');
    await pickWithMouse('Type', 'Raw material');
    await pickWithKeyboard('Unit', 'kg', 'kg');
    await saveAndExpectRequest();
    const raw = (await submittedRequests()).find(
      (r) => (r.proposed as Record<string, unknown> | undefined)?.sku === RAW_SKU,
    );
    expect(raw?.proposed).toMatchObject({ type: 'raw_material', status: 'active' });
  });

  it('creates a finished good, its required pickers marked before saving', async () => {
    await page
      .getByRole('button', { name: /New|Add/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/inventory/products/new');
    await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(GOOD_SKU);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mango Ice 30 ml 6 mg');
    expect(await requiredStar('Recipe').count()).toBe(0);
    await pickWithMouse('Type', 'Finished good');
    // An active finished good needs a volume; with nicotine, a recipe and an HPLC category.
    await expect.poll(() => requiredStar('Volume (ml)').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Nicotine (mg/ml)', exact: true }).fill('6');
    await expect.poll(() => requiredStar('Recipe').count()).toBe(1);
    await expect.poll(() => requiredStar('HPLC category').count()).toBe(1);
    await saveScreenshot(page, 'journey-inventory-finished-good-required');

    // Saving too early names what is missing, without asking the server.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Recipe is required').waitFor();
    await page.getByText('HPLC category is required').waitFor();

    await pickWithKeyboard('Unit', 'ea', 'ea');
    await page.getByRole('textbox', { name: 'Volume (ml)', exact: true }).fill('30');
    await pickWithKeyboard('Recipe', 'R-', /^R-/);
    await picker('HPLC category').click();
    await page.getByRole('option').first().click();
    // The stamp jurisdiction picker offers jurisdictions only, not every lookup value.
    await picker('Stamp jurisdiction').click();
    await page.getByRole('option', { name: 'Ontario', exact: true }).waitFor();
    const offered = await page.getByRole('option').allInnerTexts();
    expect(offered).toContain('Quebec');
    expect(offered).not.toContain('Drum 200 L');
    expect(offered).not.toContain('Expired');
    await saveScreenshot(page, 'journey-inventory-stamp-jurisdiction-picker');
    await page.getByRole('option', { name: 'Ontario', exact: true }).click();
    await saveScreenshot(page, 'journey-inventory-finished-good-filled');
    await saveAndExpectRequest();

    const requests = await submittedRequests();
    const good = requests.find(
      (r) => (r.proposed as Record<string, unknown> | undefined)?.sku === GOOD_SKU,
    );
    expect(good?.proposed).toMatchObject({
      type: 'finished_good',
      nicotine_mg: 6,
      volume_ml: 30,
      recipe_id: expect.any(Number) as unknown,
      hplc_category_id: expect.any(Number) as unknown,
      stamp_jurisdiction_id: expect.any(Number) as unknown,
    });
  });
});
