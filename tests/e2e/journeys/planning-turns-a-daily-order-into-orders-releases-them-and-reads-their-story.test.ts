import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../../src/domain/entities/production/production-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  freshPage,
  logIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { arrowTo } from '../../support/e2e-stock.ts';

// The planning journey (docs/journeys.md, Production): a planner turns the Montréal centre's
// submitted daily order into production orders, choosing their flow in the picker with the
// keyboard; submits and releases both at once from the orders list, told per order what
// happened; sees them arrive on the production dashboard; and opens one to read its whole
// story. The only API call is the manager's approval, which another role makes.

const DAILY_ORDER = 'DO-00002';
const FLOW = 'E-liquid to transfer';

type Order = { id: number; number: string };

/** A row of the orders grid (rows are keyed by the order's id). */
const orderRow = (page: Page, order: Order): Locator =>
  page.locator(`[role="row"][row-id="${order.id}"]`);

/** The row's selection checkbox. */
const checkbox = (page: Page, order: Order): Locator =>
  orderRow(page, order).locator('input[type="checkbox"]');

async function report(page: Page, event: string, orders: readonly Order[]): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: `${event}: ${orders.length} of 2 orders` });
  await dialog.waitFor();
  for (const order of orders) {
    await dialog.locator(`tr[data-order="${order.number}"][data-result="done"]`).waitFor();
  }
  return dialog;
}

describe('planning turns a daily order into orders, releases them and reads their story', () => {
  let suite: ShellSuite;
  let context: BrowserContext;
  let page: Page;
  let orders: Order[] = [];

  beforeAll(async () => {
    suite = await startShellSuite();
    ({ context, page } = await freshPage(suite, { viewport: { width: 1600, height: 900 } }));
    await logIn(page, suite.server.url, 'planning');
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      await saveFailureScreenshot(
        page,
        `planning-journey-failed-${task.name.slice(0, 20).replaceAll(' ', '-')}`,
      );
    }
  });
  afterAll(async () => {
    await context?.close();
    await suite?.close();
  });

  it('accepts the daily order, choosing the flow with the keyboard', async () => {
    await page.goto(`${suite.server.url}/production/daily-orders`);
    await page.getByRole('gridcell', { name: DAILY_ORDER, exact: true }).dblclick();
    await page.waitForURL(/\/production\/daily-order\/\d+$/);
    // The daily order's own story so far: the requester submitted it.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.locator('[data-event="submit"]').waitFor();

    const bar = page.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept daily order' });
    const flow = dialog.getByLabel('Flow', { exact: true });
    await expect.poll(() => flow.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(FLOW);
    await page.getByRole('option', { name: FLOW, exact: true }).waitFor();
    // The stamped flow matches the words too: arrows to the one meant, Enter takes it.
    await arrowTo(page, FLOW);
    await page.keyboard.press('Enter');
    await expect.poll(() => flow.inputValue()).toBe(FLOW);
    await saveScreenshot(page, 'planning-journey-accept-flow');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText(`Daily order ${DAILY_ORDER}: accepted`).waitFor();

    const links = page.getByRole('group', { name: 'Production orders' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(2);
    orders = await links.evaluateAll((anchors) =>
      anchors.map((a) => ({
        id: Number(new URL((a as HTMLAnchorElement).href).pathname.split('/').pop()),
        number: a.textContent ?? '',
      })),
    );
    expect(orders.map((o) => o.number)).toEqual([
      expect.stringMatching(/^MO-\d{5}$/),
      expect.stringMatching(/^MO-\d{5}$/),
    ]);
    await timeline.locator('[data-event="accept"]').waitFor();
  });

  it('submits both orders at once, then releases both once the manager has approved', async () => {
    await page.goto(`${suite.server.url}/production/production-orders`);
    const [first, second] = orders as [Order, Order];
    // One checkbox by mouse, the other from the keyboard: focus its row, Space selects it.
    await checkbox(page, first).check();
    await orderRow(page, second).getByRole('gridcell', { name: second.number }).click();
    await page.keyboard.press('Space');
    const selected = page.getByRole('group', { name: 'Selected orders' });
    await selected.getByText('2 selected').waitFor();
    await selected.getByRole('button', { name: 'Submit selected' }).click();
    let dialog = await report(page, 'Submit', orders);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });

    const manager = entityClient(suite.server.url, await tokenFor(suite.server.url, 'manager'));
    for (const order of orders) {
      const { version } = (await manager.get<Row>(`${PRODUCTION_ORDERS.api}/${order.id}`)).data;
      const approved = await manager.send(
        'POST',
        `${PRODUCTION_ORDERS.api}/${order.id}/events/approve`,
        {
          version,
        },
      );
      expect(approved.httpStatus).toBe(200);
    }
    // The list follows live: without a reload, both selected rows may now be released.
    await checkbox(page, first).check();
    await checkbox(page, second).check();
    await selected.getByRole('button', { name: 'Release selected' }).click();
    dialog = await report(page, 'Release', orders);
    await expect(dialog.getByText('Approved → Released').count()).resolves.toBe(2);
    await saveScreenshot(page, 'planning-journey-release-report');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
  });

  it('sees both released orders on the production dashboard', async () => {
    expect(orders).toHaveLength(2);
    await page.goto(`${suite.server.url}/production/production-dashboard`);
    for (const order of orders) {
      await page
        .locator(`section[data-column="released"] [data-order="${order.number}"]`)
        .waitFor();
    }
    await saveScreenshot(page, 'planning-journey-dashboard');
  });

  it('opens an order from its card and reads its whole story', async () => {
    const [first] = orders as [Order];
    await page
      .locator(`[data-order="${first.number}"]`)
      .getByRole('link', { name: first.number })
      .click();
    await page.waitForURL(`**/production/production-orders/${first.id}`);
    await page.getByRole('heading', { name: `Production order ${first.number}` }).waitFor();
    const quantities = page.getByRole('region', { name: 'Quantities' });
    await quantities
      .getByText(/^\d{1,3}(,\d{3})* units$/)
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Picks' }).waitFor();
    await page.getByRole('region', { name: 'HPLC requests and results' }).waitFor();

    const timeline = page.getByRole('region', { name: 'Timeline' });
    for (const event of ['create', 'submit', 'approve', 'release']) {
      await timeline.locator(`[data-event="${event}"]`).waitFor();
    }
    await timeline.getByText(`Daily order: ${DAILY_ORDER}`).waitFor();
    const release = timeline.locator('[data-event="release"]');
    await release.getByText(/^Approved$/).waitFor();
    await release.getByText(/^Released$/).waitFor();
    // Who and when: the planner's name and a MM/DD/YYYY HH:mm:ss moment.
    await expect(release.locator('time').textContent()).resolves.toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await saveScreenshot(page, 'planning-journey-order-story');
  });

  it('opens the other order from the list with the keyboard', async () => {
    const [, second] = orders as [Order, Order];
    await page.getByRole('link', { name: 'All production orders' }).click();
    await orderRow(page, second).getByRole('gridcell', { name: second.number }).click();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/production/production-orders/${second.id}`);
    await page.getByRole('heading', { name: `Production order ${second.number}` }).waitFor();
  });
});
