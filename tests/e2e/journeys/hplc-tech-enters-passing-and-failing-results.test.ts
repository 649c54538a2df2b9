import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchedOrder } from '../../support/batched-order.ts';
import { journey, openFromList } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { plantOn, type Plant, type PlantOrder } from '../../support/production-plant.ts';

// Journey (docs/journeys.md, Production): hplc_tech enters a passing and a failing result; the
// failure is said as a failure: a red notice naming FAILED and the % of
// claim, away from the drawer's buttons, and the order goes to QA. Batching was done by the
// batcher through the API; the lab's part is clicked and typed.

const notice = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

describe('hplc_tech enters a passing and a failing result', () => {
  const lab = journey('hplc-tech-journey', 180_000);
  let plant: Plant;
  let page: Page;
  let passing: PlantOrder;
  let failing: PlantOrder;

  beforeAll(async () => {
    plant = await plantOn(lab.suite.server, []);
    passing = await batchedOrder(plant);
    failing = await batchedOrder(plant);
    page = await lab.loggedIn('hplc_tech');
  }, 180_000);

  /** Opens the lab request of `order` from the queue. */
  const openRequest = (order: PlantOrder) =>
    openFromList(page, '/production/hplc-requests', order.number, 'HPLC request');

  it('a passing result, by mouse, is said in green as a pass', async () => {
    const drawer = await openRequest(passing);
    await drawer.getByLabel('Measured nicotine (mg/ml)').fill('6.02');
    await drawer.getByRole('button', { name: 'Enter result' }).click();
    await drawer.getByTestId('hplc-verdict').getByText('Passed', { exact: true }).waitFor();
    const said = notice(page, 'HPLC result saved: PASSED');
    await said.waitFor();
    await expect(said.textContent()).resolves.toContain('100.3 % of claim');
    await expect(said.getAttribute('style')).resolves.toContain('--mantine-color-green');
    expect((await plant.order(passing.id)).hplc_status).toBe('passed');
  });

  it('a failing result, typed from the keyboard, is said in red as a failure, clear of the drawer', async () => {
    const drawer = await openRequest(failing);
    // The measured field takes the focus: type, Tab to the replicates, Tab on to the button.
    await drawer.getByLabel('Measured nicotine (mg/ml)').and(page.locator(':focus')).waitFor();
    await page.keyboard.type('5.2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5.19, 5.21');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await drawer.getByTestId('hplc-verdict').getByText('Failed', { exact: true }).waitFor();
    const said = notice(page, 'HPLC result saved: FAILED');
    await said.waitFor();
    await expect(said.textContent()).resolves.toContain(
      `HPLC result saved: FAILED, 86.7 % of claim, order ${failing.number} sent to QA`,
    );
    await expect(said.getAttribute('style')).resolves.toContain('--mantine-color-red');
    await expect(said.textContent()).resolves.not.toContain('Success');
    // The notice does not sit over the drawer.
    const [box, panel] = await Promise.all([said.boundingBox(), drawer.boundingBox()]);
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x);
    const order = await plant.order(failing.id);
    expect(order).toMatchObject({ hplc_status: 'failed', stage: 'hplc_failed' });
    await saveScreenshot(page, 'hplc-tech-enters-passing-and-failing-results');
  });
});
