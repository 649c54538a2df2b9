import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  measures,
  priceTierPrices,
  priceTiers,
  products,
} from '../../../server/db/schema/inventory.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save } from '../../support/e2e-stock.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { locationIdOf, receivedLot } from '../../support/received-lot.ts';

// docs/journeys.md, across modules, sale → warehouse → shipping: an order bigger than the free
// stock is confirmed and partly allocated (the page says how much, and what stays on backorder),
// shipped in part with a packing slip and bill of lading that show ordered, shipped and
// backordered quantities and whole lot numbers (shipping reads the packing list that left);
// the warehouse receives the rest, and the order is allocated again and ships it, reading
// shipped. Set-up: a finished good the
// wholesale tier prices, with 23 on hand at the main warehouse in a lot of a long number.

const STAMP = Date.now().toString(36).toUpperCase();
const SKU = `J-SO-${STAMP}`;
const FIRST_LOT = `OPEN-FG-BERRY-ICE-30ML-${STAMP}-0001`;
const SECOND_LOT = `OPEN-FG-BERRY-ICE-30ML-${STAMP}-0002`;

const trip = journey('journey-partial-shipment', 180_000);
let seller: Page;
let orderPath = '';

beforeAll(async () => {
  const db = trip.suite.server.server.database.db;
  const [ea] = await db.select().from(measures).where(eq(measures.code, 'ea'));
  const [wholesale] = await db.select().from(priceTiers).where(eq(priceTiers.code, 'WHOLESALE'));
  const [product] = await db
    .insert(products)
    .values({
      sku: SKU,
      name: 'Berry ice 30 ml, 20 mg',
      type: 'finished_good',
      measureId: ea!.id,
      isLotTracked: true,
      standardCost: '3.10',
      status: 'active',
    })
    .returning();
  await db.insert(priceTierPrices).values({
    priceTierId: wholesale!.id,
    productId: product!.id,
    minQty: '1',
    unitPrice: '8.50',
    validFrom: '2026-01-01',
  });
  await receivedLot(db, {
    productId: product!.id,
    locationId: await locationIdOf(db, 'WH-MAIN'),
    lotNo: FIRST_LOT,
    qty: 23,
    expiryDate: '2027-06-30',
  });
  seller = await trip.signedIn('sale', '/sales');
}, 120_000);

const bar = () => seller.getByRole('group', { name: 'Document actions' });
const standing = () => seller.getByLabel('Order lines, prices and progress');

/** The notice an event leaves, by the words it says. */
const notice = (text: string) =>
  seller.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** A shipping PDF downloaded from the packing slip page, read back. */
async function pdfOf(button: string) {
  const [download] = await Promise.all([
    seller.waitForEvent('download'),
    seller.getByRole('button', { name: button }).click(),
  ]);
  return readPdf(await readFile(await download.path()));
}

describe('sale ships part of an order and the rest once the warehouse receives stock', () => {
  it('sale confirms 240 with 23 free, allocates and is told 217 stay on backorder', async () => {
    await seller.getByRole('button', { name: 'New sales order' }).click();
    await seller.waitForURL((url) => url.pathname === '/sale/new');
    await pick(seller, 'Customer', 'Maple Leaf Vape Distribution', 'Maple');
    await pick(seller, 'Ship from', 'Main warehouse', 'Main');
    await seller.getByRole('button', { name: 'Add line' }).click();
    await pick(seller, 'Product (line 1)', SKU);
    await seller.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('240');
    await save(seller, /^\/sale\/\d+$/);
    orderPath = new URL(seller.url()).pathname;
    await act(seller, 'Confirm', 'confirmed');
    // Confirmed and read-only, the order still shows its prices, taxes and total.
    const line = standing().getByRole('row', { name: 'Line 1' });
    await expect.poll(() => line.innerText()).toContain('$8.50');
    await expect.poll(() => standing().innerText()).toMatch(/HST 13\.00 %/);
    await standing().getByRole('row', { name: 'Total', exact: true }).waitFor();

    await bar().getByRole('button', { name: 'Allocate', exact: true }).click();
    await notice('23 of 240 allocated, 217 on backorder').waitFor();
    const allocation = standing().getByLabel('Allocation');
    await expect.poll(() => allocation.innerText()).toContain('Partially allocated');
    expect(await allocation.innerText()).toContain('23 of 240 allocated, 217 on backorder');
    const cells = await line.getByRole('cell').allInnerTexts();
    // Ordered … Allocated, Shipped, Backordered.
    expect(cells.slice(2, 3)).toEqual(['240 ea']);
    expect(cells.slice(-3)).toEqual(['23 ea', '0 ea', '217 ea']);
    await seller.getByText('Reason: 23 of 240 allocated, 217 on backorder').waitFor();
    await saveScreenshot(seller, 'journey-partial-shipment-allocated');
  });

  it('sale ships what is allocated, told what ships and what stays, with its documents', async () => {
    await bar().getByRole('button', { name: 'Ship partial', exact: true }).click();
    const dialog = seller.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      `${SKU}: 23 ea ships now`,
      `${SKU}: 217 ea stays on backorder`,
    ]);
    await saveScreenshot(seller, 'journey-partial-shipment-ship-partial');
    await dialog.getByRole('button', { name: 'Ship partial', exact: true }).click();
    await notice('partially shipped, 217 on backorder').waitFor();
    await expect
      .poll(() => standing().getByLabel('Shipping').innerText())
      .toBe('Partially shipped');
    const cells = standing().getByRole('row', { name: 'Line 1' }).getByRole('cell');
    await expect
      .poll(async () => (await cells.allInnerTexts()).slice(-3))
      .toEqual(['23 ea', '23 ea', '217 ea']);

    await seller.getByRole('link', { name: 'Packing slip' }).click();
    const slip = seller.getByRole('article', { name: 'Packing slip' });
    await slip.getByRole('cell', { name: FIRST_LOT, exact: true }).waitFor();
    const account = slip.getByRole('table', { name: 'Ordered, shipped and backordered' });
    expect(await account.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      SKU,
      'Berry ice 30 ml, 20 mg',
      '240 ea',
      '23 ea',
      '217 ea',
    ]);
    await saveScreenshot(seller, 'journey-partial-shipment-packing-slip');

    const packing = await pdfOf('Download PDF');
    expect(packing.strings).toEqual(
      expect.arrayContaining(['Ordered', 'Shipped', 'Backordered', '240 ea', '23 ea', '217 ea']),
    );
    // The lot wraps over lines, never cut with an ellipsis: joined, it reads whole.
    expect(packing.text).not.toContain('…');
    expect(packing.strings.join('')).toContain(FIRST_LOT);
    const lading = await pdfOf('Bill of lading (PDF)');
    expect(lading.strings).toEqual(
      expect.arrayContaining(['Ordered', 'Shipped', 'Backordered', '240 ea', '23 ea', '217 ea']),
    );
    expect(lading.strings.join('')).toContain(SKU);
  });

  it('shipping reads the packing list that left, its lot whole', async () => {
    const orderId = Number(orderPath.split('/').at(-1));
    const [list] = await queryRows<{ id: number }>(
      trip.suite.server.server.database.db,
      sql`select id::int from allocations where sales_order_id = ${orderId}`,
    );
    const shipper = await trip.signedIn('shipping', `/inventory/allocation/${list!.id}`);
    await shipper
      .getByRole('group', { name: 'Document actions' })
      .getByText(/^shipped$/i)
      .waitFor();
    await shipper.getByText(FIRST_LOT).first().waitFor();
    await saveScreenshot(shipper, 'journey-partial-shipment-shipping-packing-list');
  });

  it('the warehouse receives the rest of the stock', async () => {
    const clerk = await trip.signedIn('warehouse', '/inventory/receiving/new');
    await pick(clerk, 'Location', 'Main warehouse', 'Main');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    await clerk.getByRole('textbox', { name: 'Lot (line 1)', exact: true }).fill(SECOND_LOT);
    await clerk.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('300');
    await save(clerk, /^\/inventory\/receiving\/\d+$/);
    const moved = await act(clerk, 'Post', 'posted');
    expect(moved).toEqual([`300 × ${SKU} (lot ${SECOND_LOT}) into Main warehouse`]);
  });

  it('sale allocates the rest and ships it: the order reads shipped', async () => {
    await seller.goto(`${trip.suite.server.url}${orderPath}`);
    await bar().getByRole('button', { name: 'Allocate', exact: true }).click();
    await notice('240 of 240 allocated').waitFor();
    const moved = await act(seller, 'Ship', 'closed', 'journey-partial-shipment-ship-rest');
    expect(moved).toEqual([`${SKU}: 217 ea ships now`]);
    await expect.poll(() => standing().getByLabel('Shipping').innerText()).toBe('Shipped');
    const cells = standing().getByRole('row', { name: 'Line 1' }).getByRole('cell');
    expect((await cells.allInnerTexts()).slice(-3)).toEqual(['240 ea', '240 ea', '0 ea']);
    await saveScreenshot(seller, 'journey-partial-shipment-shipped');

    await seller.getByRole('link', { name: 'Packing slip' }).click();
    const slip = seller.getByRole('article', { name: 'Packing slip' });
    await slip.getByRole('cell', { name: SECOND_LOT, exact: true }).waitFor();
    const account = slip.getByRole('table', { name: 'Ordered, shipped and backordered' });
    expect(await account.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      SKU,
      'Berry ice 30 ml, 20 mg',
      '240 ea',
      '240 ea',
      '0 ea',
    ]);
  });
});
