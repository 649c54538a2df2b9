import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Sales; docs/domain/sales.md §6 sales imports): sale uploads a
// spreadsheet of orders on /sales-import-logs; a first file naming a customer that does not
// exist is refused by the dry run in words (what is wrong and what a customer code looks
// like); the right file is dry-run and applied, the result says in sentences what it made with
// links to the orders (not the job's JSON); sale reads in the log what
// each row did (created), follows a row to its draft order and a row's import to that
// import's rows; then uploads the same file again and reads that nothing changed (skipped).
// Once by mouse, once by keyboard.

const sales = journey('journey-sale-import', 180_000);
let page: Page;
let customer = '';
let skus: string[] = [];
const STAMP = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  const db = sales.suite.server.server.database.db;
  const [key] = await queryRows<{ code: string }>(
    db,
    sql`select code from customers where name = 'Maple Leaf Vape Distribution'`,
  );
  customer = key!.code;
  const priced = await queryRows<{ sku: string }>(
    db,
    sql`select p.sku from products p
         where p.type = 'finished_good'
           and exists (select 1 from price_tier_prices tp join price_tiers t on t.id = tp.price_tier_id
                        where tp.product_id = p.id and t.code = 'WHOLESALE')
         order by p.sku limit 2`,
  );
  skus = priced.map((p) => p.sku);
  page = await sales.signedIn('sale', '/sales-import-logs');
});

/** The customer's spreadsheet: two lines of one order, one line of another, for `buyer`. */
async function spreadsheet(ref: string, buyer = customer): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(['Order Ref', 'Customer', 'Ship From', 'SKU', 'Qty', 'Order Date', 'Ship By']);
  sheet.addRow([`${ref}-1`, buyer, 'WH-MAIN', skus[0], 12, '2026-11-02', '2026-11-20']);
  sheet.addRow([`${ref}-1`, buyer, 'WH-MAIN', skus[1], 6, '2026-11-02', '2026-11-20']);
  sheet.addRow([`${ref}-2`, buyer, 'WH-MAIN', skus[0], 24, '2026-11-02', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (name: string, buffer: Buffer) => ({
  name,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer,
});

const panel = () => page.getByRole('region', { name: 'Import a file' });

const orders = (ref: string) =>
  queryRows<{ id: number; number: string; status: string }>(
    sales.suite.server.server.database.db,
    sql`select id::int, number, status from sales_orders
         where external_ref like ${`${ref}-%`} order by external_ref`,
  );

/** The log grid's rows for `ref` as "result" texts, once it shows `count` of them. */
async function logResults(ref: string, count: number): Promise<string[]> {
  await page.getByRole('heading', { name: 'Sales import log' }).scrollIntoViewIfNeeded();
  const rows = page.locator('.ag-row', { hasText: ref });
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(count);
  return rows.locator('[col-id="result"]').allInnerTexts();
}

describe('sale imports orders from a spreadsheet and reads the log', () => {
  it('by mouse', async () => {
    const ref = `M${STAMP}`;
    // A customer the plant does not have: the dry run says which and what a code looks like.
    await page
      .locator('input[type="file"]')
      .setInputFiles(file('orders-nope.xlsx', await spreadsheet(`N${STAMP}`, 'NOPE-1')));
    await panel().getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(/nothing was imported; 3 of 3 rows need fixing/).waitFor();
    const refused = panel().getByRole('table', { name: 'Rows refused' });
    const problems = await refused.locator('tbody tr td:last-child').allInnerTexts();
    expect(problems).toEqual(
      Array(3).fill('No active customer NOPE-1; customer codes look like C-0001'),
    );
    await expect(panel().getByRole('button', { name: 'Apply' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'journey-sale-import-refused');

    await page
      .locator('input[type="file"]')
      .setInputFiles(file('orders.xlsx', await spreadsheet(ref)));
    await panel().getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(/dry run clean, all 3 rows pass/).waitFor();
    await panel().getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/3 of 3 rows imported/).waitFor();
    const made = await orders(ref);
    expect(made.map((o) => o.status)).toEqual(['draft', 'draft']);
    // What it made, in sentences with a link to each order; no JSON.
    const summary = panel().getByRole('list', { name: 'What the import made' });
    for (const order of made) {
      const link = summary.getByRole('link', { name: order.number, exact: true });
      await expect(link.getAttribute('href')).resolves.toBe(`/sale/${order.id}`);
    }
    expect(await summary.innerText()).not.toMatch(/[{}[\]"]/);
    await saveScreenshot(page, 'journey-sale-import-applied');
    expect((await logResults(ref, 3)).map((r) => r.toLowerCase())).toEqual([
      'created',
      'created',
      'created',
    ]);
    await saveScreenshot(page, 'journey-sale-import-log');

    // A row's import: the log narrowed to that import's rows.
    const job = page
      .locator('.ag-row', { hasText: ref })
      .first()
      .locator('[col-id="import_job_number"] a');
    const jobNumber = await job.innerText();
    await job.click();
    await page.waitForURL((url) => url.pathname === '/sales-import-logs' && url.search !== '');
    await expect
      .poll(
        async () =>
          new Set(await page.locator('.ag-row [col-id="import_job_number"]').allInnerTexts()),
      )
      .toEqual(new Set([jobNumber]));

    // A row's order: its draft, with the lines the file gave it.
    await page.getByRole('link', { name: made[0]!.number }).first().click();
    await page.waitForURL((url) => url.pathname === `/sale/${made[0]!.id}`);
    await page.getByRole('textbox', { name: 'Qty (line 2)', exact: true }).waitFor();
    await saveScreenshot(page, 'journey-sale-import-order');
  });

  it('by keyboard', async () => {
    const ref = `K${STAMP}`;
    await page.goto(`${sales.suite.server.url}/sales-import-logs`);
    for (const round of ['first', 'again']) {
      const chooser = page.waitForEvent('filechooser');
      await panel().getByRole('button', { name: 'File' }).focus();
      await page.keyboard.press('Enter');
      await (await chooser).setFiles(file(`orders-${round}.xlsx`, await spreadsheet(ref)));
      await panel().getByRole('button', { name: 'Dry run' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(/dry run clean, all 3 rows pass/).waitFor();
      await panel().getByRole('button', { name: 'Apply' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(/3 of 3 rows imported/).waitFor();
    }
    // The second upload changed nothing: the same two drafts, its rows skipped.
    const made = await orders(ref);
    expect(made).toHaveLength(2);
    const results = (await logResults(ref, 6)).map((r) => r.toLowerCase());
    expect(results.filter((r) => r === 'skipped')).toHaveLength(3);
    expect(results.filter((r) => r === 'created')).toHaveLength(3);

    await page.getByRole('link', { name: made[1]!.number }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/sale/${made[1]!.id}`);
  });
});
