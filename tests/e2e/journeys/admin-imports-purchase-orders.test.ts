import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Administration: Imports): the admin uploads a spreadsheet of purchase
// orders, maps its two unusual headers, dry-runs it, reads the refused rows, fixes the file,
// dry-runs it clean, applies it and finds the draft orders in the purchase list. Once by mouse
// in the Imports centre, once by keyboard on the Purchase area's own import page.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;
const STAMP = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  suite = await startShellSuite();
  ({ context, page } = await openSignedIn(suite, 'admin', '/imports/index', {
    viewport: { width: 1440, height: 900 },
  }));
}, 600_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    await saveFailureScreenshot(page, `journey-imports-failed-${task.name.slice(0, 30)}`);
});
afterAll(async () => {
  await context?.close();
  await suite?.close();
});

/** The buyer's spreadsheet: its own names for supplier and quantity; `bad` adds wrong rows. */
async function spreadsheet(ref: string, bad: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(['PO Ref', 'Vendor', 'Ship To', 'SKU', 'Order Qty', 'Unit Price']);
  sheet.addRow([`${ref}-1`, 'SUP-GLYC', 'WH-MAIN', 'RM-PG-USP', 1000, 0.004]);
  sheet.addRow([
    `${ref}-1`,
    'SUP-GLYC',
    'WH-MAIN',
    'RM-VG-USP',
    { formula: 'E2*2', result: 2000 },
    0.0036,
  ]);
  sheet.addRow([
    `${ref}-2`,
    'SUP-NICO',
    'WH-MAIN',
    bad ? 'RM-NIC-TYPO' : 'RM-NIC-FB-100',
    500,
    0.06,
  ]);
  if (bad) sheet.addRow([`${ref}-2`, 'SUP-NICO', 'WH-MAIN', 'RM-NIC-SALT-100', 'lots', 0.08]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (name: string, buffer: Buffer) => ({
  name,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer,
});

const drafts = (ref: string) =>
  queryRows<{ number: string; status: string }>(
    suite.server.server.database.db,
    sql`select number, status from purchase_orders where note like ${`Imported from ${ref}-%`} order by number`,
  );

/** The import form: the jobs grid below it has a "Dry run" column header of its own. */
const panel = () => page.getByRole('region', { name: 'Import a file' });

const header = (column: string) =>
  page.getByRole('combobox', { name: `File header for ${column}` });

async function refusedRows(): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Rows refused' });
  await table.waitFor();
  return table.locator('tbody tr').allInnerTexts();
}

describe('admin imports purchase orders from a spreadsheet', () => {
  it('by mouse: map, dry run, read the errors, fix, dry run clean, apply, see the drafts', async () => {
    const ref = `M${STAMP}`;
    // The kinds are a segmented control: its radios are hidden behind their labels.
    await page.locator('label', { hasText: 'Purchase orders (drafts)' }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles(file('orders.xlsx', await spreadsheet(ref, true)));
    // Matched by name: PO Ref, Ship To, SKU, Unit Price; the two others are the admin's to map.
    await expect.poll(() => header('PO Ref').inputValue()).toBe('po_ref');
    expect(await header('Supplier').inputValue()).toBe('');
    expect(await panel().getByRole('button', { name: 'Dry run' }).isDisabled()).toBe(true);
    await header('Supplier').selectOption({ label: 'Vendor' });
    await header('Qty').selectOption({ label: 'Order Qty' });
    await saveScreenshot(page, 'journey-imports-mapping');
    await panel().getByRole('button', { name: 'Dry run' }).click();

    const rows = await refusedRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^4\s[\s\S]*RM-NIC-TYPO[\s\S]*No product with SKU RM-NIC-TYPO; SKUs look like RM-PG-USP/,
    );
    expect(rows[1]).toMatch(/^5\s[\s\S]*Qty "lots" is not a number \(expected: above 0\)$/);
    await page.getByText(/nothing was imported; 2 of 4 rows need fixing/).waitFor();
    expect(await panel().getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'journey-imports-refused');
    expect(await drafts(ref)).toEqual([]);

    await page
      .locator('input[type="file"]')
      .setInputFiles(file('orders-fixed.xlsx', await spreadsheet(ref, false)));
    await expect.poll(() => header('PO Ref').inputValue()).toBe('po_ref');
    await header('Supplier').selectOption({ label: 'Vendor' });
    await header('Qty').selectOption({ label: 'Order Qty' });
    await panel().getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(/dry run clean, all 3 rows pass/).waitFor();
    await panel().getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/3 of 3 rows imported/).waitFor();
    const made = await drafts(ref);
    expect(made.map((d) => d.status)).toEqual(['draft', 'draft']);

    await page.goto(`${suite.server.url}/purchases`);
    for (const { number } of made) await page.getByText(number, { exact: true }).first().waitFor();
    await saveScreenshot(page, 'journey-imports-drafts');
  });

  it('by keyboard: the same on the Purchase import page', async () => {
    const ref = `K${STAMP}`;
    await page.goto(`${suite.server.url}/purchases/import`);
    const chooser = page.waitForEvent('filechooser');
    await panel().getByRole('button', { name: 'File' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(file('orders.xlsx', await spreadsheet(ref, true)));
    await expect.poll(() => header('PO Ref').inputValue()).toBe('po_ref');

    // Tab from the PO Ref header to the Supplier header, choose by typing; then to Qty.
    await header('PO Ref').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Vendor');
    expect(await header('Supplier').inputValue()).toBe('vendor');
    await header('Qty').focus();
    await page.keyboard.type('Order');
    expect(await header('Qty').inputValue()).toBe('order_qty');
    await panel().getByRole('button', { name: 'Dry run' }).focus();
    await page.keyboard.press('Enter');
    expect(await refusedRows()).toHaveLength(2);

    const again = page.waitForEvent('filechooser');
    await panel().getByRole('button', { name: 'File' }).focus();
    await page.keyboard.press('Enter');
    await (await again).setFiles(file('orders-fixed.xlsx', await spreadsheet(ref, false)));
    await expect.poll(() => header('Supplier').inputValue()).toBe('');
    await header('Supplier').focus();
    await page.keyboard.type('Vendor');
    await header('Qty').focus();
    await page.keyboard.type('Order');
    await panel().getByRole('button', { name: 'Dry run' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/dry run clean, all 3 rows pass/).waitFor();
    await panel().getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/3 of 3 rows imported/).waitFor();
    expect((await drafts(ref)).map((d) => d.status)).toEqual(['draft', 'draft']);
    await saveScreenshot(page, 'journey-imports-keyboard-applied');
  });
});
