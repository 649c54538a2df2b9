import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failedOrder } from '../../support/batched-order.ts';
import {
  freshPage,
  logIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { plantOn, type Plant, type PlantOrder } from '../../support/production-plant.ts';

// Journey (journeys.md, Production): qa_manager decides what becomes of batches that failed
// HPLC: a retest, a rework, or scrap with a reason. The orders were planned and batched, and
// their samples failed, through the API as planning, the batcher and the lab would; QA's part
// is clicked and typed on the HPLC Orders page.

describe('qa_manager decides failed batches', () => {
  let suite: ShellSuite;
  let plant: Plant;
  let page: Page;
  let failed: PlantOrder[];

  beforeAll(async () => {
    suite = await startShellSuite();
    plant = await plantOn(suite.server, ['qa_manager']);
    failed = [await failedOrder(plant), await failedOrder(plant), await failedOrder(plant)];
    ({ page } = await freshPage(suite, { viewport: { width: 1440, height: 900 } }));
    await logIn(page, suite.server.url, 'qa_manager');
  }, 240_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveScreenshot(page, 'qa-manager-journey-failed');
  });
  afterAll(async () => {
    await page?.context().close();
    await suite?.close();
  });

  /** Opens `order` from the HPLC Orders list; its drawer shows QA's decisions. */
  async function openOrder(order: PlantOrder) {
    await page.goto(`${suite.server.url}/production/hplc-orders`);
    await page.getByRole('gridcell', { name: order.number, exact: true }).first().dblclick();
    const drawer = page.getByRole('dialog', { name: 'HPLC order' });
    await drawer.getByText(order.number, { exact: true }).first().waitFor();
    return drawer.getByRole('group', { name: 'Document actions' });
  }

  it('sends one batch for a retest and another for rework; the lab gets a new sample of each', async () => {
    const [retested, reworked] = failed;
    let bar = await openOrder(retested!);
    await page.getByRole('dialog', { name: 'HPLC order' }).getByText('hplc failed').waitFor();
    await bar.getByRole('button', { name: 'Retest', exact: true }).click();
    await page.getByText(`HPLC order ${retested!.number}: sent for a retest`).waitFor();
    bar = await openOrder(reworked!);
    await bar.getByRole('button', { name: 'Rework', exact: true }).click();
    await page.getByText(`HPLC order ${reworked!.number}: sent for rework`).waitFor();
    for (const [order, reason] of [
      [retested!, 'retest'],
      [reworked!, 'rework'],
    ] as const) {
      expect(await plant.order(order.id)).toMatchObject({ stage: 'hplc_pending' });
      const samples = await plant.labRequests('production_order_number', order.number);
      expect(samples.map((s) => s.reason)).toEqual(['initial', reason]);
    }
  });

  it('scraps the third with a reason, typed from the keyboard', async () => {
    const scrapped = failed[2]!;
    const bar = await openOrder(scrapped);
    const scrap = bar.getByRole('button', { name: 'Scrap', exact: true });
    await scrap.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Scrap hplc order' });
    await ask.getByLabel('Reason').and(page.locator(':focus')).waitFor();
    // Yes without a reason sends nothing.
    await page.keyboard.type('Nicotine 13 % under claim twice; rework would exceed the VG spec');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(
      ask.getByRole('button', { name: 'Yes' }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`HPLC order ${scrapped.number}: scrapped`).waitFor();
    const order = await plant.order(scrapped.id);
    expect(order.status).toBe('scrapped');
    await saveScreenshot(page, 'qa-manager-decides-a-failed-batch');
  });
});
