import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CHANGES } from '../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { journey, LAPTOP } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Inventory): an active product's edit becomes a change
// request that product_approval_admin approves or rejects, seeing the diff. The requests are
// set up through the API as the inventory user would make them (a role other than the one
// under test); the approver does the job in the browser, by mouse and by keyboard. Then the
// approver reads each change set from the change summary: its counts and its requests.

const approvals = journey('journey-product-approval', 180_000);
let page: Page;
let admin: EntityApiClient;
let maker: EntityApiClient;
const STAMP = Date.now().toString(36).toUpperCase();

type Requested = { product: Row; request: Row };

/** An active product (made by admin) and inventory's submitted edit of it. */
async function requestedEdit(sku: string, change: Record<string, unknown>): Promise<Requested> {
  const measures = await admin.get<List>('/api/inventory/measures');
  const product = await admin.create(PRODUCTS, {
    sku,
    name: `Menthol 60 ml ${sku}`,
    type: 'kit',
    measure_id: measures.data.rows.find((r) => r.code === 'ea')?.id,
    status: 'active',
    reorder_point: 10,
  });
  const reply = await maker.send<Row>('PUT', `${PRODUCTS.api}/${product.id}`, {
    ...change,
    version: product.version,
  });
  if (reply.httpStatus !== 202) throw new Error(`no change request: ${JSON.stringify(reply)}`);
  return { product, request: reply.data };
}

let approveMe: Requested;
let rejectMe: Requested;

beforeAll(async () => {
  const url = approvals.suite.server.url;
  admin = entityClient(url, await tokenFor(url, 'admin'));
  maker = entityClient(url, await tokenFor(url, 'inventory'));
  approveMe = await requestedEdit(`CHG-A-${STAMP}`, {
    name: 'Menthol Frost 60 ml',
    reorder_point: 40,
  });
  rejectMe = await requestedEdit(`CHG-R-${STAMP}`, { reorder_point: 5000 });
  page = await approvals.signedIn('product_approval_admin', '/inventory/products_changes', LAPTOP);
}, 180_000);

const diffRow = (field: string) =>
  page
    .getByRole('table', { name: 'Proposed changes' })
    .getByRole('row', { name: new RegExp(`^${field}`) });

async function openRequest(number: string) {
  const view = page.locator('[data-view-path="/inventory/products_changes"]');
  const cell = view.getByText(number, { exact: true });
  await cell.waitFor();
  await cell.dblclick();
  await page.waitForURL((url) => /^\/inventory\/product_changes\/\d+$/.test(url.pathname));
  await page.getByRole('heading', { name: `Product change ${number}` }).waitFor();
}

async function product(id: number): Promise<Row> {
  return (await admin.get<Row>(`${PRODUCTS.api}/${id}`)).data;
}

describe('product_approval_admin approves one change and rejects another, seeing the diff', () => {
  it('approves a rename, having read what changes', async () => {
    const number = String(approveMe.request.change_set_number);
    await openRequest(number);
    // The diff: each proposed field, the product as it is now against the proposal.
    await expect.poll(() => diffRow('Name').innerText()).toContain('Menthol Frost 60 ml');
    expect(await diffRow('Name').innerText()).toContain(String(approveMe.product.name));
    expect(await diffRow('Reorder point').innerText()).toMatch(/10\.000[\s\S]*40\.000/);
    await saveScreenshot(page, 'journey-product-change-diff');
    const bar = page.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    await bar.getByText('Applied', { exact: true }).waitFor();
    await expect
      .poll(async () => (await product(approveMe.product.id)).name)
      .toBe('Menthol Frost 60 ml');
    // Applied, the diff reads as before → after from the change log.
    await page.getByRole('columnheader', { name: 'After' }).waitFor();
    await saveScreenshot(page, 'journey-product-change-applied');
  });

  it('rejects an unreasonable reorder point with a reason, using the keyboard', async () => {
    await page.goto(`${approvals.suite.server.url}/inventory/products_changes`);
    const number = String(rejectMe.request.change_set_number);
    await openRequest(number);
    await expect.poll(() => diffRow('Reorder point').innerText()).toMatch(/5,?000\.000/);
    const reject = page
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Reject', exact: true });
    await reject.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    // The cursor is in the reason as the dialog opens: one types straight away.
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(
      '5000 units is a year of sales; keep 10 until the forecast says otherwise',
    );
    await saveScreenshot(page, 'journey-product-change-reject-reason');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page
      .getByRole('group', { name: 'Document actions' })
      .getByText('Rejected', { exact: true })
      .waitFor();
    const after = await product(rejectMe.product.id);
    expect(after).toMatchObject({ reorder_point: 10, version: rejectMe.product.version });
    const request = await admin.get<Row>(`${PRODUCT_CHANGES.api}/${rejectMe.request.id}`);
    expect(request.data).toMatchObject({ status: 'rejected' });
    expect(String(request.data.review_note)).toContain('year of sales');
  });

  /** The change set `number` from the summary list, opened on its own page. */
  async function changeSetPage(number: string) {
    await page.getByRole('heading', { name: `Change set ${number}` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/inventory\/change_summary\/\d+$/);
    return page.getByRole('table', { name: 'Product change requests' });
  }

  it('opens a change set from the summary and reads its requests, by mouse', async () => {
    await page.goto(`${approvals.suite.server.url}/inventory/change_summary`);
    const number = String(approveMe.request.change_set_number);
    await page.getByRole('gridcell', { name: number, exact: true }).first().dblclick();
    const requests = await changeSetPage(number);
    const row = requests.getByRole('row', { name: new RegExp(`Request #${approveMe.request.id}`) });
    await expect.poll(() => row.innerText()).toContain(String(approveMe.product.sku));
    expect(await row.innerText()).toContain('Applied');
    await saveScreenshot(page, 'journey-change-set');
    await row.getByRole('link', { name: `Request #${approveMe.request.id}` }).click();
    await page.waitForURL(
      (url) => url.pathname === `/inventory/product_changes/${approveMe.request.id}`,
    );
    await page.getByRole('heading', { name: `Product change ${number}` }).waitFor();
  });

  it('opens a change set from the summary and reads its requests, by keyboard', async () => {
    await page.goto(`${approvals.suite.server.url}/inventory/change_summary`);
    const number = String(rejectMe.request.change_set_number);
    await page.getByRole('gridcell', { name: number, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    const requests = await changeSetPage(number);
    const link = requests.getByRole('link', { name: `Request #${rejectMe.request.id}` });
    await expect.poll(() => requests.innerText()).toContain('Rejected');
    // Tab walks the page to the request's link; Enter opens its review.
    for (let step = 0; step < 200; step += 1) {
      await page.keyboard.press('Tab');
      if (await link.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === `/inventory/product_changes/${rejectMe.request.id}`,
    );
    await page.getByRole('heading', { name: `Product change ${number}` }).waitFor();
  });
});
