import type { Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSEMBLY_FLOWS } from '../../../src/domain/entities/assembly/assembly-config.entities.ts';
import { ASSEMBLY_ORDERS } from '../../../src/domain/entities/assembly/assembly-orders.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { pick, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (issue 17 item 4, Assembly): an order admin released goes down the kit line from the
// assembly dashboard, each crew signed in as itself moving it out of its own stage: the sealer
// starts and finishes sealing (the components leave stock), the stamper stamps from an assembly
// reel, the cartoner cartons the kits into stock, the transfer crew marks them transferred, and
// shipping ships them from the shipping dashboard. Once by mouse, once by keyboard.

const line = journey('journey-assembly-line', 180_000);
const DASHBOARD = '/assembly/assembly-dashboard';
const pages: Record<string, Page> = {};
let admin: EntityApiClient;

beforeAll(async () => {
  const url = line.suite.server.url;
  admin = entityClient(url, await tokenFor(url, 'admin'));
  for (const who of ['sealer', 'stamper', 'cartoner', 'transfer']) {
    pages[who] = await line.signedIn(who, DASHBOARD);
  }
  pages.shipping = await line.signedIn('shipping', '/assembly/shipping-dashboard');
});

/** A released order of 6 kits, planned and released by admin through the API. */
async function released(): Promise<Row> {
  const [kit] = await queryRows<{ id: number; jurisdiction: number }>(
    line.suite.server.server.database.db,
    sql`select id::int as id, stamp_jurisdiction_id::int as jurisdiction from products
         where sku = 'KIT-MANGO-DUO'`,
  );
  const flow = (await admin.get<List>(ASSEMBLY_FLOWS.api)).data.rows[0]!;
  const draft = await admin.create(ASSEMBLY_ORDERS, {
    product_id: kit!.id,
    flow_id: flow.id,
    planned_units: 6,
    due_date: '2026-12-18',
    stamp_jurisdiction_id: kit!.jurisdiction,
  });
  const reply = await admin.send<Row>('POST', `${ASSEMBLY_ORDERS.api}/${draft.id}/events/release`, {
    version: draft.version,
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
  return reply.data;
}

async function server(id: number): Promise<Row> {
  return (await admin.get<Row>(`${ASSEMBLY_ORDERS.api}/${id}`)).data;
}

/** The order's card in the column `column` (its key), as `who` sees it on their board. */
function card(who: string, number: string, column: string): Locator {
  return pages[who]!.locator(`section[data-column="${column}"] [data-order="${number}"]`);
}

/** Presses the card's button by mouse or keyboard. */
async function press(target: Locator, name: string, byKeyboard: boolean) {
  const button = target.getByRole('button', { name, exact: true });
  if (byKeyboard) {
    await button.focus();
    await button.page().keyboard.press('Enter');
  } else {
    await button.click();
  }
}

/** Answers the stage's question: fills each count by its label, then sends it. */
async function answer(
  page: Page,
  title: RegExp,
  values: Record<string, string>,
  byKeyboard: boolean,
) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  for (const [label, value] of Object.entries(values)) {
    const input = dialog.getByRole('textbox', { name: label, exact: true });
    if (byKeyboard) {
      await input.focus();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(value);
    } else {
      await input.fill(value);
    }
  }
  if (byKeyboard) await page.keyboard.press('Enter');
  else await dialog.locator('button[type=submit]').click();
  await dialog.waitFor({ state: 'hidden' });
}

async function runDownTheLine(byKeyboard: boolean) {
  const order = await released();
  const number = String(order.number);
  const id = order.id;

  // Sealer: starts, then finishes sealing with 6 sealed and none wasted.
  await pages.sealer!.reload();
  await press(card('sealer', number, 'released'), 'Start sealing', byKeyboard);
  await press(card('sealer', number, 'sealing'), 'Finish sealing', byKeyboard);
  await answer(
    pages.sealer!,
    /finish sealing/i,
    { 'Sealed units': '6', 'Sealing waste': '0' },
    byKeyboard,
  );
  await expect.poll(async () => (await server(id)).stage).toBe('stamping');
  expect(await server(id)).toMatchObject({ sealed_units: 6, has_consumption: 1 });

  // Stamper: the card has come to the stamping column on its own (live).
  const stamper = pages.stamper!;
  await press(card('stamper', number, 'stamping'), 'Finish stamping', byKeyboard);
  const dialog = stamper.getByRole('dialog', { name: /finish stamping/i });
  await dialog.waitFor();
  if (byKeyboard) {
    await dialog.getByRole('combobox', { name: 'Reel', exact: true }).focus();
    await typeAndChoose(stamper, 'ST-A-0002', 'ST-A-0002');
  } else {
    await pick(stamper, 'Reel', 'ST-A-0002', 'ST-A');
  }
  if (!byKeyboard) await saveScreenshot(stamper, 'journey-assembly-line-stamping-question');
  await answer(
    stamper,
    /finish stamping/i,
    { 'Stamped units': '6', 'Stamping waste': '0' },
    byKeyboard,
  );
  await expect.poll(async () => (await server(id)).stage).toBe('cartoning');

  // Cartoner: cartons the six kits into stock.
  await press(card('cartoner', number, 'cartoning'), 'Finish cartoning', byKeyboard);
  await answer(
    pages.cartoner!,
    /finish cartoning/i,
    { 'Cartoned units': '6', 'Cartoning waste': '0' },
    byKeyboard,
  );
  await expect.poll(async () => (await server(id)).stage).toBe('transfer_pending');

  // Transfer: marks them at the dock.
  await press(card('transfer', number, 'transfer_pending'), 'Mark transferred', byKeyboard);
  await expect.poll(async () => (await server(id)).stage).toBe('transferred');
  await card('transfer', number, 'transfer_pending').waitFor({ state: 'detached' });

  // Shipping: the order waits on the shipping dashboard; shipping ships it.
  const shipped = card('shipping', number, 'transferred');
  await shipped.waitFor();
  if (!byKeyboard)
    await saveScreenshot(pages.shipping!, 'journey-assembly-line-shipping-dashboard');
  await press(shipped, 'Ship', byKeyboard);
  await expect.poll(async () => (await server(id)).status).toBe('completed');
  expect(await server(id)).toMatchObject({ stage: 'shipped', cartoned_units: 6 });
  await shipped.waitFor({ state: 'detached' });
}

describe('sealer, stamper, cartoner, transfer and shipping move an assembly order to shipped', () => {
  it('by mouse', async () => {
    await saveScreenshot(pages.sealer!, 'journey-assembly-line-dashboard');
    await runDownTheLine(false);
  });

  it('by keyboard', async () => {
    await runDownTheLine(true);
  });

  it('shows the same board on the wall, without the buttons', async () => {
    const wall = pages.transfer!;
    await wall.goto(`${line.suite.server.url}${DASHBOARD}?display=wall`);
    await wall.locator('[data-wall] section[data-column="sealing"] [data-order]').first().waitFor();
    expect(await wall.getByRole('button', { name: 'Mark transferred' }).count()).toBe(0);
    await saveScreenshot(wall, 'journey-assembly-line-wall');
  });
});
