import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { pick, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (Assembly, docs/domain/assembly.md §4): admin defines a new kit's bill of components on
// the kit components screen (the kit, each component and how many go in one kit), then plans an
// assembly order of that kit: its drawer shows the bill scaled to the planned units, and once
// released the components the order was released with. Once by mouse, once by keyboard, each
// on a kit of its own made for the journey (the demo's kits already have their bills).

const kits = journey('journey-kit-components', 180_000);
let page: Page;

const db = () => kits.suite.server.server.database.db;
const url = (path: string) => `${kits.suite.server.url}${path}`;

const MOUSE_KIT = 'KIT-JOURNEY-DUO';
const KEYBOARD_KIT = 'KIT-JOURNEY-PAIR';

/** A kit product without components, counted in each and stamped for Ontario as the demo's. */
async function newKit(sku: string, name: string): Promise<void> {
  await queryRows(
    db(),
    sql`insert into products (sku, name, type, measure_id, requires_stamp, stamp_jurisdiction_id,
        standard_cost)
      select ${sku}, ${name}, 'kit', k.measure_id, true, k.stamp_jurisdiction_id, 9.5
        from products k where k.sku = 'KIT-MANGO-DUO'`,
  );
}

/** The kit's bill as the server holds it: component SKU and quantity per kit. */
async function billOf(sku: string) {
  return queryRows<{ component: string; per_kit: number }>(
    db(),
    sql`select c.sku as component, pc.qty_per_unit::float8 as per_kit
      from product_components pc join products k on k.id = pc.product_id
        join products c on c.id = pc.component_product_id
      where k.sku = ${sku} order by c.sku`,
  );
}

/** The newest assembly order of the kit, with its number and status. */
async function newestOrderOf(sku: string) {
  const [row] = await queryRows<{ number: string; status: string; planned: number }>(
    db(),
    sql`select o.number, o.status, o.planned_units::int as planned from assembly_orders o
      join products k on k.id = o.product_id where k.sku = ${sku} order by o.id desc limit 1`,
  );
  return row;
}

beforeAll(async () => {
  await newKit(MOUSE_KIT, 'Journey duo kit (2 × 30 ml)');
  await newKit(KEYBOARD_KIT, 'Journey pair kit (2 × 30 ml)');
  page = await kits.signedIn('admin', '/assembly/kit-components');
});

const drawer = (name: RegExp) => page.getByRole('dialog', { name });
const componentDrawer = () => drawer(/kit component/i);
const orderDrawer = () => drawer(/assembly order/i);

/** The rows of the order drawer's components table: component, per kit, required. */
async function componentRows(): Promise<string[][]> {
  const table = orderDrawer().getByRole('table', { name: 'Components' });
  await table.getByRole('row').nth(1).waitFor();
  const rows = await table.getByRole('row').all();
  const cells = await Promise.all(rows.slice(1).map((r) => r.getByRole('cell').allInnerTexts()));
  return cells.map((row) => row.map((c) => c.trim()));
}

describe('admin defines a kit and plans an order of it', () => {
  it('by mouse', async () => {
    for (const [component, perKit] of [
      ['FG-MANGO-06-30', '2'],
      ['PK-CTN-30-24', '1'],
    ] as const) {
      await page.getByRole('button', { name: 'New kit component' }).click();
      await componentDrawer().waitFor();
      await pick(page, 'Kit', MOUSE_KIT, 'KIT-JOURNEY-D');
      await pick(page, 'Component', component, component.slice(0, 8));
      await componentDrawer().getByRole('textbox', { name: 'Per kit', exact: true }).fill(perKit);
      if (component === 'PK-CTN-30-24') await saveScreenshot(page, 'journey-kit-components-form');
      await componentDrawer().getByRole('button', { name: 'Save', exact: true }).click();
      await componentDrawer().waitFor({ state: 'hidden' });
    }
    expect(await billOf(MOUSE_KIT)).toEqual([
      { component: 'FG-MANGO-06-30', per_kit: 2 },
      { component: 'PK-CTN-30-24', per_kit: 1 },
    ]);
    await page.getByRole('gridcell', { name: MOUSE_KIT, exact: true }).first().waitFor();
    await saveScreenshot(page, 'journey-kit-components-list');

    // An order of 30 kits: 60 bottles and 30 cartons.
    await page.goto(url('/assembly/assembly-orders'));
    await page.getByRole('button', { name: 'New assembly order' }).click();
    await orderDrawer().waitFor();
    await pick(page, 'Kit', MOUSE_KIT, 'KIT-JOURNEY-D');
    await pick(page, 'Flow', 'Kit assembly', 'Kit');
    await page.getByRole('textbox', { name: 'Planned units', exact: true }).fill('30');
    await page.getByRole('textbox', { name: 'Due', exact: true }).fill('12/18/2026');
    // The due date's calendar opens above it, so the next field is there to click.
    await pick(page, 'Jurisdiction', 'Ontario', 'Ont');
    await orderDrawer().getByRole('button', { name: 'Save', exact: true }).click();
    await orderDrawer().waitFor({ state: 'hidden' });
    const draft = await newestOrderOf(MOUSE_KIT);
    expect(draft).toMatchObject({ status: 'draft', planned: 30 });

    await page.getByRole('gridcell', { name: draft!.number, exact: true }).first().dblclick();
    expect(await componentRows()).toEqual([
      ['FG-MANGO-06-30', '2 ea', '60 ea'],
      ['PK-CTN-30-24', '1 ea', '30 ea'],
    ]);
    await saveScreenshot(page, 'journey-kit-components-draft-order');
    const bar = orderDrawer().getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Release', exact: true }).click();
    await bar.getByText(/^released$/i).waitFor();
    await orderDrawer().getByText('As released', { exact: false }).waitFor();
    expect(await componentRows()).toEqual([
      ['FG-MANGO-06-30', '2 ea', '60 ea', '0 ea'],
      ['PK-CTN-30-24', '1 ea', '30 ea', '0 ea'],
    ]);
    await saveScreenshot(page, 'journey-kit-components-released-order');
    expect((await newestOrderOf(MOUSE_KIT))!.status).toBe('released');
  });

  it('by keyboard', async () => {
    await page.goto(url('/assembly/kit-components'));
    for (const [component, perKit] of [
      ['FG-STRAW-06-30', '1'],
      ['FG-BLURAZ-06-30', '1'],
      ['PK-CTN-30-24', '1'],
    ] as const) {
      await page.getByRole('button', { name: 'New kit component' }).press('Enter');
      await componentDrawer().waitFor();
      await page.getByRole('combobox', { name: 'Kit', exact: true }).focus();
      await typeAndChoose(page, 'KIT-JOURNEY-P', KEYBOARD_KIT);
      await page.getByRole('combobox', { name: 'Component', exact: true }).focus();
      await typeAndChoose(page, component, component);
      await componentDrawer().getByRole('textbox', { name: 'Per kit', exact: true }).focus();
      await page.keyboard.type(perKit);
      await page.keyboard.press('Control+s');
      await componentDrawer().waitFor({ state: 'hidden' });
    }
    expect(await billOf(KEYBOARD_KIT)).toEqual([
      { component: 'FG-BLURAZ-06-30', per_kit: 1 },
      { component: 'FG-STRAW-06-30', per_kit: 1 },
      { component: 'PK-CTN-30-24', per_kit: 1 },
    ]);

    await page.goto(url('/assembly/assembly-orders'));
    await page.getByRole('button', { name: 'New assembly order' }).press('Enter');
    await orderDrawer().waitFor();
    await page.getByRole('combobox', { name: 'Kit', exact: true }).focus();
    await typeAndChoose(page, 'KIT-JOURNEY-P', KEYBOARD_KIT);
    await page.getByRole('combobox', { name: 'Flow', exact: true }).focus();
    await typeAndChoose(page, 'Kit', 'Kit assembly');
    await page.getByRole('textbox', { name: 'Planned units', exact: true }).focus();
    await page.keyboard.type('12');
    await page.getByRole('textbox', { name: 'Due', exact: true }).focus();
    await page.keyboard.type('12/21/2026');
    await page.getByRole('combobox', { name: 'Jurisdiction', exact: true }).focus();
    await typeAndChoose(page, 'Ont', 'Ontario');
    await page.keyboard.press('Control+s');
    await orderDrawer().waitFor({ state: 'hidden' });
    const draft = await newestOrderOf(KEYBOARD_KIT);
    expect(draft).toMatchObject({ status: 'draft', planned: 12 });

    await page.getByRole('gridcell', { name: draft!.number, exact: true }).first().click();
    await page.keyboard.press('Enter');
    expect(await componentRows()).toEqual([
      ['FG-BLURAZ-06-30', '1 ea', '12 ea'],
      ['FG-STRAW-06-30', '1 ea', '12 ea'],
      ['PK-CTN-30-24', '1 ea', '12 ea'],
    ]);
    const bar = orderDrawer().getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Release', exact: true }).press('Enter');
    await bar.getByText(/^released$/i).waitFor();
    await orderDrawer().getByText('As released', { exact: false }).waitFor();
    expect((await componentRows()).map((row) => row[2])).toEqual(['12 ea', '12 ea', '12 ea']);
    expect((await newestOrderOf(KEYBOARD_KIT))!.status).toBe('released');
  });
});
