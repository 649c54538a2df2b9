import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../../modules/general/shared/entities/settings.entity.ts';
import { call, tokenFor } from '../../support/api-client.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { addLineWithProduct, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (docs/journeys.md, Administration): "Edit company settings as a form with labelled fields
// (not raw JSON); set up a tax setup for a province". The admin opens the company's settings
// from the settings list, edits them with the mouse and then with the keyboard, and each save
// is still there after a reload. Then a tax setup for Prince Edward Island (none in the demo)
// is set up with the mouse and listed with its rate, then seen at work on a document: a purchase
// order under that setup carries its 15 % HST, computed by the server.

const KEY = 'general.company';
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Company settings' });

describe('admin edits company settings and sets up a tax', () => {
  let suite: ShellSuite;
  let context: BrowserContext;
  let page: Page;

  const companyCell = () => page.getByRole('gridcell', { name: KEY, exact: true });
  const stored = async () => {
    const token = await tokenFor(suite.server.url, 'admin');
    const list = await call<{ rows: { key: string; value: Record<string, unknown> }[] }>(
      suite.server.url,
      'GET',
      `${SETTINGS.api}?per_page=100`,
      { token },
    );
    return list.data.rows.find((r) => r.key === KEY)?.value ?? {};
  };

  /** Double-clicks the company's row until its form opens (the live grid may redraw under
   * the first click). */
  const openCompany = async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await companyCell().dblclick();
      try {
        await drawer(page).waitFor({ timeout: 4_000 });
        return;
      } catch {
        // Redrawn under the click: click again.
      }
    }
    await drawer(page).waitFor();
  };

  beforeAll(async () => {
    suite = await startShellSuite();
    ({ context, page } = await openSignedIn(suite, 'admin', '/general/settings', {
      viewport: { width: 1400, height: 900 },
    }));
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await saveFailureScreenshot(page, 'admin-settings-journey-failed');
  });
  afterAll(async () => {
    await context?.close();
    await suite?.close();
  });

  it('edits the company settings in labelled fields with the mouse; they persist', async () => {
    await openCompany();
    const form = drawer(page);
    // Labelled fields, not the value's JSON.
    await expect(form.getByRole('textbox', { name: 'Company name' }).inputValue()).resolves.toBe(
      'Northern Vapour Labs Inc.',
    );
    await expect(form.getByText('"name"').count()).resolves.toBe(0);
    await form.getByRole('textbox', { name: 'Phone' }).fill('+1 905 555 0199');
    await pick(page, 'Province', 'Prince Edward Island', 'Prince');
    await saveScreenshot(page, 'admin-company-settings');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.reload();
    await openCompany();
    await expect(drawer(page).getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toBe(
      '+1 905 555 0199',
    );
    // The picker names its province once its option has loaded.
    await expect
      .poll(() =>
        drawer(page).getByRole('combobox', { name: 'Province', exact: true }).inputValue(),
      )
      .toBe('Prince Edward Island');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    expect(await stored()).toMatchObject({ phone: '+1 905 555 0199' });
  });

  it('edits them with the keyboard: a required name is said, then the save persists', async () => {
    await companyCell().focus();
    await page.keyboard.press('Enter');
    const form = drawer(page);
    // The first field has the focus.
    const name = form.getByRole('textbox', { name: 'Company name' });
    await name.and(page.locator(':focus')).waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await form.getByText('Company name is required').waitFor();
    await page.keyboard.type('Northern Vapour Labs East Inc.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10 Water Street, Charlottetown, PE C1A 1A1');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(
      form
        .getByRole('textbox', { name: 'Excise licence' })
        .evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await page.reload();
    await companyCell().focus();
    await page.keyboard.press('Enter');
    await expect(
      drawer(page).getByRole('textbox', { name: 'Company name' }).inputValue(),
    ).resolves.toBe('Northern Vapour Labs East Inc.');
    await page.keyboard.press('Escape');
    expect(await stored()).toMatchObject({
      name: 'Northern Vapour Labs East Inc.',
      address: '10 Water Street, Charlottetown, PE C1A 1A1',
    });
  });

  it('sets up the HST of Prince Edward Island, listed with its rate', async () => {
    await page.goto(`${suite.server.url}/general/tax_setup`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Prince Edward Island HST');
    await pick(page, 'Province', 'Prince Edward Island', 'Prince');
    await page.getByRole('textbox', { name: 'Effective from' }).fill('04/01/2016');
    // The calendar under the date closes; the taxes are lines of the setup.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('combobox', { name: 'Tax (line 1)', exact: true }).click();
    await page.getByRole('option', { name: 'HST', exact: true }).click();
    await page.getByRole('textbox', { name: 'Rate % (line 1)', exact: true }).fill('15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/general\/tax_setup\/\d+$/);
    await page.goto(`${suite.server.url}/general/tax_setups`);
    const row = page.getByRole('row').filter({ hasText: 'Prince Edward Island HST' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/HST[\s\S]*15/);
    await saveScreenshot(page, 'admin-tax-setups');
  });

  it('sees the HST used on a purchase order: 15 % of its taxable lines', async () => {
    await page.goto(`${suite.server.url}/purchase`);
    await pick(page, 'Supplier', 'Great Lakes Glycols', 'Great Lakes');
    await pick(page, 'Ship to', 'Main warehouse', 'Main');
    await pick(page, 'Tax setup', 'Prince Edward Island HST', 'Prince');
    await addLineWithProduct(page, 'RM-NIC-SALT-100');
    await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('100');
    await page.getByRole('textbox', { name: 'Unit price (line 1)', exact: true }).fill('2');
    await save(page, /^\/purchase\/\d+$/);
    // 100 × $2.00 = $200.00; the setup's HST at 15 % is $30.00, the total $230.00.
    const totals = page.getByLabel('Order totals');
    await expect
      .poll(() => totals.innerText())
      .toMatch(/Subtotal \$200\.00 · HST \$30\.00 · Total \$230\.00/);
    await saveScreenshot(page, 'admin-tax-on-a-purchase-order');
  });

  it('by keyboard: a second order under the same setup, saved with Ctrl+S', async () => {
    await page.goto(`${suite.server.url}/purchase`);
    await page.getByRole('combobox', { name: 'Supplier', exact: true }).focus();
    await typeAndChoose(page, 'Maple', 'Maple Packaging');
    await page.getByRole('combobox', { name: 'Ship to', exact: true }).focus();
    await typeAndChoose(page, 'Main', 'Main warehouse');
    await page.getByRole('combobox', { name: 'Tax setup', exact: true }).focus();
    await typeAndChoose(page, 'Prince', 'Prince Edward Island HST');
    await addLineWithProduct(page, 'RM-NIC-SALT-100');
    await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).focus();
    await page.keyboard.type('40');
    await page.keyboard.press('Tab');
    await page.getByRole('textbox', { name: 'Unit price (line 1)', exact: true }).focus();
    await page.keyboard.type('2.5');
    await page.keyboard.press('Control+s');
    await page.waitForURL((url) => /^\/purchase\/\d+$/.test(url.pathname));
    // 40 × $2.50 = $100.00, and 15 % HST on it.
    await expect
      .poll(() => page.getByLabel('Order totals').innerText())
      .toMatch(/Subtotal \$100\.00 · HST \$15\.00 · Total \$115\.00/);
  });
});
