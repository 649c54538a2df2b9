import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (Purchase × Sales × Admin): a document page open on one desk follows what another
// person does to it on theirs, without a reload. The buyer watches an order waiting for
// approval turn Approved as the admin approves it; the salesperson watches an order over the
// credit limit turn Confirmed as the admin overrides the limit. With a note typed and unsaved,
// the page keeps the note and says what changed and who changed it; the save, and a workflow
// step, sent on the version read before then say the same instead of a bare refusal.

const j = journey('journey-live-pages', 180_000);
let buyer: Page;
let seller: Page;
let admin: Page;
let purchaseApi: EntityApiClient;
let saleApi: EntityApiClient;
let ids: { supplier: number; material: number; main: number; customer: number; good: number };

/**
 * Broadcasts reach an open page in well under a second; this bound sits far below the pages'
 * 30 s safety poll, so a page that shows the change within it was told by the broadcast.
 */
const BROADCAST_BOUND_MS = 5_000;

beforeAll(async () => {
  const db = j.suite.server.server.database.db;
  const [found] = await queryRows<typeof ids>(
    db,
    sql`select (select id from suppliers order by id limit 1) as supplier,
               (select id from products where type <> 'finished_good' and status = 'active' order by id limit 1) as material,
               (select id from locations where code = 'WH-MAIN') as main,
               (select id from customers where name = 'Maple Leaf Vape Distribution') as customer,
               (select p.id from products p
                  join stock_balances b on b.product_id = p.id and b.qty_on_hand > 0
                  join stock_lots l on l.id = b.lot_id and l.status = 'released'
                  join locations w on w.id = b.location_id and w.code = 'WH-MAIN'
                 where p.type = 'finished_good' and p.status = 'active'
                   and exists (select 1 from price_tier_prices tp
                                 join price_tiers t on t.id = tp.price_tier_id
                                where tp.product_id = p.id and t.code = 'WHOLESALE')
                 group by p.id order by sum(b.qty_on_hand) desc limit 1) as good`,
  );
  ids = found!;
  const url = j.suite.server.url;
  purchaseApi = entityClient(url, await tokenFor(url, 'purchase'));
  saleApi = entityClient(url, await tokenFor(url, 'sale'));
  buyer = await j.loggedIn('purchase', DESK);
  seller = await j.loggedIn('sale', DESK);
  admin = await j.loggedIn('admin', DESK);
});

/** The buyer's order over the approval threshold, submitted: it waits for an admin. */
async function pendingPurchaseOrder(): Promise<Row> {
  const draft = await purchaseApi.send<Row>('POST', PURCHASE_ORDERS.api, {
    supplier_id: ids.supplier,
    order_date: '2026-11-02',
    ship_to_location_id: ids.main,
    lines: [{ product_id: ids.material, qty: 1000, unit_price: 10 }],
  });
  expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
  const submitted = await purchaseApi.send<Row>(
    'POST',
    `${PURCHASE_ORDERS.api}/${draft.data.id}/events/submit_for_approval`,
    { version: draft.data.version },
  );
  expect(submitted.data.status).toBe('pending_approval');
  return submitted.data;
}

/** A draft sales order of the key account, with its credit limit set to `limit` first. */
async function draftSalesOrder(limit: number): Promise<Row> {
  await queryRows(
    j.suite.server.server.database.db,
    sql`update customers set credit_limit = ${limit} where id = ${ids.customer}`,
  );
  const draft = await saleApi.send<Row>('POST', SALES_ORDERS.api, {
    customer_id: ids.customer,
    ship_from_location_id: ids.main,
    order_date: '2026-11-02',
    lines: [{ product_id: ids.good, qty: 24 }],
  });
  expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
  return draft.data;
}

/** The record's own view (the shell keeps views of other addresses alive). */
async function openRecord(page: Page, path: string): Promise<Locator> {
  await page.goto(`${j.suite.server.url}${path}`);
  const view = page.locator(`[data-view-path="${path}"]`);
  await view.getByRole('group', { name: 'Document actions' }).waitFor();
  return view;
}

/** The notice of a newer version held back, named by its title ("Changed meanwhile by …"). */
const CHANGED_MEANWHILE = /^Changed meanwhile by /;

const statusTag = (view: Locator, status: string) =>
  view.getByRole('group', { name: 'Document actions' }).getByText(new RegExp(`^${status}$`, 'i'));

/** The admin overrides the credit limit from the order's own page, by mouse. */
async function adminOverrides(path: string) {
  const view = await openRecord(admin, path);
  await view.getByRole('button', { name: 'Override credit', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Paid by wire this morning');
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await statusTag(view, 'confirmed').waitFor();
}

/** Types a note on the draft open on the seller's desk, not saving it. */
async function typeNote(view: Locator, text: string) {
  const note = view.getByRole('textbox', { name: 'Note', exact: true });
  await note.click();
  await note.fill(text);
}

describe('open document pages follow what others do to their record', () => {
  it('the buyer sees the order approved on the page open on their desk, without a reload', async () => {
    const order = await pendingPurchaseOrder();
    const path = `/purchase/${order.id}`;
    const watched = await openRecord(buyer, path);
    await statusTag(watched, 'pending approval').waitFor();
    await expect
      .poll(() => watched.getByRole('heading', { level: 3 }).first().innerText())
      .toBe(`Purchase order ${String(order.number)}`);

    const decided = await openRecord(admin, path);
    await decided.getByRole('button', { name: 'Approve', exact: true }).click();
    await statusTag(decided, 'approved').waitFor();
    const approvedAt = Date.now();
    await statusTag(watched, 'approved').waitFor({ timeout: BROADCAST_BOUND_MS });
    console.info(
      `the buyer's page showed Approved ${Date.now() - approvedAt} ms after the admin's`,
    );
    // The buyer's next step is offered on the version the admin left.
    await watched.getByRole('button', { name: /^Send\b/ }).waitFor();
    await saveScreenshot(buyer, 'journey-live-pages-po-approved');
  });

  it("the seller's order over the credit limit follows the admin's override", async () => {
    const order = await draftSalesOrder(1);
    expect(order.over_credit_limit).toBe(1);
    const path = `/sale/${order.id}`;
    const watched = await openRecord(seller, path);
    await statusTag(watched, 'draft').waitFor();
    await adminOverrides(path);
    await statusTag(watched, 'confirmed').waitFor({ timeout: BROADCAST_BOUND_MS });
    // Nothing was typed: the page shows the confirmed order as it now reads, and no notice.
    await watched.getByRole('button', { name: 'Allocate', exact: true }).waitFor();
    expect(await watched.getByRole('status', { name: CHANGED_MEANWHILE }).count()).toBe(0);
    await saveScreenshot(seller, 'journey-live-pages-so-overridden');
  });

  it('keeps a typed note, says what changed, and a stale save lists it', async () => {
    const order = await draftSalesOrder(1);
    const path = `/sale/${order.id}`;
    const watched = await openRecord(seller, path);
    await typeNote(watched, 'Deliver to the back dock');
    await adminOverrides(path);

    const notice = watched.getByRole('status', { name: CHANGED_MEANWHILE });
    await notice.waitFor({ timeout: BROADCAST_BOUND_MS });
    expect(await notice.getByRole('list', { name: 'What changed' }).innerText()).toContain(
      'Status: Draft → Confirmed',
    );
    // The typed note is still there, unsaved.
    expect(await watched.getByRole('textbox', { name: 'Note', exact: true }).inputValue()).toBe(
      'Deliver to the back dock',
    );
    await saveScreenshot(seller, 'journey-live-pages-so-held');

    await notice.getByRole('button', { name: 'Keep editing', exact: true }).click();
    await watched.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: 'Record changed' });
    await dialog.getByRole('list', { name: 'What changed' }).waitFor();
    expect(await dialog.innerText()).toContain('Status: Draft → Confirmed');
    await saveScreenshot(seller, 'journey-live-pages-so-stale-save');
    await dialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await statusTag(watched, 'confirmed').waitFor();
  });

  it('a workflow step sent on a version changed meanwhile says what changed', async () => {
    const order = await draftSalesOrder(1);
    const path = `/sale/${order.id}`;
    const watched = await openRecord(seller, path);
    await typeNote(watched, 'Customer asked to cancel');
    await adminOverrides(path);
    await watched
      .getByRole('status', { name: CHANGED_MEANWHILE })
      .waitFor({ timeout: BROADCAST_BOUND_MS });

    // The bar still offers the draft's steps: the seller cancels the order they see.
    await watched.getByRole('button', { name: 'Cancel order', exact: true }).click();
    const reason = seller.getByRole('dialog');
    await reason.getByRole('textbox', { name: 'Reason' }).fill('Customer asked to cancel');
    await reason.getByRole('button', { name: 'Yes', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: 'Record changed' });
    await dialog.getByRole('list', { name: 'What changed' }).waitFor();
    expect(await dialog.innerText()).toContain('Status: Draft → Confirmed');
    await saveScreenshot(seller, 'journey-live-pages-so-stale-act');
    await dialog.getByRole('button', { name: 'Reload', exact: true }).click();
    await statusTag(watched, 'confirmed').waitFor();
  });

  it('the orders lists show Status and Total at a desk, and open an order by Enter', async () => {
    for (const [page, path] of [
      [buyer, '/purchases'],
      [seller, '/sales'],
    ] as const) {
      await page.goto(`${j.suite.server.url}${path}`);
      const view = page.locator(`[data-view-path="${path}"]`);
      await view.locator('.ag-row').first().waitFor();
      const shown = await view.locator('.ag-root-wrapper').boundingBox();
      for (const [name, column] of [
        ['Status', 'status'],
        ['Total', 'total'],
      ] as const) {
        const header = view.locator(`.ag-header-cell[col-id="${column}"]`);
        expect((await header.innerText()).trim(), `${path}: ${column}`).toBe(name);
        const box = await header.boundingBox();
        expect(box, `${path}: ${name}`).not.toBeNull();
        expect(box!.x + box!.width, `${path}: ${name}`).toBeLessThanOrEqual(
          shown!.x + shown!.width,
        );
      }
      await saveScreenshot(page, `journey-live-pages-list${path.replace('/', '-')}`);
      // The first row's number cell, focused by a click, opens its order on Enter.
      const number = view.locator('.ag-row[row-index="0"] [col-id="number"]');
      const text = (await number.innerText()).trim();
      await number.click();
      await page.keyboard.press('Enter');
      await page
        .getByRole('heading', { level: 3 })
        .getByText(new RegExp(`${text}$`))
        .first()
        .waitFor();
    }
  });
});
