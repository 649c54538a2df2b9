import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { STAMPING_ORDERS } from '../../../src/domain/entities/production/stamping-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { entityClient, type EntityApiClient } from '../../support/entity-crud.ts';
import { pick } from '../../support/e2e-stock.ts';
import { floorOrder, type FloorSetup } from '../../support/floor-order.ts';
import type { StampingOrder } from '../../support/stamping-plant.ts';

// Journey (docs/journeys.md, Production): the stamper plans the stamping of an order in stamping
// and asks for a reel of its jurisdiction (mouse); stamp inventory issues it from pending reel
// approvals (keyboard), and the stamper's page, waiting, follows; the stamper records the
// counts with the keyboard and finishes with the reconciliation: applied + wasted + damaged +
// returned = issued, shown line by line before finishing; a mismatch is refused, on the page
// and by the server, with the reel and the numbers named. The order was planned, batched,
// tested, bottled and labeled through the API by the roles that do that.

const LIST = '/production/product-stamping-orders';

describe('stamper and stamp inventory request reels, stamp and reconcile', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let stamper: Page;
  let setup: FloorSetup;
  let admin: EntityApiClient;
  let stamperApi: EntityApiClient;
  let stampingId = 0;
  let reelNo = '';

  const stamping = async () =>
    (await admin.get<StampingOrder>(`${STAMPING_ORDERS.api}/${stampingId}`)).data;
  const open = async (user: string, path: string) => {
    const opened = await openSignedIn(suite, user, path, {
      viewport: { width: 1400, height: 900 },
    });
    contexts.push(opened.context);
    return opened.page;
  };

  beforeAll(async () => {
    suite = await startShellSuite();
    setup = await floorOrder(suite.server.url, 'stamping', 120);
    admin = entityClient(suite.server.url, await tokenFor(suite.server.url, 'admin'));
    stamperApi = entityClient(suite.server.url, await tokenFor(suite.server.url, 'stamper'));
    stamper = await open('stamper', LIST);
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await saveFailureScreenshot(stamper, 'stamper-journey-failed');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  it('plans the stamping of the order and asks for a reel, with the mouse', async () => {
    expect(setup.order.stage).toBe('stamping');
    await stamper.getByRole('button', { name: 'New stamping order' }).click();
    await pick(stamper, 'MO', setup.order.number);
    await pick(stamper, 'Product', 'FG-MANGO-06-30');
    await pick(stamper, 'Jurisdiction', 'Ontario');
    await pick(stamper, 'Stamper machine', 'STM-01');
    await stamper.getByRole('textbox', { name: 'Planned units' }).fill('120');
    await saveScreenshot(stamper, 'stamper-journey-new-order');
    await stamper.getByRole('button', { name: 'Save', exact: true }).click();
    await stamper.waitForURL(/\/start\/\d+$/);
    stampingId = Number(/\/start\/(\d+)$/.exec(stamper.url())![1]);
    // Draft: the bar's Mark ready puts it ready on its machine; then the reels are offered.
    // The form's own Save (the plan) is the only other Save on the page.
    await stamper.getByText('Mark the order ready to ask for its reels.').waitFor();
    // The hint can paint before the record's form has loaded on a busy machine, so wait for it.
    await expect
      .poll(() => stamper.getByRole('button', { name: 'Save', exact: true }).count())
      .toBe(1);
    const bar = stamper.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Mark ready', exact: true }).click();
    const first = stamper.getByRole('checkbox', { name: /^Ask for reel / }).first();
    await first.waitFor();
    reelNo = (await first.getAttribute('aria-label'))!.replace('Ask for reel ', '');
    await first.check();
    await saveScreenshot(stamper, 'stamper-journey-reels');
    await stamper.getByRole('button', { name: 'Ask for 1 reel' }).click();
    await stamper.getByText(`Requested ${reelNo}`).waitFor();
    await saveScreenshot(stamper, 'stamper-journey-waiting');
    expect((await stamping()).status).toBe('reel_pending');
  });

  it('stamp inventory issues the reel with the keyboard; the stamper’s page follows', async () => {
    const page = await open('stamp_inventory', '/production/pending-reel-approvals');
    const order = (await stamping()).number;
    // The requested reel names the order that waits for it.
    const row = page.getByRole('row', { name: new RegExp(`${reelNo}.*${order}`) });
    await row.getByRole('gridcell', { name: reelNo, exact: true }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Reel' });
    const issue = drawer.getByRole('button', { name: `Issue to ${order}` });
    await issue.waitFor();
    await saveScreenshot(page, 'stamp-inventory-journey-issue');
    await issue.focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    // Issued, the reel leaves the pending list.
    await row.waitFor({ state: 'detached' });
    expect((await stamping()).status).toBe('in_progress');
    // The stamper did nothing: the start page heard the order change and leads on.
    const record = stamper.getByRole('link', { name: 'Record stamping' });
    await record.waitFor();
    await saveScreenshot(stamper, 'stamper-journey-issued');
  });

  it('records the counts with the keyboard: a mismatch is refused, then it reconciles', async () => {
    await stamper.getByRole('link', { name: 'Record stamping' }).focus();
    await stamper.keyboard.press('Enter');
    await stamper.waitForURL(/\/finish\/\d+$/);
    const order = await stamping();
    const [line] = order.reels;
    expect(line?.reel_no).toBe(reelNo);
    const issued = line!.issued_qty;
    const type = async (name: string, value: number) => {
      await stamper.getByRole('textbox', { name, exact: true }).focus();
      await stamper.keyboard.press('ControlOrMeta+a');
      await stamper.keyboard.type(String(value));
    };
    // 118 stamped bottles, 2 stamps wasted; the stamper forgets the stamps sent back.
    await type(`applied of reel ${reelNo}`, 118);
    await stamper.keyboard.press('Tab');
    await stamper.keyboard.type('2');
    await type('Counter at end', Number(order.counter_start) + 120);
    const difference = stamper.getByTestId(`difference-${reelNo}`);
    await expect.poll(() => difference.textContent()).toBe(`+${formatInteger(issued - 120)}`);
    const refusal = `Reel ${reelNo}: issued ${issued} ≠ applied 118 + wasted 2 + damaged 0 + returned 0 (${issued - 120} unaccounted)`;
    await stamper.getByText(refusal).waitFor();
    const finish = stamper.getByRole('button', { name: 'Finish', exact: true });
    await expect(finish.isDisabled()).resolves.toBe(true);
    await saveScreenshot(stamper, 'stamper-journey-mismatch');
    // The server refuses the same counts, whoever sends them, and changes nothing.
    const refused = await stamperApi.send(
      'POST',
      `${STAMPING_ORDERS.api}/${stampingId}/events/finish`,
      {
        version: order.version,
        counter_end: Number(order.counter_start) + 120,
        reels: [{ reel_id: line!.reel_id, applied: 118, wasted: 2, returned: 0 }],
      },
    );
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toContain(`issued ${issued}`);
    expect((await stamping()).status).toBe('in_progress');

    await type(`returned of reel ${reelNo}`, issued - 120);
    await expect.poll(() => difference.textContent()).toBe('0');
    await stamper.getByText('Every reel is accounted for.').waitFor();
    await saveScreenshot(stamper, 'stamper-journey-reconciled');
    await finish.focus();
    await stamper.keyboard.press('Enter');
    await stamper
      .locator('[data-tag-type]:visible')
      .getByText('Finished', { exact: true })
      .first()
      .waitFor();
    const done = await stamping();
    expect(done).toMatchObject({ status: 'finished', stamped_units: 118 });
    const mo = await setup.read();
    expect(mo.stage).toBe('transfer_pending');
    await saveScreenshot(stamper, 'stamper-journey-finished');
  });
});
