import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLOWS } from '../../../src/domain/entities/production/flows.entity.ts';
import { PRODUCTION_ORDERS } from '../../../src/domain/entities/production/production-orders.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { call, tokenFor } from '../../support/api-client.ts';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// Journey (Everyone): find any record they may open by typing its number, code or name
// (Ctrl+K), and open it. Planning finds a production order by its number with the keyboard
// only; inventory finds a product by its SKU and a lot by its number with the mouse.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;
let order: EntityRow & { number: string };
let product: EntityRow & { sku: string; name: string };

async function api<T>(username: string, method: string, path: string, body?: object) {
  const token = await tokenFor(suite.server.url, username);
  const reply = await call<T>(suite.server.url, method, path, { token, body });
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.httpStatus} ${reply.message}`);
  return reply.data;
}

beforeAll(async () => {
  suite = await startShellSuite();
  const sku = 'FG-MANGO-06-30';
  const found = await api<{ rows: (EntityRow & { sku: string; name: string })[] }>(
    'inventory',
    'GET',
    `${PRODUCTS.api}?filter[0][field]=sku&filter[0][field_type]=text&filter[0][filters][0][operator]=equals&filter[0][filters][0][value]=${sku}`,
  );
  product = found.rows[0] as typeof product;
  const flows = await api<{ rows: EntityRow[] }>('admin', 'GET', `${FLOWS.api}?per_page=1`);
  // Set-up planning would have made on another day: an order to find.
  order = await api<EntityRow & { number: string }>('planning', 'POST', PRODUCTION_ORDERS.api, {
    product_id: product.id,
    flow_id: flows.rows[0]?.id,
    planned_units: 120,
    due_date: '2026-12-15',
  });
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

const searchBox = () => page.getByPlaceholder('Search pages, or records by number, code or name…');
const recordHit = (label: string) =>
  page.locator('.mantine-Spotlight-action').filter({
    has: page.locator('.mantine-Spotlight-actionLabel', { hasText: label }),
  });

/** The order's detail page, headed by its number: its whole story. */
async function expectOrderDetail() {
  await page.waitForURL((url) => url.pathname === `/production/production-orders/${order.id}`);
  await page.getByRole('heading', { name: `Production order ${order.number}` }).waitFor();
}

describe('everyone finds a record by typing', () => {
  it('planning: Ctrl+K, the order number, Enter — and the order is open', async () => {
    ({ context, page } = await openSignedIn(suite, 'planning', '/dashboard'));
    await page.keyboard.press('Control+k');
    await searchBox().waitFor();
    await page.keyboard.type(order.number);
    await recordHit(order.number).waitFor();
    // The exact match heads the list and is the one selected.
    expect(
      await page.locator('.mantine-Spotlight-action').first().getAttribute('data-selected'),
    ).toBe('true');
    // The group's name is drawn from a CSS variable.
    expect(
      await page
        .locator('.mantine-Spotlight-actionsGroup')
        .first()
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--spotlight-label')),
    ).toBe("'Records'");
    await saveScreenshot(page, 'journey-search-order-number');

    await page.keyboard.press('Enter');
    await expectOrderDetail();
    await saveScreenshot(page, 'journey-search-order-opened');
  });

  it('planning: a number typed and sent at once still opens the order', async () => {
    ({ context, page } = await openSignedIn(suite, 'planning', '/dashboard'));
    await page.keyboard.press('Control+k');
    await searchBox().waitFor();
    await page.keyboard.type(order.number);
    await page.keyboard.press('Enter');
    await expectOrderDetail();
  });

  it('inventory: clicks search, types a SKU, clicks the product', async () => {
    ({ context, page } = await openSignedIn(suite, 'inventory', '/dashboard'));
    await page.getByRole('button', { name: 'Search pages' }).first().click();
    await searchBox().pressSequentially(product.sku.toLowerCase());
    const hit = recordHit(product.sku).first();
    await hit.waitFor();
    expect(await hit.innerText()).toContain('Product');
    // inventory may not open production orders: none is offered.
    await searchBox().fill(order.number);
    await page.getByText('No page matches and no record').waitFor();

    await searchBox().fill(product.sku.toLowerCase());
    await recordHit(product.sku).first().click();
    await page.waitForURL((url) => url.pathname === `/inventory/products/${product.id}`);
    await expect
      .poll(() => page.getByLabel('SKU', { exact: true }).first().inputValue())
      .toBe(product.sku);
    await saveScreenshot(page, 'journey-search-product-opened');
  });

  it('inventory: a lot number opens stock on hand filtered to that lot', async () => {
    const lots = await api<{ rows: (EntityRow & { lot_no: string })[] }>(
      'inventory',
      'GET',
      '/api/inventory/stock-on-hand?per_page=1',
    );
    const lotNo = lots.rows[0]?.lot_no ?? '';
    expect(lotNo).not.toBe('');
    ({ context, page } = await openSignedIn(suite, 'inventory', '/dashboard'));
    await page.keyboard.press('Control+k');
    await searchBox().pressSequentially(lotNo);
    await recordHit(lotNo).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/inventory/stock-on-hand');
    await page
      .getByRole('group', { name: 'Active filters' })
      .getByText(`Lot = “${lotNo}”`)
      .waitFor();
    // The filter's chip shows as the filter is set; the rows follow when the server answers.
    const lotsShown = async () => {
      const cells = await page.locator('[role="gridcell"][col-id="lot_id"]').allInnerTexts();
      return [...new Set(cells.map((cell) => cell.trim()))];
    };
    await expect.poll(lotsShown).toEqual([lotNo]);
    await saveScreenshot(page, 'journey-search-lot-opened');
  });
});
