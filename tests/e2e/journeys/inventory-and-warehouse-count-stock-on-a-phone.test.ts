import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../../server/db/schema/general.ts';
import { bins, products, stockLots } from '../../../server/db/schema/inventory.ts';
import { postMovements } from '../../../server/db/stock/post-movements.ts';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { act, actionsOffered, pick, save } from '../../support/e2e-stock.ts';

// journeys.md, Inventory: "inventory + warehouse: schedule a count, count on a phone-sized
// screen, review variance in units and CAD, post it". The clerk schedules and starts a count
// of one bin; the warehouse counts it on a 390×844 phone and submits; the clerk (not the
// counter) reviews the variance over tolerance in units and dollars and approves it, which
// posts. Set-up: the bin and its stock, as the warehouse had them before the count.

const STAMP = Date.now().toString(36).toUpperCase();
const BIN = `J2-${STAMP}`;
const LOT = `J2L-${STAMP}`;
const SKU = 'RM-NIC-SALT-100';

let suite: ShellSuite;
const contexts: BrowserContext[] = [];
let clerk: Page;
let counter: Page;
let sheetPath = '';

beforeAll(async () => {
  suite = await startShellSuite();
  const db = suite.server.server.database.db;
  const [main] = await db.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  const [product] = await db.select().from(products).where(eq(products.sku, SKU));
  const [bin] = await db.insert(bins).values({ locationId: main!.id, code: BIN }).returning();
  const [lot] = await db
    .insert(stockLots)
    .values({ productId: product!.id, lotNo: LOT, source: 'receipt' })
    .returning();
  await db.transaction((tx) =>
    postMovements(
      tx,
      [
        {
          productId: product!.id,
          locationId: main!.id,
          lotId: lot!.id,
          binId: bin!.id,
          qty: 1000,
          movementType: 'receipt',
        },
      ],
      { actorId: null },
    ),
  );
  expect(
    await db
      .select()
      .from(bins)
      .where(and(eq(bins.code, BIN), eq(bins.locationId, main!.id))),
  ).toHaveLength(1);
  const desk = await openSignedIn(suite, 'inventory', '/inventory/stock-count/new', {
    viewport: { width: 1440, height: 900 },
  });
  contexts.push(desk.context);
  clerk = desk.page;
}, 120_000);
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const name = task.name.replace(/\W+/g, '-').slice(0, 40);
  await saveScreenshot(clerk, `journey-count-failed-${name}-clerk`);
  if (counter) await saveScreenshot(counter, `journey-count-failed-${name}-phone`);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await suite?.close();
});

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
    const phone = await openSignedIn(suite, 'warehouse', sheetPath, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(phone.context);
    counter = phone.page;
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
    await clerk.goto(`${suite.server.url}${sheetPath}`);
    // Over tolerance: review is what is offered, not approval.
    await expect.poll(() => actionsOffered(clerk)).toEqual(['Review']);
    await act(clerk, 'Review', 'variance review');
    const row = clerk.locator('[data-sheet-row="0"]');
    // System 1000, counted 900 (in its input), variance −100 units and −$11.20 at standard cost.
    await expect.poll(() => row.innerText()).toMatch(/1000\.000\s+-100\.000\s+-\$11\.20/);
    await expect.poll(() => row.getByRole('textbox').inputValue()).toBe('900');
    await expect
      .poll(() => clerk.getByTestId('count-variance').innerText())
      .toBe('Variance of the count: -$11.20');
    await saveScreenshot(clerk, 'journey-count-review');
    const moved = await act(clerk, 'Approve', 'posted', 'journey-count-confirm-approve');
    expect(moved).toEqual([`−100 × ${SKU} (lot ${LOT}) at Main warehouse bin ${BIN}`]);
  });
});
