import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SALES_ORDERS } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (docs/journeys.md, Sales): sale creates an order for the demo's key
// account (Ontario, wholesale tier, the LOYAL-5 discount), finds the good by its name in a picker
// that offers only sellable goods with what is free of each, sees the tier price, the discount
// and Ontario HST the server computed (line by line under the editor before saving, and the
// same figures stored by the save), confirms it within the credit limit, allocates it
// from released stock and ships it, then opens the packing slip. Once by mouse, once by
// keyboard. Then, from a desk whose computer runs on UTC, the order shipped at 19:24 in Toronto
// on 11/24 (00:24 UTC on 11/25) reads 11/24 on the packing lists and on its slip: documents and
// lists give the plant's day, and times follow the user's zone, not the computer's
// (docs/domain/sales.md).

const sales = journey('journey-sale', 180_000);
let page: Page;
let sku = '';
let productName = '';
/** A carrier's name (propylene glycol): no sellable good, so the order's picker never offers it. */
let rawName = '';

beforeAll(async () => {
  // A finished good the wholesale tier prices with stock released at the main warehouse.
  const [good] = await queryRows<{ sku: string; name: string }>(
    sales.suite.server.server.database.db,
    sql`select p.sku, min(p.name) as name from products p
          join stock_balances b on b.product_id = p.id and b.qty_on_hand > 0
          join stock_lots l on l.id = b.lot_id and l.status = 'released'
          join locations w on w.id = b.location_id and w.code = 'WH-MAIN'
         where p.type = 'finished_good'
           and exists (select 1 from price_tier_prices tp join price_tiers t on t.id = tp.price_tier_id
                        where tp.product_id = p.id and t.code = 'WHOLESALE')
         group by p.sku having sum(b.qty_on_hand) >= 100 order by sum(b.qty_on_hand) desc limit 1`,
  );
  sku = good!.sku;
  productName = good!.name;
  const [raw] = await queryRows<{ name: string }>(
    sales.suite.server.server.database.db,
    sql`select name from products where type = 'carrier' order by id limit 1`,
  );
  rawName = raw!.name;
  page = await sales.signedIn('sale', '/sales');
});

/** `text` as a pattern matching itself. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const bar = () => page.getByRole('group', { name: 'Document actions' });
const orderId = () => Number(/\/sale\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

async function serverOrder(): Promise<Row> {
  const url = sales.suite.server.url;
  const api = entityClient(url, await tokenFor(url, 'sale'));
  return (await api.get<Row>(`${SALES_ORDERS.api}/${orderId()}`)).data;
}

/** The figures the bar shows are the server's: tier price, LOYAL-5, the vaping duty and HST. */
async function expectFigures() {
  const totals = page.getByLabel('Order totals');
  await expect
    .poll(() => totals.innerText())
    .toMatch(/Discounts −\$[\d,.]+ \(LOYAL-5\) · Vaping duty \$[\d,.]+ · HST/);
  const order = await serverOrder();
  expect(order).toMatchObject({
    ship_to_province: 'ON',
    price_tier_name: 'Wholesale and distributors',
  });
  expect(Number(order.discount_total)).toBeGreaterThan(0);
  expect(await totals.innerText()).toContain(
    new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(
      Number(order.total),
    ),
  );
}

const cad = (value: unknown) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(Number(value));

/** Before saving, the prices under the lines: line 1 at `qty`, with LOYAL-5, and the total. */
async function quotedBeforeSave(qty: string) {
  const panel = page.getByLabel('Prices before saving');
  const line = panel.getByRole('row', { name: 'Line 1 prices' });
  await expect.poll(() => line.getByRole('cell').nth(2).innerText()).toBe(qty);
  const text = await line.innerText();
  expect(text).toContain(sku);
  expect(text).toContain('LOYAL-5');
  const total = await panel.getByRole('row', { name: 'Total', exact: true }).innerText();
  expect(await panel.getByRole('row', { name: /^HST/ }).count()).toBe(1);
  return { line: text, total };
}

/** What the panel showed before the save is what the save stored. */
async function expectQuoteStored(quoted: { line: string; total: string }) {
  const order = await serverOrder();
  const [line] = order.lines as Row[];
  expect(quoted.line).toContain(cad(line!.line_total));
  expect(quoted.line).toContain(`LOYAL-5 −${cad(line!.discount_amount)}`);
  expect(quoted.total).toContain(cad(order.total));
}

describe('sale creates an order, confirms it, allocates and ships it', () => {
  it('by mouse', async () => {
    await page.getByRole('button', { name: 'New sales order' }).click();
    await page.waitForURL((url) => url.pathname === '/sale/new');
    await pick(page, 'Customer', 'Maple Leaf Vape Distribution', 'Maple');
    await pick(page, 'Ship from', 'Main warehouse', 'Main');
    await page.getByRole('button', { name: 'Add line' }).click();
    // The picker finds the good by its name and tells, beside its SKU, the name and what is
    // free to sell; a raw material is no sellable good and is not offered.
    const product = page.getByRole('combobox', { name: 'Product (line 1)', exact: true });
    await product.click();
    await product.fill(rawName);
    await page.getByText('Nothing found').waitFor();
    await product.fill(productName);
    const option = page.getByRole('option', { name: sku, exact: true });
    await expect
      .poll(() => option.locator('[title]').getAttribute('title'))
      .toMatch(
        new RegExp(`^${escaped(productName)} · \\d{1,3}(,\\d{3})*(\\.\\d+)? \\S+ available$`),
      );
    await saveScreenshot(page, 'journey-sale-product-by-name');
    await option.click();
    // The chosen good keeps its name and what is free under the picker.
    await page
      .getByText(new RegExp(`^${escaped(productName)} · [\\d,.]+ \\S+ available$`))
      .waitFor();
    await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('24');
    const quoted = await quotedBeforeSave('24');
    await saveScreenshot(page, 'journey-sale-prices-before-save');
    await save(page, /^\/sale\/\d+$/);
    await expectFigures();
    await expectQuoteStored(quoted);
    await saveScreenshot(page, 'journey-sale-draft');
    await act(page, 'Confirm', 'confirmed');
    await bar().getByRole('button', { name: 'Allocate', exact: true }).click();
    await expect.poll(async () => (await serverOrder()).allocation_status).toBe('allocated');
    await page.reload();
    const moved = await act(page, 'Ship', 'closed', 'journey-sale-ship-confirm');
    expect(moved.length).toBeGreaterThanOrEqual(0);
    expect(await serverOrder()).toMatchObject({ status: 'closed', shipping_status: 'shipped' });
    await page.getByRole('link', { name: 'Packing slip' }).click();
    const slip = page.getByRole('article', { name: 'Packing slip' });
    await slip.getByText(sku).first().waitFor();
    await saveScreenshot(page, 'journey-sale-packing-slip');
  });

  it('by keyboard', async () => {
    await page.goto(`${sales.suite.server.url}/sale/new`);
    await page.getByRole('combobox', { name: 'Customer', exact: true }).focus();
    await typeAndChoose(page, 'Maple', 'Maple Leaf Vape Distribution');
    await page.getByRole('combobox', { name: 'Ship from', exact: true }).focus();
    await typeAndChoose(page, 'Main', 'Main warehouse');
    await page.getByRole('button', { name: 'Add line' }).press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Product (line 1)');
    await typeAndChoose(page, sku, sku);
    await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).focus();
    await page.keyboard.type('12');
    const quoted = await quotedBeforeSave('12');
    await page.keyboard.press('Control+s');
    await page.waitForURL((url) => /^\/sale\/\d+$/.test(url.pathname));
    await expectFigures();
    await expectQuoteStored(quoted);
    await bar().getByRole('button', { name: 'Confirm', exact: true }).press('Enter');
    await bar()
      .getByText(/^confirmed$/i)
      .waitFor();
    await bar().getByRole('button', { name: 'Allocate', exact: true }).press('Enter');
    await expect.poll(async () => (await serverOrder()).allocation_status).toBe('allocated');
    await page.reload();
    await bar().getByRole('button', { name: 'Ship', exact: true }).press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ship', exact: true }).press('Enter');
    await bar()
      .getByText(/^closed$/i)
      .waitFor();
    await page.getByRole('link', { name: 'Packing slip' }).press('Enter');
    await page.getByRole('article', { name: 'Packing slip' }).getByText(sku).first().waitFor();
  });

  it("dates a shipment on the plant's day from a desk on UTC", async () => {
    const db = sales.suite.server.server.database.db;
    const [order] = await queryRows<{ id: number; number: string; list: string; list_id: number }>(
      db,
      sql`select o.id::int, o.number, a.number as list, a.id::int as list_id
            from sales_orders o join allocations a on a.sales_order_id = o.id
           where o.status = 'closed' and a.status = 'shipped'
           order by o.id desc limit 1`,
    );
    // 19:24 in Toronto on 11/24 is 00:24 UTC on 11/25: the moment the goods left.
    const leftAt = '2026-11-25 00:24:00+00';
    await db.execute(
      sql`update allocations set created_at = ${leftAt}::timestamptz where id = ${order!.list_id}`,
    );
    // The ledger is append-only: its rows move back in time with the guard off for a moment.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table stock_movements disable trigger plantline_append_only`);
      await tx.execute(
        sql`update stock_movements set moved_at = ${leftAt}::timestamptz
             where source_type = 'allocations' and source_id = ${order!.list_id}
               and movement_type = 'ship'`,
      );
      await tx.execute(sql`alter table stock_movements enable trigger plantline_append_only`);
    });
    const onUtc = { ...DESK, timezoneId: 'UTC' };
    // Shipping reads the packing lists: the computer's own clock says the 25th, the screen
    // the plant's 24th.
    const lists = await sales.signedIn('shipping', '/inventory/allocation', onUtc);
    expect(await lists.evaluate(() => new Date('2026-11-25T00:24:00Z').getDate())).toBe(25);
    const row = lists.locator('.ag-row', { hasText: order!.list });
    await expect
      .poll(() => row.locator('[col-id="created_at"]').innerText())
      .toMatch(/^11\/24\/2026 19:24/);
    await saveScreenshot(lists, 'journey-sale-packing-lists-plant-day');
    // Sale reads the order's packing slip.
    const desk = await sales.signedIn('sale', `/sale/${order!.id}/packing-slip`, onUtc);
    const slip = desk.getByRole('article', { name: 'Packing slip' });
    await slip.getByText('Shipped: 11/24/2026', { exact: true }).waitFor();
    await saveScreenshot(desk, 'journey-sale-packing-slip-plant-day');
  });
});
