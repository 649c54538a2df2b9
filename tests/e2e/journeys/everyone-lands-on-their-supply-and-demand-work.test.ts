import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';

// Journey (docs/journeys.md, Everyone, with Purchase, Lab, Assembly and Sales): each person signs
// in through the login page and lands on the supply and demand work that waits for them on the
// demo plant. Purchase reads its drafts to submit, approved orders to send and the invoice the
// match holds, and an order sent meanwhile leaves its queue without a reload; the warehouse
// reads orders and lab receivings to receive; the supervisor lab receivings to inspect and to
// release; the sealer, stamper and cartoner the kit orders at their stage; sale its orders to
// allocate and ship. Each opens a row of its
// queue by mouse or keyboard and lands on that record.

const desk = journey('journey-home-queues', 400_000);

const myWork = (page: Page) => page.getByRole('region', { name: 'My work' });
const queue = (page: Page, title: string) => myWork(page).getByRole('region', { name: title });
/** The page on screen: the dashboard stays mounted, hidden, behind the one it opened. */
const shown = (page: Page, path: string) => page.locator(`[data-view-path="${path}"]`);

/** The numbers of `table`'s rows where `where` holds, the first first. */
async function numbers(table: string, where: string, order = 'id'): Promise<string[]> {
  const rows = await queryRows<{ number: string }>(
    desk.suite.server.server.database.db,
    sql`select number from ${sql.raw(table)} r where ${sql.raw(where)} order by ${sql.raw(order)}`,
  );
  return rows.map((r) => r.number);
}

/** Signs `who` in through the login page and waits for their home page's queues. */
async function landing(who: string): Promise<Page> {
  const page = await desk.loggedIn(who);
  await myWork(page).waitFor();
  return page;
}

let buyer: Page;

beforeAll(async () => {
  buyer = await landing('purchase');
});

describe('everyone lands on their supply and demand work', () => {
  it('shows purchase its drafts, orders to send and the held invoice; a draft opens by mouse', async () => {
    const drafts = await numbers('purchase_orders', `status = 'draft'`);
    const approved = await numbers('purchase_orders', `status = 'approved'`);
    expect(drafts.length * approved.length).toBeGreaterThan(0);
    const toSubmit = queue(buyer, 'Purchase order drafts to submit');
    await toSubmit.getByRole('link', { name: drafts[0]!, exact: true }).waitFor();
    await queue(buyer, 'Approved purchase orders to send')
      .getByRole('link', { name: approved[0]!, exact: true })
      .waitFor();
    await queue(buyer, 'Supplier invoices with a mismatch')
      .getByText(/bills more than was received/)
      .waitFor();
    // Floor and sales work is not the buyer's.
    await expect(queue(buyer, 'Purchase orders to receive').count()).resolves.toBe(0);
    await expect(queue(buyer, 'Sales orders to allocate').count()).resolves.toBe(0);
    await saveScreenshot(buyer, 'home-queues-purchase');

    await toSubmit.getByRole('link', { name: drafts[0]!, exact: true }).click();
    await buyer.waitForURL(/\/purchase\/\d+$/);
    const path = new URL(buyer.url()).pathname;
    await shown(buyer, path).getByText(drafts[0]!).first().waitFor();
  });

  it('takes an order sent meanwhile off the queue of orders to send, without a reload', async () => {
    await buyer.goBack();
    const toSend = queue(buyer, 'Approved purchase orders to send');
    const [approved] = await queryRows<{ id: number; number: string }>(
      desk.suite.server.server.database.db,
      sql`select id::int as id, number from purchase_orders where status = 'approved'
           order by expected_date nulls last, id limit 1`,
    );
    const link = toSend.getByRole('link', { name: approved!.number, exact: true });
    await link.waitFor();
    // Another buyer's desk sends it (the PDF sent by hand: the demo server has no email).
    const api = entityClient(
      desk.suite.server.url,
      await tokenFor(desk.suite.server.url, 'purchase'),
    );
    const order = (await api.get<Row>(`${PURCHASE_ORDERS.api}/${approved!.id}`)).data;
    const sent = await api.send('POST', `${PURCHASE_ORDERS.api}/${approved!.id}/events/send`, {
      version: order.version,
      sent_by_hand: true,
    });
    expect(sent.httpStatus, JSON.stringify(sent.data)).toBe(200);
    await link.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows the warehouse orders and lab receivings to receive; a lab receiving opens by keyboard', async () => {
    const page = await landing('warehouse');
    const toReceive = await numbers('purchase_orders', `status in ('sent', 'partially_received')`);
    await queue(page, 'Purchase orders to receive')
      .getByRole('link', { name: toReceive[0]!, exact: true })
      .waitFor();
    const [draft] = await numbers('lab_receivings', `status = 'draft'`);
    const lab = queue(page, 'Lab receivings to receive').getByRole('link', {
      name: draft!,
      exact: true,
    });
    await lab.waitFor();
    await expect(queue(page, 'Lab receivings to inspect').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-warehouse');
    await lab.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/lab\/receiving\/\d+$/);
    await shown(page, new URL(page.url()).pathname).getByText(draft!).first().waitFor();
  });

  it('shows the supervisor lab receivings to inspect; one opens by mouse', async () => {
    const page = await landing('supervisor');
    const [received] = await numbers('lab_receivings', `status = 'received'`);
    const link = queue(page, 'Lab receivings to inspect').getByRole('link', {
      name: received!,
      exact: true,
    });
    await link.waitFor();
    await expect(queue(page, 'Lab receivings to receive').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-supervisor');
    await link.click();
    await page.waitForURL(/\/lab\/receiving\/\d+$/);
    await shown(page, new URL(page.url()).pathname).getByText(received!).first().waitFor();
  });

  it('shows the supervisor lab receivings to release; one opens by keyboard', async () => {
    const page = await landing('supervisor');
    const [posted] = await numbers('lab_receivings', `status = 'posted'`);
    const link = queue(page, 'Lab receivings to release').getByRole('link', {
      name: posted!,
      exact: true,
    });
    await link.waitFor();
    await saveScreenshot(page, 'home-queues-supervisor-release');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/lab\/receiving\/\d+$/);
    await shown(page, new URL(page.url()).pathname).getByText(posted!).first().waitFor();
  });

  it("shows the sealer the kit orders to seal, which open on the crews' board", async () => {
    const page = await landing('sealer');
    const toSeal = await numbers(
      'assembly_orders',
      `r.status = 'released' or (r.status = 'in_progress' and r.stage = 'sealing')`,
      'due_date, id',
    );
    const link = queue(page, 'Kit orders to seal').getByRole('link', {
      name: toSeal[0]!,
      exact: true,
    });
    await link.waitFor();
    await expect(queue(page, 'Kit orders to stamp').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-sealer');
    await link.click();
    await page.waitForURL(/\/assembly\/assembly-dashboard$/);
    await page.locator(`[data-order="${toSeal[0]!}"]`).first().waitFor();
  });

  it("shows the stamper the kit orders to stamp, which open on the crews' board by keyboard", async () => {
    const page = await landing('stamper');
    const [toStamp] = await numbers(
      'assembly_orders',
      `r.status = 'in_progress' and r.stage = 'stamping'`,
      'due_date, id',
    );
    const link = queue(page, 'Kit orders to stamp').getByRole('link', {
      name: toStamp!,
      exact: true,
    });
    await link.waitFor();
    await expect(queue(page, 'Kit orders to seal').count()).resolves.toBe(0);
    await expect(queue(page, 'Kit orders to carton').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-stamper');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/assembly\/assembly-dashboard$/);
    await page.locator(`[data-order="${toStamp!}"]`).first().waitFor();
  });

  it("shows the cartoner the kit orders to carton, which open on the crews' board", async () => {
    const page = await landing('cartoner');
    const [toCarton] = await numbers(
      'assembly_orders',
      `r.status = 'in_progress' and r.stage = 'cartoning'`,
      'due_date, id',
    );
    const link = queue(page, 'Kit orders to carton').getByRole('link', {
      name: toCarton!,
      exact: true,
    });
    await link.waitFor();
    await expect(queue(page, 'Kit orders to stamp').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-cartoner');
    await link.click();
    await page.waitForURL(/\/assembly\/assembly-dashboard$/);
    await page.locator(`[data-order="${toCarton!}"]`).first().waitFor();
  });

  it('shows sale its orders to allocate and to ship; one opens by keyboard', async () => {
    const page = await landing('sale');
    const [toShip] = await numbers(
      'sales_orders',
      `r.status = 'confirmed' and exists (select 1 from sales_order_lines l
        where l.sales_order_id = r.id and l.qty_allocated > l.qty_shipped)`,
    );
    const link = queue(page, 'Sales orders to ship').getByRole('link', {
      name: toShip!,
      exact: true,
    });
    await link.waitFor();
    await expect(queue(page, 'Purchase order drafts to submit').count()).resolves.toBe(0);
    await saveScreenshot(page, 'home-queues-sale');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sale\/\d+$/);
    await shown(page, new URL(page.url()).pathname).getByText(toShip!).first().waitFor();
  });
});
