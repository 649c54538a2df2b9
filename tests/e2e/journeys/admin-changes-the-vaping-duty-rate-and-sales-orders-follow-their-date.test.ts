import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { arrowTo, pick, save, tabToField, typeAndChoose } from '../../support/e2e-stock.ts';
import { readPdf } from '../../support/pdf-text.ts';

// Journey (docs/domain/sales.md "Vaping duty"): the admin adds a federal vaping duty rate of
// $1.50 effective the first of next month on Administration → Vaping Duty Rates; sale then
// writes two orders of the same 30 mL bottle, stamped for a province of the coordinated system,
// for the key account: one dated on that day takes the new federal rate (7 steps × $1.50 =
// $10.50 a bottle) beside the province's $7.84, one dated today keeps $7.84 + $7.84. Then, with
// the keyboard alone, the admin enters the province's own increase from next month: an order
// dated then owes both new duties, while the product's page still says today's. Last, sale
// downloads that order as a PDF from its screen: each bottle's federal and provincial duty,
// their totals and the order's total, as the screen shows it.

const duty = journey('journey-vaping-duty', 180_000);
let admin: Page;
let sale: Page;
let productId: number;
let sku: string;
let province: string;
let nextMonth: string;
let today: string;

/** yyyy-MM-dd as the date inputs take it (MM/DD/YYYY). */
const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  const db = duty.suite.server.server.database.db;
  const [row] = await queryRows<{
    id: number;
    sku: string;
    province: string;
    today: string;
    next: string;
  }>(
    db,
    sql`select p.id::int, p.sku, j.name as province, current_date::text as today,
               (date_trunc('month', current_date) + interval '1 month')::date::text as next
          from products p join parameters j on j.id = p.stamp_jurisdiction_id
         where p.type = 'finished_good' and p.status = 'active' and p.volume_ml = 30
           and p.stamp_jurisdiction_id is not null
           and exists (select 1 from price_tier_prices tp join price_tiers t on t.id = tp.price_tier_id
                        where tp.product_id = p.id and t.code = 'WHOLESALE')
         order by p.sku limit 1`,
  );
  expect(row).toBeDefined();
  ({ id: productId, sku, province, today, next: nextMonth } = row!);
  // The demo's province charges its additional duty at the federal amounts since July 2024.
  const [extra] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from vaping_duty_rates r
         where r.kind = 'additional' and r.effective_from <= current_date
           and r.stamp_jurisdiction_id = (select stamp_jurisdiction_id from products where id = ${productId})`,
  );
  expect(extra?.n).toBe(1);
  admin = await duty.signedIn('admin', '/general/vaping_duty_rates');
  sale = await duty.signedIn('sale', '/sales');
});

async function orderDated(date: string): Promise<string> {
  await sale.goto(`${duty.suite.server.url}/sale/new`);
  await pick(sale, 'Customer', 'Maple Leaf Vape Distribution', 'Maple');
  await pick(sale, 'Ship from', 'Main warehouse', 'Main');
  const ordered = sale.getByRole('textbox', { name: 'Ordered', exact: true });
  await ordered.fill(typed(date));
  await sale.keyboard.press('Escape');
  await sale.getByRole('button', { name: 'Add line' }).click();
  await pick(sale, 'Product (line 1)', sku);
  await sale.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('6');
  await save(sale, /^\/sale\/\d+$/);
  const totals = sale.getByLabel('Order totals');
  await expect.poll(() => totals.innerText()).toMatch(/Vaping duty \$/);
  return totals.innerText();
}

describe('admin changes the vaping duty rate and sales orders follow their date', () => {
  it('adds a federal rate effective next month, listed beside the shipped ones', async () => {
    await admin.getByRole('button', { name: 'New vaping duty rate' }).click();
    const form = admin.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Effective from', exact: true }).fill(typed(nextMonth));
    await admin.keyboard.press('Escape');
    await form.getByRole('textbox', { name: 'Per first-tier step', exact: true }).fill('1.50');
    await form.getByRole('textbox', { name: 'Per step above', exact: true }).fill('1.50');
    await form.getByRole('textbox', { name: 'Note', exact: true }).fill('Next month’s increase');
    await saveScreenshot(admin, 'journey-vaping-duty-rate-form');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    const row = admin.getByRole('row').filter({ hasText: 'Next month’s increase' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/1\.5/);
    await saveScreenshot(admin, 'journey-vaping-duty-rates');
  });

  it('prices an order dated next month with the new rate and one dated today with the old', async () => {
    // 6 bottles of 30 mL, 7 steps each: ($10.50 federal + $7.84 provincial) next month,
    // ($7.84 + $7.84) today.
    expect(await orderDated(nextMonth)).toMatch(/Vaping duty \$110\.04/);
    await saveScreenshot(sale, 'journey-vaping-duty-order-after');
    expect(await orderDated(today)).toMatch(/Vaping duty \$94\.08/);
    await saveScreenshot(sale, 'journey-vaping-duty-order-before');
  });

  it("enters the province's increase with the keyboard; next month's order owes both new duties", async () => {
    await admin.getByRole('button', { name: 'New vaping duty rate' }).focus();
    await admin.keyboard.press('Enter');
    const form = admin.getByRole('dialog');
    const kind = form.getByRole('combobox', { name: 'Duty', exact: true });
    await kind.and(admin.locator(':focus')).waitFor();
    await admin.keyboard.press('ArrowDown');
    await arrowTo(admin, 'Provincial additional');
    await admin.keyboard.press('Enter');
    await tabToField(admin, 'Stamp jurisdiction');
    await typeAndChoose(admin, province.slice(0, 4), province);
    await tabToField(admin, 'Effective from');
    await admin.keyboard.type(typed(nextMonth));
    await admin.keyboard.press('Escape');
    await tabToField(admin, 'Per first-tier step');
    await admin.keyboard.type('1.50');
    await tabToField(admin, 'Per step above');
    await admin.keyboard.type('1.50');
    await tabToField(admin, 'Note');
    await admin.keyboard.type(`${province} increase`);
    await saveScreenshot(admin, 'journey-vaping-duty-provincial-form');
    await admin.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await admin
      .getByRole('row')
      .filter({ hasText: `${province} increase` })
      .waitFor();
    // 6 bottles × 7 steps × ($1.50 federal + $1.50 provincial).
    expect(await orderDated(nextMonth)).toMatch(/Vaping duty \$126\.00/);
    await saveScreenshot(sale, 'journey-vaping-duty-order-provincial');
    // The product's own page says what each bottle owes today: both duties, at today's rates.
    await admin.goto(`${duty.suite.server.url}/inventory/products/${productId}`);
    const owed = admin.getByTestId('product-duty');
    await owed.waitFor();
    expect(await owed.textContent()).toBe('Vaping duty $15.68 a unit');
    await saveScreenshot(admin, 'journey-vaping-duty-product');
  });

  it("downloads next month's order as a PDF from its screen, both duties on it", async () => {
    const id = Number(/\/sale\/(\d+)$/.exec(new URL(sale.url()).pathname)?.[1]);
    const [order] = await queryRows<{ number: string; code: string }>(
      duty.suite.server.server.database.db,
      sql`select so.number, j.code from sales_orders so, products p
            join parameters j on j.id = p.stamp_jurisdiction_id
           where so.id = ${id} and p.id = ${productId}`,
    );
    expect(order).toBeDefined();
    const shown = /Total (\$[\d,.]+)/.exec(await sale.getByLabel('Order totals').innerText());
    await saveScreenshot(sale, 'journey-vaping-duty-order-pdf');
    const [download] = await Promise.all([
      sale.waitForEvent('download'),
      sale.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-order-${order!.number}.pdf`);
    const pdf = readPdf(await readFile(await download.path()));
    const after = (label: string) => pdf.strings[pdf.strings.indexOf(label) + 1];
    // Each bottle: $10.50 federal and $10.50 of its province's, named.
    expect(pdf.strings).toEqual(
      expect.arrayContaining(['SALES ORDER', order!.number, '$10.50', `${order!.code} $10.50`]),
    );
    // 6 bottles, federal and the province's alike; the total is the screen's.
    expect(after('Federal excise duty')).toBe('$63.00');
    expect(after(`Provincial additional duty, ${province}`)).toBe('$63.00');
    expect(after('Total CAD')).toBe(shown?.[1]);
  });
});
