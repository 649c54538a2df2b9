import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  POTENCY_API,
  type PotencyChart,
  type PotencyDrift,
} from '../../../src/domain/entities/production/potency-chart-values.ts';
import { driftingOrder, failedOrder } from '../../support/batched-order.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { plantOn, type Plant } from '../../support/production-plant.ts';

// Journey (docs/domain/production.md "Potency control charts"): qa_manager finds on the home
// page that a good's potency drifts (the demo's last batches climb to a 2-2s while every one
// still passes), opens its chart and sees the flagged result; then a batch of the mango 6 mg
// fails HPLC (planned, batched and tested through the API as the floor and the lab would), and
// QA accepts the nicotine base its chart proposes, which sends the batch for rework. Between the
// two, the supervisor's wall flags a batch whose passing result made the mango's chart drift.

describe('qa_manager catches a potency drift and accepts a rework', () => {
  const qa = journey('qa-manager-potency', 240_000);
  let plant: Plant;
  let page: Page;

  beforeAll(async () => {
    plant = await plantOn(qa.suite.server, ['qa_manager', 'supervisor']);
    page = await qa.loggedIn('qa_manager');
  }, 240_000);

  it('sees the 2-2s drift flagged on the chart before any batch fails', async () => {
    const alert = page.getByTestId('potency-drift-alert');
    const drifts = await plant.as.qa_manager!.get<PotencyDrift[]>(`${POTENCY_API}/drifts`);
    const drift = drifts.data.find((d) => d.by === 'product' && d.rules.includes('2-2s'))!;
    await alert.getByRole('link', { name: `product ${drift.label}` }).click();
    await page.getByTestId('potency-drift').getByText('2-2s').waitFor();
    await page.getByTestId('potency-flagged-point').first().waitFor();
    // Flagged while every result of the chart still passed.
    const chart = await plant.as.qa_manager!.get<PotencyChart>(POTENCY_API, {
      by: 'product',
      id: drift.id,
    });
    expect(chart.data.points.every((p) => p.passed)).toBe(true);
    expect(chart.data.drift).toContain('2-2s');
    // The drifting batch passed: its rework is shown, not offered.
    await page.getByTestId('rework-proposal').getByText('Proposed rework').waitFor();
    expect(await page.getByRole('button', { name: 'Accept rework' }).count()).toBe(0);
    await saveScreenshot(page, 'qa-manager-potency-drift');
  });

  it("flags the drifting batch on the supervisor's wall before any batch fails", async () => {
    const drifting = await driftingOrder(plant);
    const wall = await qa.loggedIn('supervisor', { viewport: { width: 1920, height: 1080 } });
    await wall.goto(new URL('/production/production-dashboard?display=wall', wall.url()).href);
    const card = wall.locator(`[data-order="${drifting.number}"]`);
    const flag = card.getByTestId('potency-drift-badge');
    // Eleven batches wait in the HPLC column, which turns its pages by itself every 8 s.
    await flag.waitFor({ timeout: 40_000 });
    expect(await flag.textContent()).toBe('Potency 2-2s');
    // Read across the room like the rest of the wall (at least 24 px).
    const size = await flag.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    await saveScreenshot(wall, 'supervisor-wall-potency-drift');
  });

  it('accepts the nicotine base proposed for a failed batch, which goes back to the lab', async () => {
    const failed = await failedOrder(plant);
    await page.goto(
      new URL(`/production/potency-charts?by=product&id=${plant.product.id}`, page.url()).href,
    );
    const proposal = page.getByTestId('rework-proposal');
    // 1800 ml at 5.2 of 6 mg/ml with a 100 mg/ml base: 1800 × 0.8 / 94 = 15.32 ml.
    await proposal.getByText('Add 15.32 ml of nicotine base').waitFor();
    await proposal.getByRole('button', { name: 'Accept rework' }).click();
    await page.getByText(`Production order ${failed.number}: sent for rework`).waitFor();
    await proposal.getByText("the newest sample waits for the lab's result").waitFor();
    expect(await plant.order(failed.id)).toMatchObject({
      stage: 'hplc_pending',
      actual_batch_ml: 1815.32,
    });
    const samples = await plant.labRequests('production_order_number', failed.number);
    expect(samples.map((s) => s.reason)).toEqual(['initial', 'rework']);
    await saveScreenshot(page, 'qa-manager-potency-rework');
  });
});
