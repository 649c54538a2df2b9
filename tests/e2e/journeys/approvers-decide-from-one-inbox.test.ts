import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../../modules/general/shared/entities/currencies.entity.ts';
import { LOCATIONS } from '../../../modules/general/shared/entities/locations.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { RD_PROJECTS } from '../../../modules/rd/shared/entities/rd-projects.entity.ts';
import { SUPPLIERS } from '../../../src/domain/entities/purchase/suppliers.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { journey, LAPTOP } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Approvals): every approver sees one inbox of everything
// waiting for them across modules, with a live count in the top bar, and approves or rejects
// from it. The requests are made through the API as their makers (inventory, purchase) would
// make them; the approvers decide in the browser: product_approval_admin approves a product
// change by mouse, admin rejects a purchase order with a reason by keyboard, and admin's count
// in the top bar goes up, without a reload, when purchase submits another order.

const inbox = journey('journey-approvals-inbox', 180_000);
const STAMP = Date.now().toString(36).toUpperCase();
let admin: EntityApiClient;
let inventory: EntityApiClient;
let purchase: EntityApiClient;
let supplierId: number;
let productId: number;
let cad: number;
let warehouse: number;

const idOf = async (api: string, field: string, value: string) => {
  const reply = await admin.get<List>(api, {
    filter: [{ field, field_type: 'text', filters: [{ operator: 'equals', value }] }],
  });
  const row = reply.data.rows[0];
  if (!row) throw new Error(`no ${value} at ${api}`);
  return row.id;
};

/** A purchase order over the approval threshold, submitted for approval by purchase. */
async function poWaitingForApproval(): Promise<Row> {
  const po = await purchase.send<Row>('POST', PURCHASE_ORDERS.api, {
    supplier_id: supplierId,
    order_date: '2026-03-02',
    ship_to_location_id: warehouse,
    currency_id: cad,
    lines: [{ product_id: productId, qty: 100, unit_price: 120 }],
  });
  if (po.httpStatus !== 201) throw new Error(`no PO: ${JSON.stringify(po)}`);
  const submitted = await purchase.send<Row>(
    'POST',
    `${PURCHASE_ORDERS.api}/${po.data.id}/events/submit_for_approval`,
    { version: po.data.version },
  );
  if (submitted.data.status !== 'pending_approval') {
    throw new Error(`not pending approval: ${JSON.stringify(submitted)}`);
  }
  return submitted.data;
}

/** The inbox row of the document numbered `number`. */
const rowOf = (page: Page, number: string): Locator =>
  page.locator(`[data-testid="approval-row"][data-number="${number}"]`);

/** The top bar's count, as its badge says it. */
const countOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('approvals-count').getAttribute('data-count'));

beforeAll(async () => {
  const url = inbox.suite.server.url;
  admin = entityClient(url, await tokenFor(url, 'admin'));
  inventory = entityClient(url, await tokenFor(url, 'inventory'));
  purchase = entityClient(url, await tokenFor(url, 'purchase'));
  cad = await idOf(CURRENCIES.api, 'code', 'CAD');
  warehouse = await idOf(LOCATIONS.api, 'code', 'WH-MAIN');
  productId = await idOf(PRODUCTS.api, 'sku', 'FG-MANGO-06-30');
  supplierId = (
    await purchase.create(SUPPLIERS, {
      code: `SUP-INBOX-${STAMP}`,
      name: `Inbox supplier ${STAMP}`,
      currency_id: cad,
    })
  ).id;
}, 180_000);

describe('approvers decide from one inbox', () => {
  it('product_approval_admin approves a product change from the inbox by mouse', async () => {
    const measures = await admin.get<List>('/api/inventory/measures');
    const product = await admin.create(PRODUCTS, {
      sku: `INBOX-${STAMP}`,
      name: `Peach 30 ml ${STAMP}`,
      type: 'kit',
      measure_id: measures.data.rows.find((r) => r.code === 'ea')?.id,
      status: 'active',
    });
    const asked = await inventory.send<Row>('PUT', `${PRODUCTS.api}/${product.id}`, {
      name: `Peach Ice 30 ml ${STAMP}`,
      version: product.version,
    });
    expect(asked.httpStatus, JSON.stringify(asked.data)).toBe(202);
    const number = String(asked.data.change_set_number);

    const page = await inbox.signedIn('product_approval_admin', '/dashboard', LAPTOP);
    await page.getByTestId('approvals-badge').click();
    await page.waitForURL((url) => url.pathname === '/approvals');
    const row = rowOf(page, number);
    await row.waitFor();
    expect(await row.innerText()).toContain('Product change');
    expect(await row.textContent()).toContain('Inventory');
    await saveScreenshot(page, 'journey-approvals-inbox');
    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await admin.get<Row>(`${PRODUCTS.api}/${product.id}`)).data.name)
      .toBe(`Peach Ice 30 ml ${STAMP}`);
  });

  it('admin rejects a purchase order with a reason by keyboard', async () => {
    const po = await poWaitingForApproval();
    const number = String(po.number);
    const page = await inbox.signedIn('admin', '/approvals', LAPTOP);
    const row = rowOf(page, number);
    await row.waitFor();
    expect(await row.innerText()).toContain('Purchase order');

    await row.getByRole('button', { name: 'Reject', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Split it: two orders under the threshold, one per quarter');
    await saveScreenshot(page, 'journey-approvals-reject-reason');
    // Tab to the dialog's Yes and press it.
    const yes = dialog.getByRole('button', { name: 'Yes' });
    for (let i = 0; i < 6; i += 1) {
      if (await yes.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await yes.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    const read = await admin.get<Row>(`${PURCHASE_ORDERS.api}/${po.id}`);
    expect(read.data.status).toBe('draft');
  });

  it('rd_supervisor approves a requested R&D project from the inbox by keyboard', async () => {
    const url = inbox.suite.server.url;
    const requester = entityClient(url, await tokenFor(url, 'rd_requester'));
    const draft = await requester.create(RD_PROJECTS, { title: `Peach ice ${STAMP}` });
    const submitted = await requester.send<Row>(
      'POST',
      `${RD_PROJECTS.api}/${draft.id}/events/submit`,
      {
        version: draft.version,
      },
    );
    expect(submitted.data.status, JSON.stringify(submitted.data)).toBe('submitted');

    const page = await inbox.signedIn('rd_supervisor', '/approvals', LAPTOP);
    const row = rowOf(page, String(draft.number));
    await row.waitFor();
    expect(await row.innerText()).toContain('R&D project');
    await row.getByRole('button', { name: 'Approve', exact: true }).focus();
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    const read = await requester.get<Row>(`${RD_PROJECTS.api}/${draft.id}`);
    expect(read.data.status).toBe('approved');
  });

  it("admin's count in the top bar goes up live when purchase submits an order", async () => {
    const page = await inbox.signedIn('admin', '/dashboard', LAPTOP);
    // Connected, and the count read once (its channels are heard from its first answer on).
    await page.locator('[data-testid="realtime-status"][data-status="connected"]').waitFor();
    const badge = page.getByTestId('approvals-count');
    await expect.poll(() => badge.getAttribute('data-count'), { timeout: 20_000 }).toMatch(/^\d+$/);
    const before = await countOf(page);
    const po = await poWaitingForApproval();
    await expect.poll(() => countOf(page), { timeout: 20_000 }).toBe(before + 1);
    expect(await page.getByTestId('approvals-badge').getAttribute('aria-label')).toBe(
      `Approvals: ${before + 1} waiting for your decision`,
    );
    await saveScreenshot(page, 'journey-approvals-live-count');
    // It is in the inbox the badge opens.
    await page.getByTestId('approvals-badge').click();
    await rowOf(page, String(po.number)).waitFor();
  });
});
