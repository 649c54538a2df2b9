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
// (60 ml bottles and caps).

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

const qty = (row: number) => clerk.getByRole('textbox', { name: `Qty (line ${row})`, exact: true });
const lot = (row: number) => clerk.getByRole('textbox', { name: `Lot (line ${row})`, exact: true });

describe('warehouse receives against a purchase order', () => {
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
