import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { failedOrder } from '../../support/batched-order.ts';
import { journey, openFromList } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { plantOn, type Plant, type PlantOrder } from '../../support/production-plant.ts';

// Journey (docs/journeys.md, Production): qa_manager decides what becomes of batches that failed
// HPLC: a retest, a rework, or scrap with a reason. The orders were planned and batched, and
// their samples failed, through the API as planning, the batcher and the lab would; QA's part
// is clicked and typed on the HPLC Orders page.

describe('qa_manager decides failed batches', () => {
  const qa = journey('qa-manager-journey', 240_000);
  let plant: Plant;
  let page: Page;
  let failed: PlantOrder[];

  beforeAll(async () => {
    plant = await plantOn(qa.suite.server, ['qa_manager']);
    failed = [await failedOrder(plant), await failedOrder(plant), await failedOrder(plant)];
    page = await qa.loggedIn('qa_manager');
  }, 240_000);

  /** Opens `order` from the HPLC Orders list; its drawer shows QA's decisions. */
  const openOrder = async (order: PlantOrder) =>
    (await openFromList(page, '/production/hplc-orders', order.number, 'HPLC order')).getByRole(
      'group',
      { name: 'Document actions' },
    );

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
