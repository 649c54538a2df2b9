import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFromMenu, saveScreenshot } from '../../support/e2e-shell.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { seedStampMonth, type StampMonth } from '../../support/stamp-month.ts';

// Journey (docs/domain/production.md "Monthly stamp reconciliation"): stamp inventory opens the
// stamp reconciliation from the menu, picks March 2025, reads Ontario's and Quebec's figures
// from the reel ledger and opens Ontario to the reels and the stamping order behind its book;
// counts the stamps on hand (Ontario five short), is refused the close until the difference
// has its reason, gives it and closes the month, by mouse, while the manager, on the same
// month, sees it close. Then, by keyboard, February: counted, one difference explained, saved
// with Enter, closed, and exported as CSV, XLSX and PDF, each file read back.

const j = journey('stamp-reconciliation');
let seeded: StampMonth;

beforeAll(async () => {
  seeded = await seedStampMonth(j.suite.server.server.database.db, 'JRN');
});

const row = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Stamp reconciliation' })
    .getByRole('row')
    .filter({
      has: page.getByRole('button', { name: `Reels and orders of ${name}` }),
    });

async function confirmClose(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/Once closed/).waitFor();
  return dialog;
}

describe('stamp inventory closes a month with one explained difference and exports it', () => {
  it('by mouse: counts March, is asked for the reason, gives it and closes; the manager sees it', async () => {
    const keeper = await j.signedIn('stamp_inventory', '/dashboard', DESK);
    await openFromMenu(keeper, ['Production', 'Orders', 'Stamp Reconciliation']);
    await keeper.getByRole('combobox', { name: 'Month' }).click();
    await keeper.getByRole('option', { name: 'March 2025', exact: true }).click();
    await expect.poll(() => new URL(keeper.url()).searchParams.get('month')).toBe('2025-03');
    const ontario = row(keeper, 'Ontario');
    await expect
      .poll(() => ontario.innerText())
      .toMatch(/1,000\s+500\s+600\s+20\s+5\s+0\s+375\s+-10\s+865/);
    await keeper.getByRole('button', { name: 'Reels and orders of Ontario' }).click();
    const reels = keeper.getByRole('table', { name: 'Reels of Ontario' });
    await reels.getByText('RC-A-JRN').waitFor();
    await keeper
      .getByRole('table', { name: 'Orders of Ontario' })
      .getByText(seeded.orderNumber)
      .waitFor();
    await saveScreenshot(keeper, 'stamp-reconciliation-march-open');

    const manager = await j.signedIn(
      'manager',
      '/production/stamp-reconciliation?month=2025-03',
      DESK,
    );
    await row(manager, 'Ontario').waitFor();

    await keeper.getByRole('textbox', { name: 'Counted Ontario' }).fill('860');
    await keeper.getByRole('textbox', { name: 'Counted Quebec' }).fill('0');
    await ontario.getByLabel('Difference -5').waitFor();
    await keeper.getByRole('button', { name: 'Close month' }).click();
    await (await confirmClose(keeper)).getByRole('button', { name: 'Yes' }).click();
    await keeper.getByText('Give the reason for the Ontario difference of -5').waitFor();
    await saveScreenshot(keeper, 'stamp-reconciliation-reason-asked');

    await keeper
      .getByRole('textbox', { name: 'Reason for Ontario' })
      .fill('Five stamps torn at the splice');
    await keeper.getByRole('button', { name: 'Close month' }).click();
    await (await confirmClose(keeper)).getByRole('button', { name: 'Yes' }).click();
    await keeper.getByText(/Closed by .* read-only/).waitFor();
    expect(await keeper.getByRole('button', { name: 'Close month' }).count()).toBe(0);
    // Closed: read-only, the counts and reasons shown as filed, nothing left to type in.
    expect(await keeper.getByRole('textbox', { name: 'Reason for Ontario' }).count()).toBe(0);
    expect(await keeper.getByLabel('Reason for Ontario').innerText()).toBe(
      'Five stamps torn at the splice',
    );
    await saveScreenshot(keeper, 'stamp-reconciliation-march-closed');
    // The manager's page hears the close and turns read-only without a reload.
    await manager.getByText(/Closed by .* read-only/).waitFor();
    expect(await manager.getByLabel('Reason for Ontario').innerText()).toBe(
      'Five stamps torn at the splice',
    );
    expect(await manager.getByRole('textbox', { name: 'Counted Ontario' }).count()).toBe(0);
    await saveScreenshot(manager, 'stamp-reconciliation-manager-sees-close');
  });

  it('by keyboard: counts February, explains its difference, closes it and exports it', async () => {
    const keeper = await j.signedIn('stamp_inventory', '/production/stamp-reconciliation', DESK);
    const month = keeper.getByRole('combobox', { name: 'Month' });
    await month.focus();
    await keeper.keyboard.press('ControlOrMeta+A');
    await keeper.keyboard.type('February 2025');
    await keeper.keyboard.press('ArrowDown');
    await keeper.keyboard.press('Enter');
    await expect.poll(() => new URL(keeper.url()).searchParams.get('month')).toBe('2025-02');
    // The address changes before the page renders the month it names: until February's form is
    // there, the rows on screen are the month the page opened on, about to be replaced.
    await keeper
      .getByRole('form', { name: 'Stamp reconciliation of February 2025' })
      .getByRole('button', { name: 'Reels and orders of Ontario' })
      .waitFor();
    // The month's list has closed and the focus is back on the month; the walk starts there.
    await keeper.getByRole('listbox').waitFor({ state: 'hidden' });
    const focused = () =>
      keeper.evaluate(() => {
        const at = document.activeElement as HTMLInputElement | null;
        return (
          at?.getAttribute('aria-label') ??
          at?.labels?.[0]?.textContent?.trim() ??
          at?.textContent?.trim() ??
          ''
        );
      });
    const tabTo = async (label: string) => {
      await keeper.keyboard.press('Tab');
      await expect.poll(focused).toBe(label);
    };
    const typeInto = async (label: string, text: string) => {
      await tabTo(label);
      await keeper.keyboard.type(text);
      await expect.poll(() => keeper.getByLabel(label).inputValue()).toMatch(text);
    };
    await expect.poll(focused).toBe('Month');
    // Past the exports to Ontario's details button, then its count, its reason, Quebec's count.
    for (const label of [
      'Export CSV',
      'Export XLSX',
      'Export PDF',
      'Reels and orders of Ontario',
    ]) {
      await tabTo(label);
    }
    await typeInto('Counted Ontario', '998');
    await typeInto('Reason for Ontario', 'Two stamps left on the backing paper');
    await tabTo('Reels and orders of Quebec');
    await typeInto('Counted Quebec', '300');
    await keeper.keyboard.press('Enter');
    await keeper.getByText('Counts saved').waitFor();
    await row(keeper, 'Ontario').getByLabel('Difference -2').waitFor();
    await keeper.keyboard.press('Tab');
    await keeper.keyboard.press('Tab');
    await keeper.keyboard.press('Tab');
    await expect
      .poll(() => keeper.evaluate(() => document.activeElement?.textContent))
      .toBe('Close month');
    await keeper.keyboard.press('Enter');
    const dialog = await confirmClose(keeper);
    const yes = dialog.getByRole('button', { name: 'Yes' });
    for (let i = 0; i < 4 && !(await yes.evaluate((b) => b === document.activeElement)); i += 1) {
      await keeper.keyboard.press('Tab');
    }
    await keeper.keyboard.press('Enter');
    await keeper.getByText(/Closed by .* read-only/).waitFor();
    await saveScreenshot(keeper, 'stamp-reconciliation-february-closed');

    const exported = async (label: string): Promise<Download> => {
      await keeper.getByRole('button', { name: label }).focus();
      const [download] = await Promise.all([
        keeper.waitForEvent('download'),
        keeper.keyboard.press('Enter'),
      ]);
      return download;
    };
    const csv = await exported('Export CSV');
    expect(csv.suggestedFilename()).toBe('stamp-reconciliation-2025-02.csv');
    const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
    expect(lines.find((l) => l.includes(',ON,'))).toMatch(
      /,998,-2,Two stamps left on the backing paper,closed$/,
    );

    const xlsx = await exported('Export XLSX');
    const workbook = new ExcelJS.Workbook();
    const book = await readFile(await xlsx.path());
    await workbook.xlsx.load(book.buffer.slice(book.byteOffset, book.byteOffset + book.byteLength));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Reconciliation', 'Reels', 'Orders']);

    const pdf = await exported('Export PDF');
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = readPdf(bytes).text;
    expect(text).toContain('STAMP RECONCILIATION');
    expect(text).toContain('February 2025');
    expect(text).toContain('Two stamps left on the backing paper');
  });
});
