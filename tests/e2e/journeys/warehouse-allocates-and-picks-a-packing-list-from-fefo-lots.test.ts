import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { measures, products } from '../../../server/db/schema/inventory.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, addLineWithProduct, arrowTo, pick, save } from '../../support/e2e-stock.ts';
import { locationIdOf, receivedLot } from '../../support/received-lot.ts';

// docs/journeys.md, Inventory: "warehouse: allocate and pick a packing list from FEFO lots". The
// warehouse clerk writes a packing list in the main warehouse; the lot picker offers only the
// product's lots there, first to expire first, with what is available; the clerk takes the
// first, allocates, picks and packs it. Set-up: the product and its lots, as receiving left
// them (three in the main warehouse, one at the Montréal centre that must not be offered).

const STAMP = Date.now().toString(36).toUpperCase();
const SKU = `J3-${STAMP}`;
const lot = (name: string) => `${SKU}-${name}`;

const packing = journey('journey-packing');
let clerk: Page;

beforeAll(async () => {
  const db = packing.suite.server.server.database.db;
  const main = await locationIdOf(db, 'WH-MAIN');
  const dc = await locationIdOf(db, 'DC-MTL');
  const [ea] = await db.select().from(measures).where(eq(measures.code, 'ea'));
  const [product] = await db
    .insert(products)
    .values({
      sku: SKU,
      name: 'J3 journey bottle',
      type: 'bottle',
      measureId: ea!.id,
      isLotTracked: true,
      standardCost: '0.25',
      status: 'active',
    })
    .returning();
  const stock: [string, string | null, number, number][] = [
    ['LATE', '2027-03-01', 25, main],
    ['SOON', '2026-12-15', 40, main],
    ['NEVER', null, 10, main],
    ['AWAY', '2026-06-01', 99, dc],
  ];
  for (const [name, expiryDate, qty, locationId] of stock) {
    await receivedLot(db, {
      productId: product!.id,
      locationId,
      lotNo: lot(name),
      qty,
      expiryDate,
    });
  }
  clerk = await packing.signedIn('warehouse', '/inventory/allocation/new');
}, 120_000);

describe('the warehouse allocates and picks a packing list from FEFO lots', () => {
  it('is offered the product’s lots in the main warehouse, first to expire first', async () => {
    await pick(clerk, 'Ship from', 'Main warehouse', 'Main');
    // The line opens on its product (a sales order line is the sales module's to fill).
    await addLineWithProduct(clerk, SKU);
    await clerk.getByRole('combobox', { name: 'Lot (line 1)', exact: true }).focus();
    await clerk.keyboard.press('ArrowDown');
    const options = clerk.getByRole('listbox').getByRole('option');
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual([
        `${lot('SOON')} · 40 ea available · exp 12/15/2026`,
        `${lot('LATE')} · 25 ea available · exp 03/01/2027`,
        `${lot('NEVER')} · 10 ea available · no expiry`,
      ]);
    await saveScreenshot(clerk, 'journey-packing-fefo-lots');
    // The first to expire is the one to take. The ArrowDown that opened the list highlights
    // it once the lots have come; under load they come after the key, so the highlight is
    // read (and moved if it must be) before Enter takes it.
    await arrowTo(clerk, `${lot('SOON')} · 40 ea available · exp 12/15/2026`);
    await clerk.keyboard.press('Enter');
    await expect
      .poll(() => clerk.getByRole('combobox', { name: 'Lot (line 1)', exact: true }).inputValue())
      .toBe(`${lot('SOON')} · 40 ea available · exp 12/15/2026`);
    await clerk.getByRole('textbox', { name: 'Allocated (line 1)', exact: true }).fill('30');
    await save(clerk, /^\/inventory\/allocation\/\d+$/);
  });

  it('allocates, picks and packs it', async () => {
    await act(clerk, 'Allocate', 'allocated');
    await act(clerk, 'Pick', 'picking');
    await act(clerk, 'Pack', 'packed');
    await saveScreenshot(clerk, 'journey-packing-packed');
    // What is held for the list is no longer available to the next one.
    await clerk.goto(`${packing.suite.server.url}/inventory/allocation/new`);
    await pick(clerk, 'Ship from', 'Main warehouse', 'Main');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Product (line 1)', SKU);
    await clerk.getByRole('combobox', { name: 'Lot (line 1)', exact: true }).click();
    await expect
      .poll(() => clerk.getByRole('listbox').getByRole('option').first().innerText())
      .toBe(`${lot('SOON')} · 10 ea available · 40 ea on hand · exp 12/15/2026`);
  });
});
