import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { journey } from '../../support/e2e-journey.ts';

// Journey (docs/journeys.md, Administration: imports with a dry run, per-row errors, apply; the
// history's rows): the admin imports a price list into price tiers from the Imports centre,
// maps the file's own name for the tier column, reads the refused rows, fixes the file,
// applies it, and opens the job from the history to read every row it logged. By mouse, then
// by keyboard on a second file that is refused, whose job is opened and searched.

const trip = journey('journey-imports-price-tiers');
let page: Page;
let sku: string;
const TIER = `PL${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  const [product] = await queryRows<{ sku: string }>(
    trip.suite.server.server.database.db,
    sql`select sku from products where status = 'active' and type = 'finished_good' order by id limit 1`,
  );
  sku = product!.sku;
  page = await trip.signedIn('admin', '/imports/index');
});

function priceList(bad: boolean): string {
  return [
    'Price List,Tier Name,SKU,Min Qty,Unit Price,Valid From',
    `${TIER},Spring list,${sku},1,12.50,2026-03-01`,
    `${TIER},Spring list,${bad ? 'NO-SUCH-SKU' : sku},24,11.75,2026-03-01`,
    `${TIER},Spring list,${sku},120,${bad ? 'ten' : '10.90'},2026-03-01`,
  ].join('\n');
}

const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

/** The import form: the jobs grid below it has a "Dry run" column header of its own. */
const panel = () => page.getByRole('region', { name: 'Import a file' });
const header = (column: string) =>
  page.getByRole('combobox', { name: `File header for ${column}`, exact: true });

const breaks = () =>
  queryRows<{ min_qty: string; unit_price: string }>(
    trip.suite.server.server.database.db,
    sql`select p.min_qty::text, p.unit_price::text from price_tier_prices p
          join price_tiers t on t.id = p.price_tier_id where t.code = ${TIER} order by p.min_qty`,
  );

async function jobNumberOf(fileName: string): Promise<string> {
  const [job] = await queryRows<{ id: number }>(
    trip.suite.server.server.database.db,
    sql`select id::int as id from import_jobs where file_name = ${fileName} order by id desc limit 1`,
  );
  return `IM-${String(job!.id).padStart(5, '0')}`;
}

async function jobRows(dialog: ReturnType<Page['getByRole']>): Promise<string[]> {
  const table = dialog.getByRole('table');
  await table.locator('tbody tr').first().waitFor();
  return table.locator('tbody tr').allInnerTexts();
}

describe('admin imports price tiers and reads the job’s rows', () => {
  it('by mouse: map, dry run, read the errors, fix, apply, open the job and filter its rows', async () => {
    await page.locator('label', { hasText: 'Price tiers' }).click();
    await page.locator('input[type="file"]').setInputFiles(csv('prices.csv', priceList(true)));
    await expect.poll(() => header('SKU').inputValue()).toBe('sku');
    // "Price List" is the file's own name for the tier: the admin maps it.
    expect(await header('Tier').inputValue()).toBe('');
    await header('Tier').selectOption({ label: 'Price List' });
    await panel().getByRole('button', { name: 'Dry run' }).click();
    const refused = page.getByRole('table', { name: 'Rows refused' });
    await refused.waitFor();
    const rows = await refused.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^3\s[\s\S]*NO-SUCH-SKU[\s\S]*No product with SKU NO-SUCH-SKU; SKUs look like RM-PG-USP/,
    );
    expect(rows[1]).toMatch(/^4\s[\s\S]*Unit Price "ten" is not a number \(expected: in the tier’s currency\)$/);
    await saveScreenshot(page, 'journey-imports-price-tiers-refused');
    expect(await breaks()).toEqual([]);

    await page
      .locator('input[type="file"]')
      .setInputFiles(csv('prices-fixed.csv', priceList(false)));
    await expect.poll(() => header('SKU').inputValue()).toBe('sku');
    await header('Tier').selectOption({ label: 'Price List' });
    await panel().getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(/dry run clean, all 3 rows pass/).waitFor();
    await panel().getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/3 of 3 rows imported/).waitFor();
    expect(await breaks()).toEqual([
      { min_qty: '1.000', unit_price: '12.5000' },
      { min_qty: '24.000', unit_price: '11.7500' },
      { min_qty: '120.000', unit_price: '10.9000' },
    ]);

    // The history: the applied job opens on its rows, each linked to the tier it priced.
    const number = await jobNumberOf('prices-fixed.csv');
    await page.getByRole('gridcell', { name: number, exact: true }).first().dblclick();
    const dialog = page.getByRole('dialog', { name: `${number} · prices-fixed.csv` });
    const logged = await jobRows(dialog);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatch(new RegExp(`^2\\s+OK\\s+#\\d+[\\s\\S]*${TIER}[\\s\\S]*12\\.50`));
    await dialog.getByText('3 rows', { exact: true }).waitFor();
    await saveScreenshot(page, 'journey-imports-price-tiers-job-rows');
    await dialog.locator('label', { hasText: /^Skipped$/ }).click();
    await dialog.getByText('No rows', { exact: true }).waitFor();
    await dialog.locator('label', { hasText: /^OK$/ }).click();
    await dialog.getByRole('textbox', { name: 'Search the rows' }).fill('11.75');
    await dialog.getByText('1 row', { exact: true }).waitFor();
    expect(await jobRows(dialog)).toEqual([expect.stringMatching(/^3\s+OK/)]);
    await dialog.getByRole('link', { name: 'Open the record of row 3' }).click();
    await page.waitForURL(/\/inventory\/price-tier\/\d+$/);
  });

  it('by keyboard: a refused file, its job opened from the history and searched', async () => {
    await page.goto(`${trip.suite.server.url}/imports/index`);
    await page.locator('label', { hasText: 'Price tiers' }).click();
    const chooser = page.waitForEvent('filechooser');
    await panel().getByRole('button', { name: 'File' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(csv('prices-typo.csv', priceList(true)));
    await expect.poll(() => header('SKU').inputValue()).toBe('sku');
    await header('Tier').focus();
    await page.keyboard.type('Price');
    expect(await header('Tier').inputValue()).toBe('price_list');
    await panel().getByRole('button', { name: 'Dry run' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/nothing was imported; 2 of 3 rows need fixing/).waitFor();

    const number = await jobNumberOf('prices-typo.csv');
    await page.getByRole('gridcell', { name: number, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `${number} · prices-typo.csv` });
    expect(await jobRows(dialog)).toHaveLength(2);
    await dialog.getByRole('textbox', { name: 'Search the rows' }).focus();
    await page.keyboard.type('no-such');
    await dialog.getByText('1 row', { exact: true }).waitFor();
    expect(await jobRows(dialog)).toEqual([
      expect.stringMatching(
        /^3\s+Refused[\s\S]*No product with SKU NO-SUCH-SKU; SKUs look like RM-PG-USP/i,
      ),
    ]);
    await saveScreenshot(page, 'journey-imports-price-tiers-keyboard-search');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
