import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS } from '../../../src/domain/entities/stock/transfers.entity.ts';
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
import type { Transfer } from '../../support/transfer-fixtures.ts';

// Journey (docs/journeys.md, Production): the transfer crew opens a new skid, loads the finished
// units of an order on it, closes it and puts it on a transfer to the Montréal distribution centre, which
// it requests and prepares (mouse); shipping ships it from the transfer dashboard after a
// confirmation naming the skid and where it goes (cancelled once: nothing moves), with the
// keyboard; the DC's warehouse receives it (docs/product.md §6: receive is warehouse or inventory),
// and inventory reads the order's lot on hand at the DC, none of it left on the floor. The order
// was planned, batched, tested, bottled and labeled through the API by the roles that do that.

const DC = 'Montréal distribution centre';
const DASHBOARD = '/production/transfer';

describe('transfer and shipping load skids, ship them to a DC and receive them there', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let setup: FloorSetup;
  let admin: EntityApiClient;
  let transferId = 0;
  let transferNo = '';

  const open = async (user: string, path: string) => {
    const opened = await openSignedIn(suite, user, path, {
      viewport: { width: 1600, height: 900 },
    });
    contexts.push(opened.context);
    page = opened.page;
    return page;
  };
  const transfer = async () => (await admin.get<Transfer>(`${TRANSFERS.api}/${transferId}`)).data;
  const region = (name: string) => page.getByRole('region', { name });
  const transferCard = (): Locator =>
    region('Transfers').locator(`[data-card="transfer-${transferNo}"]`);

  beforeAll(async () => {
    suite = await startShellSuite();
    setup = await floorOrder(suite.server.url, 'transfer_pending', 120);
    admin = entityClient(suite.server.url, await tokenFor(suite.server.url, 'admin'));
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page)
      await saveFailureScreenshot(page, 'transfer-journey-failed');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  it('transfer loads the order on a skid and puts it on a transfer to the DC, with the mouse', async () => {
    const number = setup.order.number;
    await open('transfer', DASHBOARD);
    // A fresh pallet: the crew opens a new skid, numbered by the server, and loads on it.
    const skids = region('Skids');
    // The server numbers it in its own series (SK-00001), apart from the demo's SK-0001…; the
    // list may still be loading when the button is pressed, so the new card is waited for.
    const fresh = skids.locator('[data-card^="skid-SK-0000"]');
    await skids.getByRole('button', { name: 'New skid' }).click();
    await expect.poll(() => fresh.count()).toBe(1);
    const code = (await fresh.getAttribute('data-card'))!.replace('skid-', '');
    await fresh.getByText('Open').waitFor();
    const order = region('Waiting for transfer').locator(`[data-card="order-${number}"]`);
    await order.getByRole('button', { name: 'Load on skid' }).click();
    const load = page.getByRole('dialog', { name: `Load ${number} on a skid` });
    await pick(page, 'Open skid', code);
    // Everything left to load is offered on the open skid.
    await expect(load.getByRole('textbox', { name: 'Units' }).inputValue()).resolves.toBe('120');
    await load.getByRole('button', { name: 'Load' }).click();
    await load.waitFor({ state: 'detached' });
    const skid = skids.locator(`[data-card="skid-${code}"]`);
    await skid.getByText(`${number} × 120`).waitFor();
    await skid.getByRole('button', { name: 'Close' }).click();
    await skid.getByRole('checkbox', { name: 'Put on a new transfer' }).check();
    await region('Skids').getByRole('button', { name: 'New transfer (1)' }).click();
    const create = page.getByRole('dialog', { name: 'New transfer' });
    await create.getByText(`Skids: ${code}`).waitFor();
    await pick(page, 'To (distribution centre or warehouse)', DC, 'Montr');
    await saveScreenshot(page, 'transfer-journey-new-transfer');
    await create.getByRole('button', { name: 'Create transfer' }).click();
    await create.waitFor({ state: 'detached' });
    const card = region('Transfers').locator('[data-card^="transfer-"]', { hasText: number });
    transferNo = (await card.getAttribute('data-card'))!.replace('transfer-', '');
    await card.getByRole('button', { name: 'Request' }).click();
    await card.getByRole('button', { name: 'Prepare' }).click();
    // Ready, between sites: shipping takes it from here; the crew may only cancel it.
    await card.getByText('Ready').waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Cancel']);
    await saveScreenshot(page, 'transfer-journey-ready');
    const rows = await admin.get<{ rows: Transfer[] }>(TRANSFERS.api, {
      filter: [
        {
          field: 'number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: transferNo }],
        },
      ],
    });
    transferId = rows.data.rows[0]!.id;
    expect((await transfer()).status).toBe('ready');
  });

  it('shipping reads the skids and destination before shipping: cancel moves nothing, confirm ships', async () => {
    await open('shipping', DASHBOARD);
    const ship = transferCard().getByRole('button', { name: 'Ship' });
    await ship.click();
    const question = page.getByRole('dialog', { name: `Ship ${transferNo}?` });
    const facts = question.getByRole('list', { name: 'What it moves' });
    await expect(facts.getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Skids: SK-/),
      `From Production floor to ${DC}`,
      `120 units of ${setup.order.number}`,
      'They stay in transit until the destination receives them.',
    ]);
    await saveScreenshot(page, 'shipping-journey-confirm');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    const before = await transfer();
    expect(before.status).toBe('ready');

    // With the keyboard: Enter on Ship, then Enter on the dialog's Ship.
    await ship.focus();
    await page.keyboard.press('Enter');
    await question.waitFor();
    await question.getByRole('button', { name: 'Ship', exact: true }).focus();
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await transferCard().getByText('In transit').waitFor();
    const shipped = await transfer();
    expect(shipped.status).toBe('in_transit');
    expect(shipped.version).toBeGreaterThan(before.version);
    await saveScreenshot(page, 'shipping-journey-in-transit');
  });

  it('the DC’s warehouse receives the transfer; inventory then reads the lot on hand at the DC', async () => {
    await open('warehouse', `/inventory/transfer/${transferId}`);
    const bar = page.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Receive', exact: true }).click();
    const question = page.getByRole('dialog');
    await question.getByText(DC).first().waitFor();
    await saveScreenshot(page, 'warehouse-journey-receive');
    await question.getByRole('button', { name: 'Receive', exact: true }).click();
    await bar.getByText('Received', { exact: true }).waitFor();
    expect((await transfer()).status).toBe('received');

    // Stock on hand is inventory's screen (the warehouse role reads its documents, not it).
    const filter = JSON.stringify([['lot_no', 'text', [['equals', setup.order.number]]]]);
    await open('inventory', `/inventory/stock-on-hand?f=${encodeURIComponent(filter)}`);
    const row = page.getByRole('row', { name: new RegExp(DC) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('120');
    await saveScreenshot(page, 'warehouse-journey-stock-at-dc');
  });
});
