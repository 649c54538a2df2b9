import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import { call, tokenFor } from '../support/api-client.ts';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';
import type { EntityRow } from '../../src/domain/entities/entity-row.ts';

// The Inventory screens of their own in the real app (built SPA, real server, demo data, real
// Chromium): the change list opens a request's review page, a started count's page leads to
// its counting sheet, and the lookup answers a scan. Screenshots for a person to look at.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

async function api<T>(username: string, method: string, path: string, body?: object) {
  const token = await tokenFor(suite.server.url, username);
  const reply = await call<T>(suite.server.url, method, path, { token, body });
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.httpStatus} ${reply.message}`);
  return reply.data;
}

describe('inventory screens', () => {
  it("opens a change request's review from the product changes list", async () => {
    ({ context, page } = await openSignedIn(
      suite,
      'product_approval_admin',
      '/inventory/products_changes',
    ));
    // The demo's change request waiting for an approver.
    const cell = page.locator('[role="gridcell"][col-id="product_id"]').first();
    const sku = (await cell.innerText()).trim();
    await cell.dblclick();
    await page.waitForURL((url) => /^\/inventory\/product_changes\/\d+$/.test(url.pathname));
    await page.getByRole('table', { name: 'Proposed changes' }).waitFor();
    await page.getByRole('link', { name: sku }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await saveScreenshot(page, 'inventory-product-change');
  });

  it("leads from a started count's page to its counting sheet", async () => {
    const stock = await api<{ rows: EntityRow[] }>(
      'inventory',
      'GET',
      '/api/inventory/stock-on-hand?per_page=10',
    );
    const first = stock.rows[0] as EntityRow;
    const created = await api<EntityRow>('inventory', 'POST', STOCK_COUNTS.api, {
      location_id: first.location_id,
      scope: 'products',
      blind: 1,
      lines: [{ product_id: first.product_id }],
    });
    const scheduled = await api<EntityRow>(
      'inventory',
      'POST',
      `${STOCK_COUNTS.api}/${created.id}/events/schedule`,
      { version: created.version },
    );
    await api('inventory', 'POST', `${STOCK_COUNTS.api}/${created.id}/events/start`, {
      version: scheduled.version,
    });

    ({ context, page } = await openSignedIn(
      suite,
      'inventory',
      `/inventory/stock-count/${created.id}`,
    ));
    await page.getByRole('link', { name: 'Counting sheet' }).click();
    await page.waitForURL((url) => url.pathname === `/inventory/stock-count/${created.id}/sheet`);
    await page.getByText('0 of 1 counted').waitFor();
    await page.keyboard.type('12');
    await page.keyboard.press('Control+s');
    await page.getByText('Count sheet saved').waitFor();
    await page.getByText('1 of 1 counted').waitFor();
    await saveScreenshot(page, 'inventory-count-sheet');
    const saved = await api<EntityRow>('inventory', 'GET', `${STOCK_COUNTS.api}/${created.id}`);
    expect((saved.lines as EntityRow[])[0]?.counted_qty).toBe(12);
  });

  it('answers a scanned code with the product and where its stock is', async () => {
    const changes = await api<{ rows: EntityRow[] }>('admin', 'GET', PRODUCT_CHANGES.api);
    const sku = String(changes.rows[0]?.product_sku);
    ({ context, page } = await openSignedIn(suite, 'inventory', '/inventory/product/fetch'));
    await page.getByLabel('SKU or UPC').waitFor();
    // A scanner types into whatever has the cursor, then presses Enter.
    await page.keyboard.type(sku);
    await page.keyboard.press('Enter');
    const card = page.getByTestId('product-card');
    await card.getByRole('heading', { name: sku }).waitFor();
    await card.getByRole('table', { name: 'Availability by location and lot' }).waitFor();
    await saveScreenshot(page, 'inventory-product-lookup');
  });
});
