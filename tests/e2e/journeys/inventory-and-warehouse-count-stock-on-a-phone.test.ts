import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bins, products } from '../../../server/db/schema/inventory.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, actionsOffered, pick, save } from '../../support/e2e-stock.ts';
import { locationIdOf, receivedLot } from '../../support/received-lot.ts';

// docs/journeys.md, Inventory: "inventory + warehouse: schedule a count, count on a phone-sized
// screen, review variance in units and CAD, post it". The clerk schedules and starts a count
// of one bin; the warehouse counts it on a 390×844 phone and submits; the clerk (not the
// counter) reviews the variance over tolerance in units and dollars and approves it, which
// posts. Set-up: the bin and its stock, as the warehouse had them before the count.

const STAMP = Date.now().toString(36).toUpperCase();
const BIN = `J2-${STAMP}`;
const LOT = `J2L-${STAMP}`;
const SKU = 'RM-NIC-SALT-100';

const count = journey('journey-count');
let clerk: Page;
let counter: Page;
let sheetPath = '';

beforeAll(async () => {
  const db = count.suite.server.server.database.db;
  const main = await locationIdOf(db, 'WH-MAIN');
  const [product] = await db.select().from(products).where(eq(products.sku, SKU));
  const [bin] = await db.insert(bins).values({ locationId: main, code: BIN }).returning();
  await receivedLot(db, {
    productId: product!.id,
    locationId: main,
    binId: bin!.id,
    lotNo: LOT,
    qty: 1000,
  });
  expect(
    await db
      .select()
      .from(bins)
      .where(and(eq(bins.code, BIN), eq(bins.locationId, main))),
  ).toHaveLength(1);
  clerk = await count.signedIn('inventory', '/inventory/stock-count/new');
}, 120_000);

describe('inventory and the warehouse count a bin, review its variance and post it', () => {
  it('inventory schedules and starts a count of the bin', async () => {
    await pick(clerk, 'Location', 'Main warehouse', 'Main');
    await pick(clerk, 'Scope', 'Bins');
    await clerk.getByRole('button', { name: 'Add line' }).click();
    await pick(clerk, 'Bin (line 1)', BIN);
    await save(clerk, /^\/inventory\/stock-count\/\d+$/);
    sheetPath = `${new URL(clerk.url()).pathname}/sheet`;
    await act(clerk, 'Schedule', 'scheduled');
    await act(clerk, 'Start', 'in progress');
  });

  it('the warehouse counts 900 on a phone and submits', async () => {
    counter = await count.signedIn('warehouse', sheetPath, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await counter.getByText('0 of 1 counted').waitFor();
    // The sheet fits the phone: one card per line, nothing to scroll sideways to.
    await counter.getByRole('listitem').first().waitFor();
    expect(
      await counter.evaluate(() => ({
        scroll: document.scrollingElement!.scrollWidth,
        width: window.innerWidth,
      })),
    ).toSatisfy(({ scroll, width }: { scroll: number; width: number }) => scroll <= width);
    // The cursor waits on the first uncounted line: the counter just types.
    const input = counter.getByRole('textbox', { name: `Counted ${SKU} (lot ${LOT}, bin ${BIN})` });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await counter.keyboard.type('900');
    await counter.getByRole('button', { name: 'Save counts' }).click();
    await counter.getByText('1 of 1 counted').waitFor();
    await saveScreenshot(counter, 'journey-count-phone-sheet');
    await act(counter, 'Submit', 'submitted');
    // The counter does not approve their own count.
    expect(await actionsOffered(counter)).not.toContain('Approve');
  });

  it('inventory reviews the variance in units and CAD, then approves and posts it', async () => {
    await clerk.goto(`${count.suite.server.url}${sheetPath}`);
    // Over tolerance: review is what is offered, not approval.
    await expect.poll(() => actionsOffered(clerk)).toEqual(['Review']);
    await act(clerk, 'Review', 'variance review');
    const row = clerk.locator('[data-sheet-row="0"]');
    // System 1,000 (thousands grouped, docs/product.md §9), counted 900 (in its input), variance
    // −100 units and −$11.20 at standard cost.
    await expect.poll(() => row.innerText()).toMatch(/1,000\.000\s+-100\.000\s+-\$11\.20/);
    await expect.poll(() => row.getByRole('textbox').inputValue()).toBe('900');
    await expect
      .poll(() => clerk.getByTestId('count-variance').innerText())
      .toBe('Variance of the count: -$11.20');
    await saveScreenshot(clerk, 'journey-count-review');
    const moved = await act(clerk, 'Approve', 'posted', 'journey-count-confirm-approve');
    expect(moved).toEqual([`−100 × ${SKU} (lot ${LOT}) at Main warehouse bin ${BIN}`]);
  });
});
