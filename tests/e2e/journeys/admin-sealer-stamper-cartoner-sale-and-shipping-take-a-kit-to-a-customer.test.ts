import type { Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSEMBLY_FLOWS } from '../../../modules/assembly/shared/entities/assembly-config.entities.ts';
import { ASSEMBLY_ORDERS } from '../../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { SALES_ORDERS } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
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
import { act, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (Assembly to Sales): a kit goes from release to a customer, each person signed in as
// themselves. Admin releases a planned order of the demo's mango duo kit (two finished bottles
// and a carton each) from its drawer; on the assembly dashboard the sealer seals it (the
// components leave stock), the stamper stamps it from an assembly reel, the cartoner cartons
// the kits into the warehouse, which ends the order; sale sells every free kit to the demo's
// key account, allocates and ships it with its packing slip; and shipping, who answers for a
// recall, traces the lot behind a bottle the kit was sealed from and finds that customer.
// The floor works once by mouse, once by keyboard.

const line = journey('journey-assembly-line', 300_000);
const DASHBOARD = '/assembly/assembly-dashboard';
const KIT = 'KIT-MANGO-DUO';
const CUSTOMER = 'Maple Leaf Vape Distribution';
const pages: Record<string, Page> = {};
let admin: EntityApiClient;

const db = () => line.suite.server.server.database.db;

beforeAll(async () => {
  const url = line.suite.server.url;
  admin = entityClient(url, await tokenFor(url, 'admin'));
  pages.admin = await line.loggedIn('admin');
  for (const who of ['sealer', 'stamper', 'cartoner']) {
    pages[who] = await line.signedIn(who, DASHBOARD);
  }
  // The key account's tier prices the kit as it prices the bottles it is made of.
  await db().execute(
    sql`insert into price_tier_prices (price_tier_id, product_id, min_qty, unit_price, valid_from)
        select t.id, p.id, 1, 24, '2026-01-01' from price_tiers t, products p
         where t.code = 'WHOLESALE' and p.sku = ${KIT}
           and not exists (select 1 from price_tier_prices x
                            where x.price_tier_id = t.id and x.product_id = p.id)`,
  );
});

/** A draft order of 6 kits, planned by admin (the admin journey plans one by hand). */
async function planned(): Promise<Row> {
  const [kit] = await queryRows<{ id: number; jurisdiction: number }>(
    db(),
    sql`select id::int as id, stamp_jurisdiction_id::int as jurisdiction from products
         where sku = ${KIT}`,
  );
  const flow = (await admin.get<List>(ASSEMBLY_FLOWS.api)).data.rows[0]!;
  return admin.create(ASSEMBLY_ORDERS, {
    product_id: kit!.id,
    flow_id: flow.id,
    planned_units: 6,
    due_date: '2026-12-18',
    stamp_jurisdiction_id: kit!.jurisdiction,
  });
}

async function server(id: number): Promise<Row> {
  return (await admin.get<Row>(`${ASSEMBLY_ORDERS.api}/${id}`)).data;
}

/** The order's card in the column `column` (its key), as `who` sees it on their board. */
function card(who: string, number: string, column: string): Locator {
  return pages[who]!.locator(`section[data-column="${column}"] [data-order="${number}"]`);
}

/** Presses the button by mouse or keyboard. */
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

/** Admin opens the draft from the orders list and releases it. */
async function release(number: string, byKeyboard: boolean) {
  const page = pages.admin!;
  await page.goto(`${line.suite.server.url}/assembly/assembly-orders`);
  const cell = page.getByRole('gridcell', { name: number, exact: true }).first();
  if (byKeyboard) {
    await cell.click();
    await page.keyboard.press('Enter');
  } else {
    await cell.dblclick();
  }
  const bar = page
    .getByRole('dialog', { name: /assembly order/i })
    .getByRole('group', { name: 'Document actions' });
  await press(bar, 'Release', byKeyboard);
  await page
    .getByText(new RegExp(`${number}.*released`, 'i'))
    .first()
    .waitFor();
}

/** Down the line: released → sealed → stamped → cartoned into stock. */
async function assemble(byKeyboard: boolean): Promise<Row> {
  const draft = await planned();
  const number = String(draft.number);
  const id = draft.id;
  await release(number, byKeyboard);
  await expect.poll(async () => (await server(id)).status).toBe('released');

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

  // Cartoner: cartons the six kits into the warehouse; the order is done and leaves the board.
  const cartoning = card('cartoner', number, 'cartoning');
  await press(cartoning, 'Finish cartoning', byKeyboard);
  await answer(
    pages.cartoner!,
    /finish cartoning/i,
    { 'Cartoned units': '6', 'Cartoning waste': '0' },
    byKeyboard,
  );
  await expect.poll(async () => (await server(id)).status).toBe('completed');
  await cartoning.waitFor({ state: 'detached' });
  const [lot] = await queryRows<{ qty: number; location: string }>(
    db(),
    sql`select b.qty_on_hand::float8 as qty, loc.code as location
          from stock_lots l join products p on p.id = l.product_id and p.sku = ${KIT}
          join stock_balances b on b.lot_id = l.id join locations loc on loc.id = b.location_id
         where l.lot_no = ${number}`,
  );
  expect(lot).toEqual({ qty: 6, location: 'WH-MAIN' });
  return server(id);
}

/** Kits free to sell at the main warehouse (on hand less what packing lists hold). */
async function freeKits(): Promise<number> {
  const [row] = await queryRows<{ free: number }>(
    db(),
    sql`select (coalesce(sum(b.qty_on_hand), 0) - coalesce((
              select sum(al.qty_allocated - al.qty_shipped) from allocation_lines al
                join allocations a on a.id = al.allocation_id
               where a.status in ('allocated', 'picking', 'packed') and al.product_id = p.id), 0)
            )::float8 as free
          from products p
          join stock_balances b on b.product_id = p.id
          join locations loc on loc.id = b.location_id and loc.code = 'WH-MAIN'
         where p.sku = ${KIT} group by p.id`,
  );
  return Number(row?.free ?? 0);
}

/**
 * Sale sells every free kit (so this order's lot is among them, whatever lot goes first) to
 * the key account, confirms, allocates and ships it, and opens the packing slip.
 */
async function sell(): Promise<Row> {
  const page = await line.loggedIn('sale');
  const qty = await freeKits();
  await page.goto(`${line.suite.server.url}/sale/new`);
  await pick(page, 'Customer', CUSTOMER, 'Maple');
  await pick(page, 'Ship from', 'Main warehouse', 'Main');
  await page.getByRole('button', { name: 'Add line' }).click();
  await pick(page, 'Product (line 1)', KIT);
  await page.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill(String(qty));
  await save(page, /^\/sale\/\d+$/);
  const orderId = Number(/\/sale\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  const sales = entityClient(line.suite.server.url, await tokenFor(line.suite.server.url, 'sale'));
  const order = async () => (await sales.get<Row>(`${SALES_ORDERS.api}/${orderId}`)).data;
  await act(page, 'Confirm', 'confirmed');
  const bar = page.getByRole('group', { name: 'Document actions' });
  await bar.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect.poll(async () => (await order()).allocation_status).toBe('allocated');
  await page.reload();
  await act(page, 'Ship', 'closed');
  expect(await order()).toMatchObject({ status: 'closed', shipping_status: 'shipped' });
  await page.getByRole('link', { name: 'Packing slip' }).click();
  const slip = page.getByRole('article', { name: 'Packing slip' });
  await slip.getByText(KIT).first().waitFor();
  await saveScreenshot(page, 'journey-assembly-line-kit-packing-slip');
  return order();
}

/**
 * The lot behind a bottle the order sealed: the raw lot of the batch the bottle lot came
 * from where the ledger has one, else the bottle lot itself.
 */
async function componentRawLot(orderId: number): Promise<string> {
  const [row] = await queryRows<{ lot_no: string }>(
    db(),
    sql`select coalesce(
              (select raw.lot_no from stock_movements made
                 join stock_movements used on used.source_type = made.source_type
                  and used.source_id = made.source_id and used.qty < 0
                  and used.lot_id is not null and used.lot_id <> made.lot_id
                 join stock_lots raw on raw.id = used.lot_id
                where made.lot_id = c.lot_id and made.qty > 0
                  and made.source_type = 'production_orders'
                order by raw.id limit 1),
              l.lot_no) as lot_no
          from stock_movements c join stock_lots l on l.id = c.lot_id
          join products p on p.id = c.product_id and p.sku = 'FG-MANGO-06-30'
         where c.source_type = 'assembly_orders' and c.source_id = ${orderId}
           and c.movement_type = 'consume'
         order by c.id limit 1`,
  );
  return row!.lot_no;
}

/** Shipping traces the lot forward, by keyboard, and finds the kit order, its lot and the customer. */
async function trace(rawLot: string, kitOrder: string) {
  const page = await line.loggedIn('shipping');
  await page.goto(`${line.suite.server.url}/inventory/trace`);
  const box = page.getByRole('textbox', { name: 'Lot number' });
  await box.focus();
  await page.keyboard.type(rawLot);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('from')?.startsWith('lot:') === true);
  const records = page.getByRole('region', { name: 'Traced records' });
  const row = (kind: string, text: RegExp) =>
    records
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: text }) })
      .first();
  await row('Assembly order', new RegExp(`^${kitOrder}$`)).waitFor();
  await row('Lot', new RegExp(`^${kitOrder}$`)).waitFor();
  await row('Customer', new RegExp(`${CUSTOMER}$`)).waitFor();
  await saveScreenshot(page, 'journey-assembly-line-component-trace');
}

describe('admin, the line crews, sale and shipping take a kit to a customer', () => {
  it('by mouse on the floor: released, assembled into stock, sold, shipped and traced', async () => {
    await saveScreenshot(pages.sealer!, 'journey-assembly-line-dashboard');
    const order = await assemble(false);
    const sold = await sell();
    const [customer] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from customers where name = ${CUSTOMER}`,
    );
    expect(sold.customer_id).toBe(customer!.id);
    await trace(await componentRawLot(order.id), String(order.number));
  });

  it('by keyboard on the floor', async () => {
    const order = await assemble(true);
    expect(order).toMatchObject({ status: 'completed', cartoned_units: 6 });
  });

  it('shows the same board on the wall, without the buttons', async () => {
    const wall = pages.cartoner!;
    await wall.goto(`${line.suite.server.url}${DASHBOARD}?display=wall`);
    await wall.locator('[data-wall] section[data-column="sealing"] [data-order]').first().waitFor();
    expect(await wall.getByRole('button', { name: 'Finish cartoning' }).count()).toBe(0);
    await saveScreenshot(wall, 'journey-assembly-line-wall');
  });
});
