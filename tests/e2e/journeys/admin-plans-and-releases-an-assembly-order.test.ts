import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSEMBLY_ORDERS } from '../../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List, type Row } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { pick, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (Assembly): admin plans an assembly order for a kit of the demo on
// the kit assembly flow, saves the draft (numbered AO-), opens it again and releases it: the
// kit's components are snapshotted for the line and the order shows on the crews' dashboard.
// Once by mouse, once by keyboard.

const asm = journey('journey-assembly-admin', 180_000);
let page: Page;

beforeAll(async () => {
  page = await asm.signedIn('admin', '/assembly/assembly-orders');
});

const drawer = () => page.getByRole('dialog', { name: /assembly order/i });

/** The newest order of the kit, as the server holds it. */
async function newest(): Promise<Row> {
  const url = asm.suite.server.url;
  const api = entityClient(url, await tokenFor(url, 'admin'));
  const list = await api.get<List>(ASSEMBLY_ORDERS.api, {
    sort: { field: 'id', direction: 'desc' },
    per_page: 1,
  });
  const [row] = list.data.rows;
  return (await api.get<Row>(`${ASSEMBLY_ORDERS.api}/${row!.id}`)).data;
}

/** Releases the order from its drawer and checks what the server wrote. */
async function releaseFromDrawer(number: string, byKeyboard: boolean) {
  // A draft's drawer shows its number in the list behind it, not as text of its own.
  await page.goto(`${asm.suite.server.url}/assembly/assembly-orders`);
  const cell = page.getByRole('gridcell', { name: number, exact: true }).first();
  if (byKeyboard) {
    await cell.click();
    await page.keyboard.press('Enter');
  } else {
    await cell.dblclick();
  }
  const bar = drawer().getByRole('group', { name: 'Document actions' });
  const release = bar.getByRole('button', { name: 'Release', exact: true });
  if (byKeyboard) await release.press('Enter');
  else await release.click();
  await page
    .getByText(new RegExp(`${number}.*released`, 'i'))
    .first()
    .waitFor();
  const order = await newest();
  expect(order).toMatchObject({ number, status: 'released', has_components: 1 });
  expect((order.components as Row[]).length).toBeGreaterThan(0);
}

describe('admin plans and releases an assembly order', () => {
  it('by mouse', async () => {
    await page.getByRole('button', { name: 'New assembly order' }).click();
    await drawer().waitFor();
    await pick(page, 'Kit', 'KIT-MANGO-DUO', 'KIT-MANGO');
    await pick(page, 'Flow', 'Kit assembly', 'Kit');
    await page.getByRole('textbox', { name: 'Planned units', exact: true }).fill('40');
    await page.getByRole('textbox', { name: 'Due', exact: true }).fill('12/15/2026');
    // The date's calendar opens clear of the jurisdiction picked next; the click on that
    // field closes it.
    await pick(page, 'Jurisdiction', 'Ontario', 'Ont');
    await saveScreenshot(page, 'journey-assembly-admin-draft');
    await drawer().getByRole('button', { name: 'Save', exact: true }).click();
    await drawer().waitFor({ state: 'hidden' });
    const draft = await newest();
    expect(draft).toMatchObject({ status: 'draft', planned_units: 40, due_date: '2026-12-15' });
    expect(String(draft.number)).toMatch(/^AO-\d{5}$/);
    await releaseFromDrawer(String(draft.number), false);
    await saveScreenshot(page, 'journey-assembly-admin-released');
  });

  it('by keyboard', async () => {
    await page.goto(`${asm.suite.server.url}/assembly/assembly-orders`);
    await page.getByRole('button', { name: 'New assembly order' }).press('Enter');
    await drawer().waitFor();
    await page.getByRole('combobox', { name: 'Kit', exact: true }).focus();
    await typeAndChoose(page, 'KIT-FRUIT', 'KIT-FRUIT-TRIO');
    await page.getByRole('combobox', { name: 'Flow', exact: true }).focus();
    await typeAndChoose(page, 'Kit', 'Kit assembly');
    await page.getByRole('textbox', { name: 'Planned units', exact: true }).focus();
    await page.keyboard.type('24');
    await page.getByRole('textbox', { name: 'Due', exact: true }).focus();
    await page.keyboard.type('12/20/2026');
    await page.getByRole('combobox', { name: 'Jurisdiction', exact: true }).focus();
    await typeAndChoose(page, 'Ont', 'Ontario');
    await page.keyboard.press('Control+s');
    await drawer().waitFor({ state: 'hidden' });
    const draft = await newest();
    expect(draft).toMatchObject({
      status: 'draft',
      planned_units: 24,
      product_sku: 'KIT-FRUIT-TRIO',
    });
    await releaseFromDrawer(String(draft.number), true);
  });

  it('reads what the line did on the assembly reports', async () => {
    await page.goto(`${asm.suite.server.url}/assembly/reports/reels-summary`);
    // The demo's reel in use: two orders of 19 stamped kits, one damaged stamp and one wasted
    // each, the rest of the thousand still on the reel.
    const reel = page.getByRole('row').filter({ hasText: 'ST-A-0001' });
    await reel.waitFor();
    expect(await reel.innerText()).toMatch(/1,000\s+38\s+2\s+2\s+958/);
    await saveScreenshot(page, 'journey-assembly-admin-reels-summary');
    await page.goto(`${asm.suite.server.url}/assembly/reports/damaged-stamps`);
    await page.getByRole('gridcell', { name: 'ST-A-0001', exact: true }).first().waitFor();
    await page.goto(`${asm.suite.server.url}/assembly/reports/stamping`);
    await page.getByRole('gridcell', { name: 'ST-A-0001', exact: true }).first().waitFor();
    await saveScreenshot(page, 'journey-assembly-admin-stamping-report');
  });
});
