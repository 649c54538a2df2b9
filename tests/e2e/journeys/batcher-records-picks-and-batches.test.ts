import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../../src/domain/entities/production/production-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { floorOrder, type FloorSetup } from '../../support/floor-order.ts';

// Journey (docs/journeys.md, Production): the batcher records the picks, confirming the lots and
// bins (scan or pick), then starts and finishes batching, from the production dashboard. The
// first pick is chosen with the mouse from the lots and bins on hand; the others are scanned
// (typed, Enter) the way a barcode scanner does, one of them first with a lot that does not
// exist, which the server refuses on its line. The order was planned, approved and released through the API.

type Pick = Row & {
  product_sku: string;
  lot_no: string | null;
  bin_code: string | null;
  required_qty: number;
  picked_qty: number;
  picked_by_name: string | null;
};

const card = (page: Page, column: string, number: string) =>
  page.locator(`section[data-column="${column}"] [data-order="${number}"]`);

describe('batcher records picks confirming lots and bins, starts and finishes batching', () => {
  let suite: ShellSuite;
  let context: BrowserContext;
  let page: Page;
  let setup: FloorSetup;
  let picks: Pick[];

  beforeAll(async () => {
    suite = await startShellSuite();
    setup = await floorOrder(suite.server.url, 'released');
    const admin = entityClient(suite.server.url, await tokenFor(suite.server.url, 'admin'));
    const detail = await admin.get<{ picks: Pick[] }>(`${PRODUCTION_ORDERS.api}/${setup.order.id}`);
    picks = detail.data.picks;
    ({ context, page } = await openSignedIn(suite, 'batcher', '/production/production-dashboard', {
      viewport: { width: 1600, height: 900 },
    }));
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureScreenshot(page, 'batcher-journey-failed');
  });
  afterAll(async () => {
    await context?.close();
    await suite?.close();
  });

  it('shows each pick with its suggested lot and bin', async () => {
    expect(picks.length).toBeGreaterThan(1);
    const order = card(page, 'released', setup.order.number);
    await expect(order.getByRole('button', { name: 'Start batching' }).count()).resolves.toBe(0);
    await order.getByRole('button', { name: 'Record picks' }).click();
    const dialog = page.getByRole('dialog', { name: `Record picks of ${setup.order.number}` });
    for (const pick of picks) {
      const line = dialog.getByRole('region', { name: `Pick of ${pick.product_sku}` }).first();
      await expect(line.locator('[data-suggested]').textContent()).resolves.toContain(
        `lot ${pick.lot_no ?? '(none)'} · bin ${pick.bin_code ?? '(none)'}`,
      );
    }
    await saveScreenshot(page, 'batcher-journey-picks');
  });

  it('picks one lot and bin with the mouse, scans the rest, and refuses a wrong lot on its line', async () => {
    const dialog = page.getByRole('dialog', { name: `Record picks of ${setup.order.number}` });
    const [first, second, ...rest] = picks;
    // Picked with the mouse from what is on hand there, then confirmed.
    await dialog
      .getByRole('combobox', { name: `Lot of ${first!.product_sku}` })
      .first()
      .click();
    await saveScreenshot(page, 'batcher-journey-lot-options');
    await page
      .getByRole('option')
      .filter({ hasText: first!.lot_no ?? '' })
      .first()
      .click();
    await dialog
      .getByRole('combobox', { name: `Bin of ${first!.product_sku}` })
      .first()
      .click();
    await page.getByRole('option', { name: first!.bin_code ?? '', exact: true }).click();
    await dialog
      .getByRole('checkbox', { name: `Confirm ${first!.product_sku}` })
      .first()
      .check();
    // The scanner reads a label that is no lot of this ingredient.
    await dialog
      .getByRole('combobox', { name: `Lot of ${second!.product_sku}` })
      .first()
      .click();
    await page.keyboard.type('NOT-A-LOT');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    for (const pick of rest) {
      await page.keyboard.type(pick.lot_no ?? '');
      await page.keyboard.press('Enter');
      await page.keyboard.type(pick.bin_code ?? '');
      await page.keyboard.press('Enter');
    }
    // Every line is confirmed, so Enter on the focused Record picks sends them.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Record picks');
    await page.keyboard.press('Enter');
    await dialog.getByText('NOT-A-LOT is not a lot of this ingredient').waitFor();
    await saveScreenshot(page, 'batcher-journey-refused');
    // The right drum: the lot field is selected on focus, so the scan replaces what was there.
    await dialog
      .getByRole('combobox', { name: `Lot of ${second!.product_sku}` })
      .first()
      .focus();
    await page.keyboard.type(second!.lot_no ?? '');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Record picks' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'released', setup.order.number)
      .getByRole('button', { name: 'Start batching' })
      .waitFor();
    const admin = entityClient(suite.server.url, await tokenFor(suite.server.url, 'admin'));
    const after = await admin.get<{ picks: Pick[] }>(`${PRODUCTION_ORDERS.api}/${setup.order.id}`);
    for (const pick of after.data.picks) {
      const before = picks.find((p) => p.id === pick.id)!;
      expect(Number(pick.picked_qty)).toBeCloseTo(Number(before.required_qty), 3);
      expect(pick.lot_no).toBe(before.lot_no);
      expect(pick.bin_code).toBe(before.bin_code);
      expect(pick.picked_by_name).toBeTruthy();
    }
  });

  it('starts batching with the mouse and finishes it with the keyboard', async () => {
    await card(page, 'released', setup.order.number)
      .getByRole('button', { name: 'Start batching' })
      .click();
    const batching = card(page, 'batching', setup.order.number);
    await batching.getByRole('button', { name: 'Finish batching' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const volume = dialog.getByRole('textbox', { name: 'Actual batch volume' });
    await volume.waitFor();
    await volume.fill('3700');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'hplc', setup.order.number).waitFor();
    const done = await setup.read();
    expect(done.stage).toBe('hplc_pending');
    expect(Number(done.actual_batch_ml)).toBe(3700);
  });
});
