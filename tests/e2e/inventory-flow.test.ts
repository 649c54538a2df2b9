import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api-client.ts';
import {
  browserToken,
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';
// Runs a workflow action, confirming one that moves stock for good.
import { act } from '../support/e2e-stock.ts';

// Inventory as people do it: an inventory clerk creates a product, receives it,
// transfers part to another site and counts what is left, with a variance an administrator
// approves; the administrator's stock-on-hand grid, filtered to the product, follows every
// posting live without a reload and exports exactly its filtered rows.

let suite: ShellSuite;
const contexts: BrowserContext[] = [];
let clerk: Page;
let watcher: Page;
/** The administrator's second tab, where they act on documents. */
let supervisor: Page;
const SKU = `E2E-${Date.now().toString(36).toUpperCase()}`;
const LOT = `${SKU}-L1`;

beforeAll(async () => {
  suite = await startShellSuite();
  for (const [user, path] of [
    ['inventory', '/inventory/products/new'],
    ['admin', '/inventory/stock-on-hand'],
  ] as const) {
    const { context, page } = await openSignedIn(suite, user, path, {
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    contexts.push(context);
    if (user === 'inventory') clerk = page;
    else {
      watcher = page;
      supervisor = await context.newPage();
      supervisor.setDefaultTimeout(15_000);
    }
  }
}, 120_000);
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const name = task.name.replace(/\W+/g, '-').slice(0, 40);
  await saveFailureScreenshot(clerk, `inventory-flow-failed-${name}-clerk`);
  await saveFailureScreenshot(watcher, `inventory-flow-failed-${name}-watcher`);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await suite?.close();
});

/** Picks `text` in the picker labelled `label` (a form field or a line cell). */
async function pick(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  // Reference pickers search as one types; a short list of values just opens.
  if (await input.isEditable()) await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

async function fillDate(page: Page, label: string, date: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(date);
  await input.press('Enter');
}

/** Saves the form on its own page and waits for the URL of the saved record. */
async function save(page: Page, path: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL((url) => path.test(url.pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
}

/** The watcher's grid rows as `location → on hand` (cells joined by their row's index). */
async function onHandByLocation(): Promise<Record<string, string>> {
  const view = watcher.locator('[data-view-path="/inventory/stock-on-hand"]');
  const cells = (column: string) =>
    view
      .locator(`.ag-row [col-id="${column}"]`)
      .evaluateAll((all) =>
        all.map(
          (cell) =>
            [
              cell.closest('.ag-row')?.getAttribute('row-index') ?? '',
              cell.textContent ?? '',
            ] as const,
        ),
      );
  const quantities = new Map(await cells('qty_on_hand'));
  const result: Record<string, string> = {};
  for (const [index, location] of await cells('location_id')) {
    result[location] = (quantities.get(index) ?? '').trim();
  }
  return result;
}

async function expectOnHand(expected: Record<string, string>): Promise<void> {
  await expect.poll(onHandByLocation, { timeout: 15_000 }).toEqual(expected);
}

describe('an inventory clerk moves a new product while an administrator watches', () => {
  it('creates the product, applied once an approver approves it', async () => {
    await clerk.getByRole('textbox', { name: 'SKU', exact: true }).fill(SKU);
    await clerk.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E test pail');
    await pick(clerk, 'Type', 'Raw material');
    await pick(clerk, 'Unit', 'ea');
    // An inventory user's new product is a change request (maker-checker).
    await clerk.getByRole('button', { name: 'Save', exact: true }).click();
    await clerk.getByText('Change requested').waitFor();
    await clerk.waitForURL((url) => url.pathname === '/inventory/products');
    // The approver's part is another journey; here the administrator approves it by API.
    const token = await browserToken(watcher.context(), suite.server.url);
    const requests = await call<{
      rows: { id: number; version: number; proposed: { sku?: string } }[];
    }>(suite.server.url, 'GET', '/api/inventory/product_changes?per_page=100', { token });
    const request = requests.data.rows.find((r) => r.proposed.sku === SKU);
    expect(request).toBeDefined();
    const approved = await call(
      suite.server.url,
      'POST',
      `/api/inventory/product_changes/${request!.id}/events/approve`,
      { token, body: { version: request!.version } },
    );
    expect(approved.httpStatus).toBe(200);
  });

  it('shows the administrator no stock of it yet, filtered to its SKU', async () => {
    const view = watcher.locator('[data-view-path="/inventory/stock-on-hand"]');
    await view.getByRole('button', { name: 'Filter Product', exact: true }).click();
    // A product column filters by a checklist of products, searched on the server.
    const form = watcher.getByRole('form', { name: 'Filter Product' });
    await form.getByRole('textbox', { name: 'Search values' }).fill(SKU);
    await form.getByRole('checkbox', { name: SKU }).check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => view.getByTestId('row-count').innerText(), { timeout: 10_000 })
      .toBe('No rows');
  });

  it('receives 100 into the main warehouse; the watcher sees it without a reload', async () => {
    await clerk.goto(`${suite.server.url}/inventory/receiving/new`);
    await pick(clerk, 'Location', 'Main warehouse');
    await fillDate(clerk, 'Received', '11/20/2026');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    // New products are lot-tracked: the receipt names the supplier's lot.
    await clerk.getByRole('textbox', { name: 'Lot (line 1)', exact: true }).fill(LOT);
    await clerk.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('100');
    await save(clerk, /^\/inventory\/receiving\/\d+$/);
    await act(clerk, 'Post', 'posted');
    await expectOnHand({ 'Main warehouse': '100.000' });
    // Past draft the form is read-only: text, not disabled inputs.
    await expect.poll(() => clerk.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect
      .poll(() => clerk.locator('form input:not([type=hidden]), form textarea').count())
      .toBe(0);
    await saveScreenshot(clerk, 'inventory-flow-posted-receiving');
  });

  it('transfers 30 to the West distribution centre: requested, shipped, received', async () => {
    await clerk.goto(`${suite.server.url}/inventory/transfer/new`);
    await pick(clerk, 'Kind', 'Stock');
    await pick(clerk, 'From', 'Main warehouse');
    await pick(clerk, 'To', 'West distribution centre');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    // The lot picker offers the product's lots on hand where the transfer leaves from.
    await pick(clerk, 'Lot (line 1)', `${LOT} · 100 ea available · no expiry`);
    await clerk.getByRole('textbox', { name: 'Sent (line 1)', exact: true }).fill('30');
    await save(clerk, /^\/inventory\/transfer\/\d+$/);
    await act(clerk, 'Request', 'requested');
    // Preparing and shipping belong to the warehouse and shipping roles; the admin has both.
    await supervisor.goto(clerk.url());
    await act(supervisor, 'Prepare', 'ready');
    await act(supervisor, 'Ship', 'in transit');
    await expectOnHand({ 'Main warehouse': '70.000', 'In transit': '30.000' });
    await clerk.reload();
    await act(clerk, 'Receive', 'received');
    await expectOnHand({ 'Main warehouse': '70.000', 'West distribution centre': '30.000' });
  });

  it('counts 68 of the 70 left in the main warehouse; the approved variance posts', async () => {
    await clerk.goto(`${suite.server.url}/inventory/stock-count/new`);
    await pick(clerk, 'Location', 'Main warehouse');
    await pick(clerk, 'Scope', 'Products');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    await save(clerk, /^\/inventory\/stock-count\/\d+$/);
    const countPath = new URL(clerk.url()).pathname;
    await act(clerk, 'Schedule', 'scheduled');
    await act(clerk, 'Start', 'in progress');
    await clerk.getByRole('link', { name: 'Counting sheet' }).click();
    await clerk.getByText('0 of 1 counted').waitFor();
    // The cursor waits on the first uncounted line.
    await clerk.keyboard.type('68');
    await clerk.keyboard.press('Control+s');
    await clerk.getByText('1 of 1 counted').waitFor();
    await act(clerk, 'Submit', 'submitted');
    // Counted stock moves only once someone other than the counter approves it.
    await expectOnHand({ 'Main warehouse': '70.000', 'West distribution centre': '30.000' });
    await supervisor.goto(`${suite.server.url}${countPath}`);
    await act(supervisor, 'Review', 'variance review');
    await act(supervisor, 'Approve', 'posted');
    await expectOnHand({ 'Main warehouse': '68.000', 'West distribution centre': '30.000' });
    await saveScreenshot(watcher, 'inventory-flow-stock-on-hand');
  });

  it('exports exactly the filtered rows', async () => {
    const view = watcher.locator('[data-view-path="/inventory/stock-on-hand"]');
    await view.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      watcher.waitForEvent('download'),
      watcher.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split(/\r?\n/);
    expect(header).toContain('Product');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain(SKU);
  });
});
