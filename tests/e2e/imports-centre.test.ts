import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  openSignedIn,
  saveScreenshot,
  SCREENSHOT_DIR,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';
import { inventoryCsv } from '../support/inventory-import-csv.ts';

// The Imports centre: an admin uploads a big file, watches the job's live
// bar count the rows, and reads the refused rows when it ends.

const ROWS = 20_000;

describe('imports centre', () => {
  let suite: ShellSuite;

  beforeAll(async () => {
    suite = await startShellSuite();
  });
  afterAll(async () => {
    await suite.close();
  });

  it("shows a big file's live progress, then its refused rows", async () => {
    const products = await queryRows<{ sku: string; lot: boolean }>(
      suite.server.server.database.db,
      sql`select sku, is_lot_tracked as lot from products order by id`,
    );
    const csv =
      inventoryCsv(
        products.map((p) => ({ sku: p.sku, lotTracked: p.lot })),
        ROWS,
      ) + 'NO-SUCH-SKU,WH-MAIN,,,abc,\n';
    const { page } = await openSignedIn(suite, 'admin', '/imports/index');
    await page
      .getByRole('radio', { name: 'Inventory (opening stock)' })
      .waitFor({ state: 'attached' });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'opening.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // Its headers are the kind's own, so the mapping is made by name; a dry run checks it.
    await page.getByRole('button', { name: 'Dry run', exact: true }).click();

    // The upload and the job's first batch can take a while on a machine busy with other suites.
    await page.getByText(/Checking rows… [\d,]+ of 20,001 rows/).waitFor({ timeout: 60_000 });
    // At once, while the job runs (saveScreenshot waits for the page to settle).
    await page.screenshot({ path: `${SCREENSHOT_DIR}imports-centre-progress.png` });

    const refused = page.getByRole('table', { name: 'Rows refused' });
    await refused.waitFor({ timeout: 120_000 });
    const rows = await refused.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /^20002NO-SUCH-SKU.*abc.*Qty "abc" is not a number \(expected: quantity in the product’s unit, above 0\)\. No product with SKU NO-SUCH-SKU; SKUs look like RM-PG-USP$/,
    );
    await expect
      .poll(() => page.getByText(/nothing was imported; 1 of 20,001 rows need fixing/).count())
      .toBe(1);
    await saveScreenshot(page, 'imports-centre-refused');
  }, 180_000);
});
