import type { Download, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../../modules/general/shared/entities/locations.entity.ts';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../../src/domain/entities/purchase/suppliers.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List, type Row } from '../../support/entity-crud.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { readPdf } from '../../support/pdf-text.ts';

// Journey (docs/journeys.md, Purchase): the buyer downloads a purchase order as a
// PDF to send it to the supplier, from the order's page and from its printable page, once by
// mouse and once by keyboard; then reads the open orders, the overdue one flagged. The file
// the browser saves is read back: a PDF of the order's number, supplier and total.

// A loaded machine may take longer than the default to start the server and browser.
const j = journey('purchase-pdf', 300_000);
let order: Row;
let supplier: Row;

beforeAll(async () => {
  const url = j.suite.server.url;
  const buyer = entityClient(url, await tokenFor(url, 'purchase'));
  // Places and products are read as admin: Administration's and Inventory's lists.
  const admin = entityClient(url, await tokenFor(url, 'admin'));
  supplier = (await buyer.get<List>(SUPPLIERS.api, { per_page: 1 })).data.rows[0]!;
  const where = (
    await admin.get<List>(LOCATIONS.api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'WH-MAIN' }] },
      ],
    })
  ).data.rows[0]!;
  const products = (await admin.get<List>('/api/inventory/products', { per_page: 2 })).data.rows;
  const reply = await buyer.send<Row>('POST', PURCHASE_ORDERS.api, {
    supplier_id: supplier.id,
    order_date: '2026-01-05',
    expected_date: '2026-01-20',
    ship_to_location_id: where.id,
    lines: products.map((p, i) => ({ product_id: p.id, qty: 10 * (i + 1), unit_price: 1.25 })),
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
  const approved = await buyer.send<Row>(
    'POST',
    `${PURCHASE_ORDERS.api}/${reply.data.id}/events/submit`,
    {
      version: reply.data.version,
    },
  );
  const sent = await buyer.send<Row>(
    'POST',
    `${PURCHASE_ORDERS.api}/${reply.data.id}/events/send`,
    // No SMTP here: the buyer sent the PDF themselves and says so.
    { version: approved.data.version, sent_by_hand: true },
  );
  expect(sent.httpStatus, JSON.stringify(sent.data)).toBe(200);
  order = sent.data;
}, 120_000);

/** The saved file: named after the order, a PDF by its first bytes, the order inside. */
async function expectOrderPdf(download: Download) {
  expect(download.suggestedFilename()).toBe(`${String(order.number)}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1500);
  const pdf = readPdf(bytes);
  expect(pdf.pageCount).toBe(1);
  expect(pdf.strings).toContain(String(order.number));
  expect(pdf.text).toContain(String(supplier.name));
  expect(pdf.strings).toContain('Total CAD');
}

const orderPage = (page: Page) => page.getByRole('button', { name: 'Download PDF' });

describe('purchase downloads a purchase order as PDF', () => {
  it('by mouse: from the order, then from its printable page', async () => {
    const page = await j.signedIn('purchase', `/purchase/${order.id}`, DESK);
    await orderPage(page).waitFor();
    await saveScreenshot(page, 'journey-purchase-pdf-order');
    const [fromOrder] = await Promise.all([page.waitForEvent('download'), orderPage(page).click()]);
    await expectOrderPdf(fromOrder);
    await page.getByRole('link', { name: 'Print' }).click();
    await page.getByRole('article', { name: 'Printable purchase order' }).waitFor();
    const [fromPrint] = await Promise.all([page.waitForEvent('download'), orderPage(page).click()]);
    await expectOrderPdf(fromPrint);
  });

  it('by keyboard: focus the button and press Enter', async () => {
    const page = await j.signedIn('purchase', `/purchase/${order.id}`, DESK);
    await orderPage(page).focus();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    await expectOrderPdf(download);
  });

  it('reads the open orders, the overdue one flagged, and opens it', async () => {
    const page = await j.signedIn('purchase', '/purchase/reports/open-orders', DESK);
    const grid = page.getByTestId('entity-grid');
    const row = grid.getByRole('row').filter({ hasText: String(order.number) });
    await row.getByText('Overdue', { exact: true }).waitFor();
    await saveScreenshot(page, 'journey-purchase-open-orders');
    await row.getByText(String(order.number), { exact: true }).dblclick();
    await page.waitForURL((url) => url.pathname === `/purchase/${order.id}`);
  });

  it('reads receipts vs orders: the supplier charted and listed with its orders', async () => {
    const page = await j.signedIn('purchase', '/purchase/reports/receipts-vs-orders', DESK);
    const chart = page.getByTestId('report-chart');
    await chart.locator('.recharts-surface').first().waitFor();
    const row = page
      .getByTestId('entity-grid')
      .getByRole('row')
      .filter({ hasText: String(supplier.name) });
    await row.waitFor();
    await saveScreenshot(page, 'journey-purchase-receipts-vs-orders');
  });
});
