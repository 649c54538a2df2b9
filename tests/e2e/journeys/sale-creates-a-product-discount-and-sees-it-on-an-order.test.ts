import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNTS } from '../../../modules/sales/shared/entities/discounts.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { arrowTo, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (docs/journeys.md, Sales): sale creates a discount on one product, picking
// the product in the picker the scope "Product" brings (never an id to type), and sees the
// discount applied on a draft order of that product for the demo's key account. Once by
// mouse, once by keyboard, each on a product of its own.

const sales = journey('journey-sale-discount', 180_000);
let page: Page;
let skus: string[] = [];

beforeAll(async () => {
  // Finished goods the wholesale tier prices (the key account's tier).
  const goods = await queryRows<{ sku: string }>(
    sales.suite.server.server.database.db,
    sql`select p.sku from products p
         where p.type = 'finished_good' and p.status = 'active'
           and exists (select 1 from price_tier_prices tp join price_tiers t on t.id = tp.price_tier_id
                        where tp.product_id = p.id and t.code = 'WHOLESALE')
         order by p.sku limit 2`,
  );
  skus = goods.map((g) => g.sku);
  expect(skus).toHaveLength(2);
  page = await sales.signedIn('sale', '/discounts');
});

async function serverDiscount(code: string) {
  const url = sales.suite.server.url;
  const api = entityClient(url, await tokenFor(url, 'sale'));
  // The demo has a handful of discounts: one page holds them all.
  const list = await api.get<List>(DISCOUNTS.api, { limit: 200 });
  return list.data.rows.find((r) => r.code === code);
}

/** A draft order of `sku` for the key account; its totals name the discount. */
async function orderShowsDiscount(sku: string, code: string) {
  await page.goto(`${sales.suite.server.url}/sale/new`);
  await pick(page, 'Customer', 'Maple Leaf Vape Distribution', 'Maple');
  await pick(page, 'Ship from', 'Main warehouse', 'Main');
  await page.getByRole('button', { name: 'Add line' }).click();
  await pick(page, 'Product (line 1)', sku);
  await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('6');
  await save(page, /^\/sale\/\d+$/);
  await expect
    .poll(() => page.getByLabel('Order totals').innerText())
    .toMatch(new RegExp(`Discounts −\\$[\\d,.]+ \\(${code}\\)`));
}

describe('sale creates a product discount and sees it on an order', () => {
  it('by mouse', async () => {
    const code = 'E2E-PROD-M';
    await page.getByRole('button', { name: 'New discount' }).click();
    await page.waitForURL((url) => url.pathname === '/discount/new');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fifteen off one juice');
    await page.getByRole('textbox', { name: 'Value (% or CAD per unit)' }).fill('15');
    // "Every line" names no row: no picker until a scope that does.
    expect(await page.getByRole('combobox', { name: 'Product', exact: true }).count()).toBe(0);
    await pick(page, 'Applies to', 'Product');
    await pick(page, 'Product', skus[0]!);
    await saveScreenshot(page, 'journey-sale-discount-form');
    await save(page, /^\/discount\/\d+$/);
    expect(await serverDiscount(code)).toMatchObject({ scope: 'product', scope_name: skus[0] });
    await orderShowsDiscount(skus[0]!, code);
    await saveScreenshot(page, 'journey-sale-discount-order');
  });

  it('by keyboard', async () => {
    const code = 'E2E-PROD-K';
    await page.goto(`${sales.suite.server.url}/discount/new`);
    // The first field has the cursor.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Code');
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Fifteen off another juice');
    await page.getByRole('textbox', { name: 'Value (% or CAD per unit)' }).focus();
    await page.keyboard.type('15');
    const scope = page.getByRole('combobox', { name: 'Applies to', exact: true });
    await scope.focus();
    // ArrowDown opens the list on the current choice (Every line); walk down to Product.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await arrowTo(page, 'Product');
    await page.keyboard.press('Enter');
    await expect.poll(() => scope.inputValue()).toBe('Product');
    // Saving without the product says which is missing.
    await page.keyboard.press('Control+s');
    await page.getByText('Product is required').waitFor();
    await page.getByRole('combobox', { name: 'Product', exact: true }).focus();
    await typeAndChoose(page, skus[1]!, skus[1]!);
    await page.keyboard.press('Control+s');
    await page.waitForURL((url) => /^\/discount\/\d+$/.test(url.pathname));
    expect(await serverDiscount(code)).toMatchObject({ scope: 'product', scope_name: skus[1] });
    await orderShowsDiscount(skus[1]!, code);
  });
});
