import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { floorOrder, type FloorSetup } from '../../support/floor-order.ts';

// Journey (docs/journeys.md, Production): the bottler starts and finishes bottling from the
// production dashboard, then records the label check on a phone (390 × 844) from the label
// check logs, choosing the order in labeling and scanning the UPC and the lot. The order was
// planned, batched and passed by the lab through the API by the roles that do that.

const card = (page: Page, column: string, number: string) =>
  page.locator(`section[data-column="${column}"] [data-order="${number}"]`);

describe('bottler finishes bottling and records the label check', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let phone: Page | null = null;
  let setup: FloorSetup;

  beforeAll(async () => {
    suite = await startShellSuite();
    setup = await floorOrder(suite.server.url, 'hplc_passed', 96);
    const opened = await openSignedIn(suite, 'bottler', '/production/production-dashboard', {
      viewport: { width: 1600, height: 900 },
    });
    contexts.push(opened.context);
    page = opened.page;
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await saveFailureScreenshot(page, 'bottler-journey-failed');
    if (phone) await saveFailureScreenshot(phone, 'bottler-journey-failed-phone');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  it('starts bottling with the mouse and finishes it with the keyboard', async () => {
    await card(page, 'hplc', setup.order.number)
      .getByRole('button', { name: 'Start bottling' })
      .click();
    const bottling = card(page, 'bottling', setup.order.number);
    await bottling.getByRole('button', { name: 'Finish bottling' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const bottled = dialog.getByRole('textbox', { name: 'Bottled units' });
    await bottled.waitFor();
    // The counts start at the plan; the bottler types what came off the line.
    await bottled.fill('94');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const labeling = card(page, 'labeling', setup.order.number);
    await labeling.waitFor();
    // In labeling the bottler, a Label check role, is offered the check.
    await labeling.getByRole('button', { name: 'Record label check' }).waitFor();
    const done = await setup.read();
    expect(done.bottled_units).toBe(94);
    expect(done.stage).toBe('labeling');
  });

  it('records the label check on a phone from the label check logs, scanning UPC and lot', async () => {
    const opened = await openSignedIn(suite, 'bottler', '/production/label-check-logs', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(opened.context);
    phone = opened.page;
    await phone.getByRole('button', { name: 'Record label check' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Record label check' });
    // A scanner reads the order's number off the cart ticket into the order picker.
    const picker = dialog.getByRole('combobox', { name: 'Order in labeling' });
    await picker.waitFor();
    await phone.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await phone.keyboard.type(setup.order.number);
    await phone.keyboard.press('Enter');
    const upc = dialog.getByRole('textbox', { name: 'Scanned UPC' });
    await upc.waitFor();
    // Chosen, the order's form takes the focus to the UPC, where the scanner types next.
    await phone.waitForFunction(
      () => document.activeElement?.getAttribute('inputmode') === 'numeric',
    );
    await phone.keyboard.type(setup.upc);
    await phone.keyboard.press('Enter');
    await phone.keyboard.type(setup.order.number);
    await dialog.getByText('The label matches').waitFor();
    // One column with large inputs: each input spans the phone's width.
    const box = await upc.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThanOrEqual(40);
    await saveScreenshot(phone, 'bottler-journey-label-check-phone');
    await phone.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The log, read again, shows the check.
    await phone.getByRole('gridcell', { name: setup.order.number, exact: true }).first().waitFor();
    await saveScreenshot(phone, 'bottler-journey-label-check-logs-phone');
    expect((await setup.read()).last_label_check).toBe('pass');
  });
});
