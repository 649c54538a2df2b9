import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../../modules/general/shared/entities/locations.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { invoiceFilesApi } from '../../../src/domain/entities/purchase/invoice-files.ts';
import { PURCHASE_INVOICES } from '../../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../../src/domain/entities/purchase/suppliers.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, actionsOffered } from '../../support/e2e-stock.ts';
import { receivedOrder } from '../../support/invoice-fixtures.ts';

// Journey (docs/journeys.md, Purchase): the buyer enters the supplier's invoice from
// the purchase order. The invoice bills more bottles than came in and charges more for the
// caps than the PO said: the three-way match flags both before posting. The buyer bills what
// was received; the price variance is accepted with a reason by another person (the admin:
// whoever entered an invoice does not accept its own variance), which the buyer's open page
// shows as it happens; the buyer posts and the order is billed.
// On the way the buyer attaches the supplier's invoice PDF and downloads it back.
// Once by mouse, once by keyboard. The goods came in through receipts (another module's
// screens): the received quantities are written as a posted receipt writes them.

const j = journey('journey-invoice');
let buyer: Page;
/** The admin's page: the second pair of eyes on a price variance. */
let checker: Page;
let admin: EntityApiClient;
const STAMP = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  admin = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'admin'));
  buyer = await j.signedIn('purchase', '/invoices', DESK);
  checker = await j.signedIn('admin', '/invoices', DESK);
});

async function idOf(api: string, field: string, value: string) {
  const reply = await admin.get<List>(api, {
    filter: [{ field, field_type: 'text', filters: [{ operator: 'equals', value }] }],
  });
  const row = reply.data.rows[0];
  if (!row) throw new Error(`no ${value} at ${api}`);
  return row.id;
}

/** A sent order of 1,000 30 ml bottles (600 received) and 2,000 caps (all received). */
async function receivedBottlesAndCaps() {
  return receivedOrder(j.suite.server.server.database.db, admin, {
    supplierId: await idOf(SUPPLIERS.api, 'code', 'SUP-PACK'),
    shipTo: await idOf(LOCATIONS.api, 'code', 'WH-MAIN'),
    lines: [
      {
        productId: await idOf(PRODUCTS.api, 'sku', 'PK-BTL-30'),
        qty: 1000,
        unitPrice: 0.115,
        received: 600,
      },
      {
        productId: await idOf(PRODUCTS.api, 'sku', 'PK-CAP-CR'),
        qty: 2000,
        unitPrice: 0.065,
        received: 2000,
      },
    ],
  });
}

const cell = (name: string) => buyer.getByRole('textbox', { name, exact: true });

/** The supplier's PDF, as its e-mail brought it. */
const supplierPdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% Maple Packaging ${name}\n%%EOF\n`),
});

/** Attaches the supplier's PDF to the saved invoice, sees it listed and downloads it back. */
async function attachSupplierPdf(name: string, byKeyboard: boolean) {
  const pdf = supplierPdf(name);
  const files = buyer.getByRole('region', { name: "Supplier's invoice files" });
  const attach = files.getByRole('button', { name: 'Attach file' });
  const chooser = buyer.waitForEvent('filechooser');
  if (byKeyboard) {
    await attach.focus();
    await buyer.keyboard.press('Enter');
  } else {
    await attach.click();
  }
  await (await chooser).setFiles(pdf);
  await files.getByText(name, { exact: true }).waitFor();
  const download = files.getByRole('button', { name: `Download ${name}` });
  const [saved] = await Promise.all([
    buyer.waitForEvent('download'),
    byKeyboard ? download.press('Enter') : download.click(),
  ]);
  expect(saved.suggestedFilename()).toBe(name);
  expect((await readFile(await saved.path())).equals(pdf.buffer)).toBe(true);
}
const invoiceIdOfUrl = () => Number(/\/invoice\/(\d+)$/.exec(new URL(buyer.url()).pathname)?.[1]);

async function billedOn(orderId: number) {
  return (await admin.get<Row & { lines: Row[] }>(`${PURCHASE_ORDERS.api}/${orderId}`)).data;
}

describe('purchase enters the supplier invoice from the PO, sees the mismatch flagged, fixes, accepts and posts', () => {
  it('by mouse', async () => {
    const order = await receivedBottlesAndCaps();
    await buyer.goto(`${j.suite.server.url}/purchase/${order.id}`);
    await buyer.getByRole('link', { name: 'Enter invoice' }).click();
    await buyer.waitForURL((url) => url.pathname === `/purchase/${order.id}/invoice`);
    // Prefilled with what was received and not billed, at the PO's prices.
    expect(await cell('Qty billed (line 1 PK-BTL-30)').inputValue()).toBe('600');
    expect(await cell('Unit price (line 2 PK-CAP-CR)').inputValue()).toBe('0.065');
    await cell('Supplier invoice no').fill(`MP-${STAMP}-M`);
    await cell('Qty billed (line 1 PK-BTL-30)').fill('800');
    await cell('Unit price (line 2 PK-CAP-CR)').fill('0.07');
    // Flagged as typed, before anything is saved.
    const typed = (sku: string) => buyer.getByLabel(`Match as typed (line ${sku})`).innerText();
    await expect.poll(() => typed('PK-BTL-30')).toBe('Billed 800, received 600');
    await expect.poll(() => typed('PK-CAP-CR')).toMatch(/^Price \+7\.69\s?% vs PO$/);
    await buyer.getByRole('button', { name: 'Create draft' }).click();
    await buyer.waitForURL((url) => /^\/invoice\/\d+$/.test(url.pathname));

    const qtyAlert = buyer.getByRole('alert', { name: 'Quantity mismatch' });
    await qtyAlert
      .getByText('Line 1 (PK-BTL-30): billed 800 is more than the 600 received')
      .waitFor();
    await buyer
      .getByRole('alert', { name: 'Price variance' })
      .getByText(/Line 2 \(PK-CAP-CR\): 7\.69\s?%/)
      .waitFor();
    await attachSupplierPdf(`MP-${STAMP}-M.pdf`, false);
    await saveScreenshot(buyer, 'journey-invoice-mismatch');
    // Post is off until the quantities match and the variance is accepted, and the buyer who
    // entered the invoice is not the one to accept it.
    expect([...(await actionsOffered(buyer))].sort()).toEqual([
      'Accept variance',
      'Cancel invoice',
      'Post',
    ]);
    const actions = buyer.getByRole('group', { name: 'Document actions' });
    for (const name of ['Post', 'Accept variance']) {
      const button = actions.getByRole('button', { name, exact: true });
      expect(await button.getAttribute('aria-disabled'), name).toBe('true');
    }

    // Bill what came in; the price stays the supplier's, accepted with a reason.
    await cell('Qty billed (line 1 PK-BTL-30)').fill('600');
    await buyer.getByRole('button', { name: 'Save', exact: true }).click();
    await qtyAlert.waitFor({ state: 'detached' });
    await checker.goto(buyer.url());
    await checker
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Accept variance' })
      .click();
    const dialog = checker.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: 'Reason' })
      .fill('Cap price rise agreed with Maple Packaging');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    // The buyer's page, open all along, follows the acceptance.
    await buyer.getByText(/Accepted by .*: Cap price rise agreed/).waitFor();
    const moved = await act(buyer, 'Post', 'posted', 'journey-invoice-post-confirm');
    expect(moved).toEqual([
      `Bills 600 ea of PK-BTL-30 on ${String(order.number)}`,
      `Bills 2000 ea of PK-CAP-CR on ${String(order.number)}`,
    ]);
    await saveScreenshot(buyer, 'journey-invoice-posted');
    const billed = await billedOn(order.id);
    expect(billed.lines.map((l) => l.qty_billed)).toEqual([600, 2000]);
    expect(billed.billing_status).toBe('partially_billed');
  });

  it('by keyboard', async () => {
    const order = await receivedBottlesAndCaps();
    await buyer.goto(`${j.suite.server.url}/purchase/${order.id}`);
    await buyer.getByRole('link', { name: 'Enter invoice' }).press('Enter');
    await buyer.waitForURL((url) => url.pathname === `/purchase/${order.id}/invoice`);
    // The supplier's number has the cursor.
    await expect
      .poll(() => cell('Supplier invoice no').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await buyer.keyboard.type(`MP-${STAMP}-K`);
    await cell('Qty billed (line 1 PK-BTL-30)').focus();
    await buyer.keyboard.press('Control+a');
    await buyer.keyboard.type('700');
    await buyer.keyboard.press('Tab');
    await cell('Unit price (line 2 PK-CAP-CR)').focus();
    await buyer.keyboard.press('Control+a');
    await buyer.keyboard.type('0.0702');
    await buyer.keyboard.press('Control+s');
    await buyer.waitForURL((url) => /^\/invoice\/\d+$/.test(url.pathname));
    const qtyAlert = buyer.getByRole('alert', { name: 'Quantity mismatch' });
    await qtyAlert
      .getByText('Line 1 (PK-BTL-30): billed 700 is more than the 600 received')
      .waitFor();
    await attachSupplierPdf(`MP-${STAMP}-K.pdf`, true);

    await cell('Qty billed (line 1 PK-BTL-30)').focus();
    await buyer.keyboard.press('Control+a');
    await buyer.keyboard.type('600');
    await buyer.keyboard.press('Control+s');
    await qtyAlert.waitFor({ state: 'detached' });
    await checker.goto(buyer.url());
    await checker
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Accept variance' })
      .press('Enter');
    // The dialog puts the cursor in its reason once it has opened.
    const reason = checker.getByRole('dialog').getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await checker.keyboard.type('Quoted 0.0702 on the phone');
    await checker.getByRole('dialog').getByRole('button', { name: 'Yes' }).press('Enter');
    await buyer.getByText(/Accepted by .*: Quoted 0\.0702/).waitFor();
    const bar = buyer.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Post', exact: true }).press('Enter');
    await buyer
      .getByRole('dialog')
      .getByRole('button', { name: 'Post', exact: true })
      .press('Enter');
    await bar.getByText('Posted', { exact: true }).waitFor();
    const invoice = (await admin.get<Row>(`${PURCHASE_INVOICES.api}/${invoiceIdOfUrl()}`)).data;
    expect(invoice).toMatchObject({
      status: 'posted',
      variance_reason: 'Quoted 0.0702 on the phone',
    });
    const files = await admin.get<{ file_name: string }[]>(invoiceFilesApi(invoice.id));
    expect(files.data.map((f) => f.file_name)).toEqual([`MP-${STAMP}-K.pdf`]);
    expect((await billedOn(order.id)).lines.map((l) => l.qty_billed)).toEqual([600, 2000]);
  });

  it('reads the invoices and the match exceptions report, where the demo draft and the accepted variance show', async () => {
    await buyer.goto(`${j.suite.server.url}/invoices`);
    await buyer.getByText('MP-76988', { exact: true }).waitFor();
    await saveScreenshot(buyer, 'journey-invoice-list');
    await buyer.goto(`${j.suite.server.url}/purchase/reports/invoice-match-exceptions`);
    await buyer.getByText('GLY-2026-0418', { exact: true }).waitFor();
    await buyer.getByText('MP-77120', { exact: true }).waitFor();
    await saveScreenshot(buyer, 'journey-invoice-exceptions-report');
  });
});
