import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, actionsOffered, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (docs/journeys.md, Purchase): the buyer adds a supplier for the labels the
// demo plant runs short of (no supplier sells them yet), drafts a purchase order from the
// low-stock suggestions, submits it (over the approval threshold, so an admin approves it:
// set up through the API, another role's step), opens the printable order and sends it. An
// edit of the draft is thrown away with "Discard changes", beside the bar's "Cancel order".
// Once by mouse, once by keyboard, each with a label of its own.

const j = journey('journey-purchase');
let buyer: Page;
let admin: EntityApiClient;
const STAMP = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  admin = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'admin'));
  buyer = await j.signedIn('purchase', '/suppliers', DESK);
});

/** The admin's step: approves the order the buyer submitted, as read now. */
async function adminApproves(id: number) {
  const order = (await admin.get<Row>(`${PURCHASE_ORDERS.api}/${id}`)).data;
  const reply = await admin.send<Row>('POST', `${PURCHASE_ORDERS.api}/${id}/events/approve`, {
    version: order.version,
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
}

const orderIdOfUrl = () => Number(/\/purchase\/(\d+)$/.exec(new URL(buyer.url()).pathname)?.[1]);

/** From the orders list, drafts the order of `supplier` alone from the suggestions. */
async function draftFromLowStock(supplier: string, sku: string) {
  const dialog = buyer.getByRole('dialog', { name: 'Purchase orders from low stock' });
  await dialog.getByRole('table', { name: supplier }).getByText(sku, { exact: true }).waitFor();
  // Only this supplier's order: the other suppliers' suggestions stay for another day.
  for (const box of await dialog.getByRole('checkbox').all()) {
    const name = await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent);
    if ((await box.isChecked()) !== Boolean(name?.startsWith(supplier))) await box.click();
  }
  return dialog;
}

describe('purchase creates a supplier and a PO from low stock, has it approved and sends it', () => {
  it('by mouse: supplier, draft from suggestions, submit for approval, print, send', async () => {
    const supplier = `Lakeshore Labels ${STAMP}`;
    await buyer.getByRole('button', { name: 'New supplier' }).click();
    await buyer.waitForURL((url) => url.pathname === '/supplier/new');
    await buyer.getByRole('textbox', { name: 'Code', exact: true }).fill(`LSL-${STAMP}`);
    await buyer.getByRole('textbox', { name: 'Name', exact: true }).fill(supplier);
    await pick(buyer, 'Currency', 'CAD');
    await buyer.getByRole('textbox', { name: 'Tax number', exact: true }).fill('845120331RT0001');
    await buyer.getByRole('button', { name: 'Add line' }).click();
    await pick(buyer, 'Product (line 1)', 'PK-LBL-30');
    await buyer.getByRole('textbox', { name: 'Unit price (line 1)', exact: true }).fill('0.09');
    await buyer.getByRole('textbox', { name: 'MOQ (line 1)', exact: true }).fill('5000');
    await buyer.getByRole('textbox', { name: 'Lead time (days) (line 1)', exact: true }).fill('10');
    await saveScreenshot(buyer, 'journey-purchase-supplier-form');
    await save(buyer, /^\/supplier\/\d+$/);

    await buyer.goto(`${j.suite.server.url}/purchases`);
    await buyer.getByRole('button', { name: 'From low stock' }).click();
    const dialog = await draftFromLowStock(supplier, 'PK-LBL-30');
    await pick(buyer, 'Ship to', 'Main warehouse', 'Main');
    await saveScreenshot(buyer, 'journey-purchase-low-stock');
    await dialog.getByRole('button', { name: 'Create draft orders (1)' }).click();
    await buyer.waitForURL((url) => /^\/purchase\/\d+$/.test(url.pathname));
    const id = orderIdOfUrl();
    // Over the approval threshold: the buyer can only send it to an admin.
    // The workflow's steps, with the PDF download among the bar's own buttons.
    expect(await actionsOffered(buyer)).toEqual([
      'Submit for approval',
      'Download PDF',
      'Cancel order',
    ]);
    // Beside the bar's "Cancel order", the form's own button says it throws away what was
    // typed: the draft is left as it was saved.
    const qty = buyer.getByRole('textbox', { name: 'Qty (line 1)', exact: true });
    const saved = await qty.inputValue();
    await qty.fill('99999');
    await expect(buyer.getByRole('button', { name: 'Cancel', exact: true }).count()).resolves.toBe(
      0,
    );
    await buyer.getByRole('button', { name: 'Discard changes', exact: true }).click();
    // Leaving a changed form asks once more, as every way out of one does.
    await buyer
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Yes', exact: true })
      .click();
    await buyer.waitForURL((url) => url.pathname === '/purchases');
    await buyer.goto(`${j.suite.server.url}/purchase/${id}`);
    await expect.poll(() => qty.inputValue()).toBe(saved);
    await act(buyer, 'Submit for approval', 'pending approval');
    expect(await actionsOffered(buyer)).toContain('Approve');
    await adminApproves(id);

    await buyer.reload();
    await buyer.getByRole('group', { name: 'Document actions' }).getByText('approved').waitFor();
    await buyer.getByRole('link', { name: 'Print' }).click();
    const sheet = buyer.getByRole('article', { name: 'Printable purchase order' });
    await sheet.getByText(supplier).waitFor();
    expect(await sheet.innerText()).toMatch(/PK-LBL-30[\s\S]*HST 13%[\s\S]*Total CAD/);
    await saveScreenshot(buyer, 'journey-purchase-print');
    await buyer.getByRole('link', { name: 'Back to the order' }).click();
    // The new supplier has no email address: the buyer sends the PDF themselves and says so.
    const bar = buyer.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Send to supplier' }).click();
    const sending = buyer.getByRole('dialog', { name: /^Send PO-\d+ to / });
    await sending.getByText(`${supplier} has no email address`, { exact: false }).waitFor();
    await saveScreenshot(buyer, 'journey-purchase-send-by-hand');
    await sending.getByRole('button', { name: 'I sent it: mark as sent' }).click();
    await bar.getByText(/^sent$/i).waitFor();
  });

  it('by keyboard: the same for the 60 ml labels', async () => {
    const supplier = `Keyline Labels ${STAMP}`;
    await buyer.goto(`${j.suite.server.url}/supplier/new`);
    await buyer.getByRole('textbox', { name: 'Code', exact: true }).focus();
    await buyer.keyboard.type(`KLL-${STAMP}`);
    await buyer.keyboard.press('Tab');
    await buyer.keyboard.type(supplier);
    await buyer.keyboard.press('Tab');
    await typeAndChoose(buyer, 'CAD', 'CAD');
    await buyer.getByRole('button', { name: 'Add line' }).press('Enter');
    await expect
      .poll(() => buyer.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Product (line 1)');
    await typeAndChoose(buyer, 'PK-LBL-60', 'PK-LBL-60');
    await buyer.getByRole('textbox', { name: 'Unit price (line 1)', exact: true }).focus();
    await buyer.keyboard.type('0.2');
    await buyer.keyboard.press('Control+s');
    await buyer.waitForURL((url) => /^\/supplier\/\d+$/.test(url.pathname));

    await buyer.goto(`${j.suite.server.url}/purchases`);
    await buyer.getByRole('button', { name: 'From low stock' }).press('Enter');
    const dialog = await draftFromLowStock(supplier, 'PK-LBL-60');
    // The buyer orders 30,000 rather than the suggestion, typed over it (over the approval threshold).
    await dialog.getByRole('textbox', { name: 'Order PK-LBL-60', exact: true }).focus();
    await buyer.keyboard.press('Control+a');
    await buyer.keyboard.type('30000');
    // Ship to starts where the last order went (the one just made by mouse).
    await expect
      .poll(() => buyer.getByRole('combobox', { name: 'Ship to', exact: true }).inputValue())
      .toBe('Main warehouse');
    await dialog.getByRole('button', { name: 'Create draft orders (1)' }).press('Enter');
    await buyer.waitForURL((url) => /^\/purchase\/\d+$/.test(url.pathname));
    const id = orderIdOfUrl();
    const bar = buyer.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Submit for approval' }).press('Enter');
    await bar.getByText('Pending approval', { exact: true }).waitFor();
    await adminApproves(id);

    await buyer.reload();
    await bar.getByText('Approved', { exact: true }).waitFor();
    await buyer.getByRole('link', { name: 'Print' }).press('Enter');
    await buyer
      .getByRole('article', { name: 'Printable purchase order' })
      .getByText(supplier)
      .waitFor();
    await buyer.getByRole('link', { name: 'Back to the order' }).press('Enter');
    await bar.getByRole('button', { name: 'Send to supplier' }).press('Enter');
    await buyer
      .getByRole('dialog', { name: /^Send PO-\d+ to / })
      .getByRole('button', { name: 'I sent it: mark as sent' })
      .press('Enter');
    await bar.getByText('Sent', { exact: true }).waitFor();
    const order = (await admin.get<Row>(`${PURCHASE_ORDERS.api}/${id}`)).data;
    expect(order).toMatchObject({ status: 'sent', supplier_name: supplier });
    expect((order.lines as Row[]).map((l) => [l.product_sku, l.qty])).toEqual([
      ['PK-LBL-60', 30000],
    ]);
  });
});
