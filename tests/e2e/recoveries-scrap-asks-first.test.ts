import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_RECOVERIES } from '../../src/domain/entities/production/production-recoveries.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';
import { entityClient, type List, type Row } from '../support/entity-crud.ts';
import { floorOrder } from '../support/floor-order.ts';

// Scrapping a recovery writes its whole recovered lot off, so the recoveries screen
// asks first, saying what will be scrapped, with the reason in the same dialog. QA cancels
// once (nothing is sent: the recovery stays posted, same version), then gives the reason and
// confirms, and the recovery is scrapped. The recovery was drafted and posted by the recovery role and failed
// by the lab, through the API, from the finished units of an order waiting for transfer.

type Recovery = Row & {
  number: string;
  status: string;
  hplc_status: string;
  target_lot_no: string;
  bulk_product_sku: string;
};

describe('scrapping a recovery asks first, with what will be scrapped', () => {
  let suite: ShellSuite;
  let context: BrowserContext;
  let page: Page;
  let recovery: Recovery;
  let read: () => Promise<Recovery>;

  beforeAll(async () => {
    suite = await startShellSuite();
    const url = suite.server.url;
    const { order } = await floorOrder(url, 'transfer_pending', 60);
    const as = async (user: string) => entityClient(url, await tokenFor(url, user));
    const recoverer = await as('recovery');
    const draft = (await recoverer.create(PRODUCTION_RECOVERIES, {
      source_type: 'production_order',
      production_order_id: order.id,
      product_id: order.product_id,
      units: 10,
      recovered_ml: 280,
    })) as Recovery;
    const admin = await as('admin');
    read = async () => (await admin.get<Recovery>(`${PRODUCTION_RECOVERIES.api}/${draft.id}`)).data;
    const posted = await recoverer.send(
      'POST',
      `${PRODUCTION_RECOVERIES.api}/${draft.id}/events/post`,
      {
        version: draft.version,
      },
    );
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    const lab = await as('hplc_tech');
    const samples = await lab.get<List>(HPLC_REQUESTS.api, {
      filter: [
        {
          field: 'recovery_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: draft.number }],
        },
      ],
    });
    // Far from the 6 mg/ml the recipe asks for: the lab fails it.
    const failed = await lab.send(
      'POST',
      `${HPLC_REQUESTS.api}/${samples.data.rows[0]?.id}/result`,
      {
        measured_mg: 2,
      },
    );
    expect(failed.httpStatus, JSON.stringify(failed.data)).toBe(200);
    recovery = await read();
    expect([recovery.status, recovery.hplc_status]).toEqual(['posted', 'failed']);
    ({ context, page } = await openSignedIn(suite, 'qa_manager', '/production/recoveries', {
      viewport: { width: 1400, height: 900 },
    }));
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureScreenshot(page, 'recoveries-scrap-failed');
  });
  afterAll(async () => {
    await context?.close();
    await suite?.close();
  });

  const scrapButton = () =>
    page
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Scrap', exact: true });
  const question = () => page.getByRole('dialog', { name: `Scrap recovery ${recovery.number}?` });

  it('names the lot, its bulk and volume before scrapping; Cancel changes nothing', async () => {
    await page.getByRole('gridcell', { name: recovery.number, exact: true }).dblclick();
    await scrapButton().click();
    const moves = question().getByRole('list', { name: 'What it moves' });
    await expect(moves.getByRole('listitem').allTextContents()).resolves.toEqual([
      `280 ml of ${recovery.bulk_product_sku}, lot ${recovery.target_lot_no}: out of stock as scrap`,
      `Lot ${recovery.target_lot_no} is blocked`,
      expect.stringMatching(/^Recovered from MO-\d+ \(10 units\): nothing goes back to it$/),
    ]);
    await saveScreenshot(page, 'recoveries-scrap-question');
    await question().getByRole('button', { name: 'Cancel' }).click();
    await question().waitFor({ state: 'detached' });
    // Nothing sent: the recovery is as it was.
    const after = await read();
    expect([after.status, after.version]).toEqual(['posted', recovery.version]);
  });

  it('confirmed with its reason, with the keyboard, it scraps the recovery', async () => {
    await scrapButton().focus();
    await page.keyboard.press('Enter');
    // The reason is asked in the same dialog, which has the cursor in it.
    const reason = question().getByRole('textbox', { name: 'Reason' });
    await reason.waitFor();
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Nicotine far below spec');
    await saveScreenshot(page, 'recoveries-scrap-reason');
    await question().getByRole('button', { name: 'Scrap', exact: true }).focus();
    await page.keyboard.press('Enter');
    await question().waitFor({ state: 'detached' });
    await expect.poll(async () => (await read()).status).toBe('scrapped');
    await page.getByRole('group', { name: 'Document actions' }).getByText('scrapped').waitFor();
    await saveScreenshot(page, 'recoveries-scrapped');
  });
});
