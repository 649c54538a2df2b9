import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { RECEIVINGS } from '../../../src/domain/entities/stock/receivings.entity.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { tokenFor } from '../../support/api-client.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save, savedRecordView, typeAndChoose } from '../../support/e2e-stock.ts';

// docs/journeys.md, Purchase: "warehouse: receive against the PO (partial)". The warehouse opens
// a receiving, chooses the supplier and its sent order, fills the lines from what is open,
// receives part of it and posts: the order reads partially received. Then, by keyboard, the
// rest of the same order: it reads received. On the demo's sent Maple Packaging order
// (60 ml bottles and caps). Between the two, the buyer reads on the order what closing it would
// cancel ("Close and cancel the open 12,000") and keeps it open. On a 390 px phone the
// receiving form is one column and its lines are cards, with nothing scrolling sideways.

const SUPPLIER = 'Maple Packaging';
const LOT = `PO-J-${Date.now().toString(36).toUpperCase()}`;

// The run's first suite builds the seeded template: minutes on a busy machine.
const desk = journey('journey-warehouse-po', 400_000);
let clerk: Page;

beforeAll(async () => {
  clerk = await desk.signedIn('warehouse');
});

/** The order the receiving on screen came against, as the API reads it. */
async function orderOfReceiving(): Promise<Row> {
  const id = Number(new URL(clerk.url()).pathname.split('/').pop());
  const api = entityClient(desk.suite.server.url, await tokenFor(desk.suite.server.url, 'admin'));
  const receiving = (await api.get<Row>(`${RECEIVINGS.api}/${id}`)).data;
  return (await api.get<Row>(`${PURCHASE_ORDERS.api}/${String(receiving.purchase_order_id)}`)).data;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Opens the calendar of the date `date` and holds that it stands against the field (above or
 * under it) without covering the field `next`, the one filled after it; then closes it.
 */
async function calendarLeavesNextField(page: Page, date: string, next: string, shot: string) {
  const field = page.getByRole('textbox', { name: date, exact: true });
  await field.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await calendar.waitFor();
  const placed = async () => {
    const [own, cal, after] = await Promise.all([
      field.boundingBox(),
      calendar.boundingBox(),
      page.getByRole('textbox', { name: next, exact: true }).boundingBox(),
    ]);
    if (!own || !cal || !after) return 'not shown';
    const against = cal.y + cal.height <= own.y + 1 || cal.y >= own.y + own.height - 1;
    if (!against) return 'away from its field';
    return overlap(cal, after) ? `covers ${next}` : 'clear';
  };
  await expect.poll(placed).toBe('clear');
  await saveScreenshot(page, shot);
  await page.keyboard.press('Escape');
  await calendar.waitFor({ state: 'hidden' });
}

const qty = (row: number) => clerk.getByRole('textbox', { name: `Qty (line ${row})`, exact: true });
const lot = (row: number) => clerk.getByRole('textbox', { name: `Lot (line ${row})`, exact: true });

describe('warehouse receives against a purchase order', () => {
  it('on a 390 px phone, before receiving: the receiving form is one column, its lines are cards, nothing scrolls sideways', async () => {
    const phone = await desk.signedIn('warehouse', '/inventory/receiving/new', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await pick(phone, 'Supplier', SUPPLIER, 'Maple');
    const supplier = await phone
      .getByRole('combobox', { name: 'Supplier', exact: true })
      .boundingBox();
    const location = await phone
      .getByRole('combobox', { name: 'Location', exact: true })
      .boundingBox();
    // One column: a later field sits under the first, not beside it.
    expect(location!.x).toBe(supplier!.x);
    expect(location!.y).toBeGreaterThan(supplier!.y);
    // The date's calendar opens clear of the packing slip number typed next.
    await calendarLeavesNextField(
      phone,
      'Received',
      'Packing slip',
      'journey-warehouse-po-phone-calendar',
    );
    await phone.getByRole('combobox', { name: 'Purchase order', exact: true }).click();
    await phone
      .getByRole('option', { name: /· sent/ })
      .first()
      .click();
    await phone.getByRole('button', { name: 'Receive against PO' }).click();
    const card = phone.getByRole('group', { name: 'Line 1', exact: true });
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await card.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).waitFor();
    await card.getByRole('textbox', { name: 'Lot (line 1)', exact: true }).waitFor();
    // No line table beside the cards.
    const lineTables = phone
      .locator('table')
      .filter({ has: phone.getByRole('textbox', { name: 'Qty (line 1)', exact: true }) });
    expect(await lineTables.count()).toBe(0);
    // Nothing on the page is wider than the phone.
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await saveScreenshot(phone, 'journey-warehouse-po-phone-top');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'journey-warehouse-po-phone');
  });

  it('chooses the supplier and its sent order, receives part of it and posts, by mouse', async () => {
    await clerk.goto(`${desk.suite.server.url}/inventory/receiving/new`);
    await pick(clerk, 'Supplier', SUPPLIER, 'Maple');
    const order = clerk.getByRole('combobox', { name: 'Purchase order', exact: true });
    await order.click();
    await clerk
      .getByRole('option', { name: /· sent/ })
      .first()
      .click();
    await clerk.getByRole('button', { name: 'Receive against PO' }).click();
    // The open lines come in with what is still open: 8,000 bottles and 12,000 caps.
    await expect.poll(() => qty(1).inputValue()).toBe('8,000');
    await expect.poll(() => qty(2).inputValue()).toBe('12,000');
    // The location is the order's ship-to.
    await expect
      .poll(() => clerk.getByRole('combobox', { name: 'Location', exact: true }).inputValue())
      .toBe('Main warehouse');
    // Part of the order came: 3,000 bottles and 5,000 caps.
    await qty(1).fill('3000');
    await qty(2).fill('5000');
    await lot(1).fill(`${LOT}-B`);
    await lot(2).fill(`${LOT}-C`);
    await calendarLeavesNextField(
      clerk,
      'Received',
      'Packing slip',
      'journey-warehouse-po-calendar',
    );
    await saveScreenshot(clerk, 'journey-warehouse-po-filled');
    await save(clerk, /^\/inventory\/receiving\/\d+$/);
    await act(clerk, 'Post', 'posted', 'journey-warehouse-po-confirm');
    const po = await orderOfReceiving();
    expect(po).toMatchObject({
      status: 'partially_received',
      receipt_status: 'partially_received',
    });
    const lines = po.lines as Row[];
    expect(lines.map((l) => l.qty_received)).toEqual([3000, 5000]);

    // The buyer reads on the order what closing it now gives up: the open 5,000 + 7,000. They
    // keep it open (the rest is on its way), leaving the question with Escape.
    const buyer = await desk.signedIn('purchase', `/purchase/${String(po.id)}`);
    const bar = buyer.getByRole('group', { name: 'Document actions' });
    const close = bar.getByRole('button', {
      name: 'Close and cancel the open 12,000',
      exact: true,
    });
    await close.click();
    const asked = buyer.getByRole('dialog', { name: `Close ${String(po.number)}?` });
    await asked.getByText('The open 12,000 will not come', { exact: false }).waitFor();
    await asked
      .getByRole('button', { name: 'Close and cancel the open 12,000', exact: true })
      .waitFor();
    await asked.getByRole('button', { name: 'Keep it open', exact: true }).waitFor();
    await saveScreenshot(buyer, 'journey-warehouse-po-close-asks');
    await buyer.keyboard.press('Escape');
    await asked.waitFor({ state: 'detached' });
    expect(await orderOfReceiving()).toMatchObject({ status: 'partially_received' });
  });

  it('receives the rest of the same order by keyboard: the order reads received', async () => {
    await clerk.goto(`${desk.suite.server.url}/inventory/receiving/new`);
    // The supplier picker has the cursor when the form opens.
    await expect
      .poll(() => clerk.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Supplier');
    await typeAndChoose(clerk, 'Maple', SUPPLIER);
    const order = clerk.getByRole('combobox', { name: 'Purchase order', exact: true });
    await order.focus();
    await clerk.keyboard.type('partially');
    await clerk
      .getByRole('option', { name: /· partially received/ })
      .first()
      .waitFor();
    await clerk.keyboard.press('ArrowDown');
    await clerk.keyboard.press('Enter');
    await expect.poll(() => order.inputValue()).toMatch(/partially received/);
    await clerk.keyboard.press('Tab');
    await expect
      .poll(() => clerk.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Receive against PO');
    await clerk.keyboard.press('Enter');
    await expect.poll(() => qty(1).inputValue()).toBe('5,000');
    await expect.poll(() => qty(2).inputValue()).toBe('7,000');
    await lot(1).focus();
    await clerk.keyboard.type(`${LOT}-B2`);
    await lot(2).focus();
    await clerk.keyboard.type(`${LOT}-C2`);
    await clerk.keyboard.press('Control+s');
    // The saved receiving's own page, not only its URL: under load the page lags the URL, and
    // a Post pressed on what was still on screen went to a page about to go (the flake).
    const saved = await savedRecordView(clerk, /^\/inventory\/receiving\/\d+$/);
    const bar = saved.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Post', exact: true }).focus();
    await clerk.keyboard.press('Enter');
    const dialog = clerk.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Post', exact: true }).focus();
    await clerk.keyboard.press('Enter');
    await bar.getByText(/^posted$/i).waitFor();
    const po = await orderOfReceiving();
    expect(po).toMatchObject({ status: 'received', receipt_status: 'received' });
    await saveScreenshot(clerk, 'journey-warehouse-po-received');
  });
});
