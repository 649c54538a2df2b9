import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import {
  act,
  actionsOffered,
  addLineWithProduct,
  filterToProduct,
  gridRows,
  pick,
  save,
  typeAndChoose,
} from '../../support/e2e-stock.ts';

// docs/journeys.md, Inventory: "inventory: receive stock (date defaults to today), move part to
// another location in one step, adjust with a typed reason, and see stock on hand and the
// movements report, each movement naming its document". The clerk alone, on the demo data,
// by mouse and by keyboard; every irreversible step is confirmed after reading what it moves.

const SKU = 'RM-NIC-FB-100';
const LOT = `J1-${Date.now().toString(36).toUpperCase()}`;

const stock = journey('journey-inventory');
let clerk: Page;

beforeAll(async () => {
  clerk = await stock.signedIn('inventory');
});

describe('inventory receives stock, moves part in one step, adjusts it and reads stock', () => {
  it('receives 50 into the main warehouse on a receipt dated today', async () => {
    await clerk.goto(`${stock.suite.server.url}/inventory/receiving/new`);
    // The receipt is dated today unless the clerk says otherwise.
    await expect
      .poll(() => clerk.getByRole('textbox', { name: 'Received', exact: true }).inputValue())
      .toBe(dayjs().format('MM/DD/YYYY'));
    await pick(clerk, 'Location', 'Main warehouse', 'Main');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    await clerk.getByRole('textbox', { name: 'Lot (line 1)', exact: true }).fill(LOT);
    await clerk.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('50');
    await save(clerk, /^\/inventory\/receiving\/\d+$/);
    const moved = await act(clerk, 'Post', 'posted');
    expect(moved).toEqual([`50 × ${SKU} (lot ${LOT}) into Main warehouse`]);
  });

  it('moves 20 of that lot to the production floor in one step, by keyboard', async () => {
    await clerk.goto(`${stock.suite.server.url}/inventory/transfer/new`);
    await pick(clerk, 'Kind', 'Stock');
    await pick(clerk, 'From', 'Main warehouse', 'Main');
    const to = clerk.getByRole('combobox', { name: 'To', exact: true });
    await to.focus();
    await typeAndChoose(clerk, 'Production', 'Production floor');
    await expect.poll(() => to.inputValue()).toBe('Production floor');
    // A new line takes the cursor to its product.
    await addLineWithProduct(clerk, SKU);
    // The lot picker offers only this product's lots on hand in the main warehouse, FEFO.
    await clerk.getByRole('combobox', { name: 'Lot (line 1)', exact: true }).focus();
    await clerk.keyboard.type(LOT);
    await clerk.getByRole('option', { name: `${LOT} · 50.000 ml available · no expiry` }).waitFor();
    await saveScreenshot(clerk, 'journey-inventory-lot-picker');
    await clerk.keyboard.press('ArrowDown');
    await clerk.keyboard.press('Enter');
    await clerk.getByRole('textbox', { name: 'Sent (line 1)', exact: true }).fill('20');
    await save(clerk, /^\/inventory\/transfer\/\d+$/);
    // On one site nothing is requested or shipped: one step moves it.
    const offers = await actionsOffered(clerk);
    expect(offers).toContain('Transfer');
    expect(offers).not.toContain('Request');
    expect(offers).not.toContain('Ship');
    const moved = await act(clerk, 'Transfer', 'received', 'journey-inventory-confirm-transfer');
    expect(moved).toEqual([`20 × ${SKU} (lot ${LOT}) from Main warehouse to Production floor`]);
  });

  it('adjusts 2 out of the floor with a typed reason', async () => {
    await clerk.goto(`${stock.suite.server.url}/inventory/stock-adjustment/new`);
    await pick(clerk, 'Location', 'Production floor', 'Production');
    await pick(clerk, 'Reason', 'Damage');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    await pick(clerk, 'Lot (line 1)', `${LOT} · 20.000 ml available · no expiry`, LOT);
    await clerk.getByRole('textbox', { name: 'Qty +/− (line 1)', exact: true }).fill('-2');
    await save(clerk, /^\/inventory\/stock-adjustment\/\d+$/);
    const moved = await act(clerk, 'Post', 'posted');
    expect(moved).toEqual([`2 × ${SKU} (lot ${LOT}) out of Production floor`]);
  });

  it('sees the lot on hand where it now is', async () => {
    await clerk.goto(`${stock.suite.server.url}/inventory/stock-on-hand`);
    await filterToProduct(clerk, '/inventory/stock-on-hand', SKU);
    await expect
      .poll(
        async () =>
          (
            await gridRows(clerk, '/inventory/stock-on-hand', [
              'location_id',
              'lot_id',
              'qty_on_hand',
            ])
          )
            .filter((r) => r.lot_id === LOT)
            .map((r) => `${r.location_id}: ${r.qty_on_hand}`)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['Main warehouse: 30.000', 'Production floor: 18.000']);
    await saveScreenshot(clerk, 'journey-inventory-stock-on-hand');
  });

  it('reads every movement of the lot in the movements report, each naming its document', async () => {
    const path = '/inventory/inventory-movements-details';
    await clerk.goto(`${stock.suite.server.url}${path}`);
    await filterToProduct(clerk, path, SKU);
    await expect
      .poll(
        async () =>
          (
            await gridRows(clerk, path, [
              'lot_id',
              'movement_type',
              'document_number',
              'location_id',
            ])
          )
            .filter((r) => r.lot_id === LOT)
            .map(
              (r) =>
                `${(r.document_number ?? '').replace(/\d+$/, 'n')} ${r.movement_type} ${r.location_id}`,
            )
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(
        [
          'RC-n Receipt Main warehouse',
          'TR-n Transfer out Main warehouse',
          'TR-n Transfer in Production floor',
          'SA-n Adjustment Production floor',
        ].sort(),
      );
    await saveScreenshot(clerk, 'journey-inventory-movements');
  });
});
