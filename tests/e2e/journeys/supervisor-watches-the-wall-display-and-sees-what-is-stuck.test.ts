import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPage,
  logIn,
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { floorOrder, type FloorOrder } from '../../support/floor-order.ts';

// Journey (journeys.md, Production): a supervisor watches the wall display across a room for a
// shift and sees at a glance what is stuck and why (issue 13 defects 15 and 16). On the demo
// data with the simulator off, planning's order is released and has sat in Released for five
// hours: on a 1920 × 1080 wall every figure is at least 24 px, the order is marked red with
// its age, a down machine is red with its reason, and when the server goes away the board
// dims under a large stale banner. On a 390 px phone the open orders show without scrolling
// sideways, one stage at a time.

/** Each visible piece of text under `root` whose computed size is under `min` px. */
async function smallText(page: Page, root: string, min: number): Promise<string[]> {
  return page.locator(root).evaluate((el, least) => {
    const small: string[] = [];
    for (const node of el.querySelectorAll('*')) {
      const own = [...node.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent?.trim() ?? '')
        .join('');
      const box = node.getBoundingClientRect();
      if (!own || box.width === 0 || box.height === 0) continue;
      const size = parseFloat(getComputedStyle(node).fontSize);
      if (size < least) small.push(`${own} (${size}px)`);
    }
    return small;
  }, min);
}

/**
 * Badge and button labels under the wall whose line is shorter than their type: they hide
 * their overflow, so the bottom of the letters is cut ("HPLC pending", the g of "labeling").
 */
async function cutLines(page: Page): Promise<string[]> {
  return page
    .locator('[data-wall] .mantine-Badge-label, [data-wall] .mantine-Button-label')
    .evaluateAll((els) =>
      els
        .filter((el) => {
          const style = getComputedStyle(el);
          return parseFloat(style.lineHeight) < 1.2 * parseFloat(style.fontSize);
        })
        .map((el) => el.textContent),
    );
}

const isRed = (color: string) => {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return r > 180 && g < 110 && b < 110;
};

describe('supervisor watches the wall display and sees what is stuck', () => {
  let suite: ShellSuite;
  let order: FloorOrder;
  let wall: Page;
  let serverClosed = false;

  beforeAll(async () => {
    suite = await startShellSuite();
    // What other roles did before: planning drafts and releases it, the manager approves.
    ({ order } = await floorOrder(suite.server.url, 'released'));
    // Five hours pass with the order still waiting to be batched (Released expects 4 h).
    await suite.server.server.database.db.execute(
      sql`update production_orders set stage_since = now() - interval '5 hours' where id = ${order.id}`,
    );
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && wall) await saveScreenshot(wall, 'supervisor-wall-failed');
  });
  afterAll(async () => {
    await suite?.browser.close();
    if (!serverClosed) await suite?.server.close();
  });

  it('reads every figure at 24 px or more, with a clock, and the late order in red', async () => {
    ({ page: wall } = await freshPage(suite, { viewport: { width: 1920, height: 1080 } }));
    await logIn(wall, suite.server.url, 'supervisor');
    await wall.goto(`${suite.server.url}/production/production-dashboard?display=wall`);
    const card = wall.locator(`section[data-column="released"] [data-order="${order.number}"]`);
    await card.waitFor();
    await wall.locator('[data-wall][data-connection="connected"]').waitFor();

    await expect(wall.getByTestId('wall-clock').textContent()).resolves.toMatch(/^\d\d:\d\d/);
    await expect(smallText(wall, '[data-wall]', 24)).resolves.toEqual([]);
    await expect(cutLines(wall)).resolves.toEqual([]);
    // The title keeps off the screen's edge, as a page's title does.
    const title = await wall.getByRole('heading', { name: 'Production dashboard' }).boundingBox();
    expect(title?.x).toBeGreaterThanOrEqual(16);

    // Stuck: past Released's expected 4 h, in red, with how long and what was expected.
    await expect(card.getAttribute('data-ageing')).resolves.toBe('late');
    const age = card.locator('[data-elapsed]');
    await expect(age.textContent()).resolves.toMatch(/^5 h 0\d min · expected 4 h 00 min$/);
    expect(isRed(await age.evaluate((el) => getComputedStyle(el).color))).toBe(true);
    expect(isRed(await card.evaluate((el) => getComputedStyle(el).borderLeftColor))).toBe(true);

    // The SKU is read whole: nothing cut off.
    const sku = card.getByText('FG-MANGO-06-30', { exact: true });
    await expect(sku.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    await saveScreenshot(wall, 'supervisor-wall-1920');
  });

  it('shows a down machine in red with the reason it is down', async () => {
    const { page } = await freshPage(suite, { viewport: { width: 1920, height: 1080 } });
    await logIn(page, suite.server.url, 'supervisor');
    await page.goto(`${suite.server.url}/production/machines-dashboard?display=wall`);
    const down = page.locator('[data-machine][data-status="down"]').first();
    await down.waitFor();
    await expect(down.locator('[data-down-reason]').textContent()).resolves.toMatch(/^Down: \S/);
    await expect(down.locator('[data-down-reason]').textContent()).resolves.not.toContain(
      'no work order',
    );
    expect(isRed(await down.evaluate((el) => getComputedStyle(el).borderTopColor))).toBe(true);
    const running = page.locator('[data-machine][data-status="operational"]').first();
    expect(isRed(await running.evaluate((el) => getComputedStyle(el).borderTopColor))).toBe(false);
    await expect(smallText(page, '[data-wall]', 24)).resolves.toEqual([]);
    await expect(cutLines(page)).resolves.toEqual([]);
    // Codes and statuses are read whole: none cut off.
    const cut = await page
      .locator('[data-machine] .mantine-Badge-label, [data-machine] .mantine-Text-root')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    await saveScreenshot(page, 'supervisor-wall-machines-1920');
    await page.context().close();
  });

  it('on a 390 px phone shows the open orders first, without scrolling sideways', async () => {
    const { context, page } = await openSignedIn(
      suite,
      'supervisor',
      '/production/production-dashboard',
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    );
    const stages = page.getByRole('group', { name: 'Stages' });
    const card = page.locator(`[data-order="${order.number}"]`);
    await card.waitFor();
    // The stage holding orders is the one shown, and its button says how many.
    await expect(
      stages.getByRole('button', { name: /^Released/ }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'supervisor-dashboard-390');

    // Another stage with a tap, and back with the keyboard.
    await stages.getByRole('button', { name: /^Batching/ }).click();
    await card.waitFor({ state: 'detached' });
    await stages.getByRole('button', { name: /^Released/ }).focus();
    await page.keyboard.press('Enter');
    await card.waitFor();
    await context.close();
  });

  it('on a tablet shows the stages two by two, without scrolling sideways', async () => {
    const { context, page } = await openSignedIn(
      suite,
      'supervisor',
      '/production/production-dashboard',
      { viewport: { width: 820, height: 1180 }, hasTouch: true },
    );
    await page.locator(`[data-order="${order.number}"]`).waitFor();
    const boxes = await page
      .locator('section[data-column]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(7);
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    expect(boxes[2]!.top).toBeGreaterThan(boxes[0]!.top);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'supervisor-dashboard-820');
    await context.close();
  });

  it('dims the board under a large stale banner when the server stops', async () => {
    await suite.server.close();
    serverClosed = true;
    const banner = wall.getByTestId('stale');
    await banner.waitFor({ timeout: 30_000 });
    await expect(banner.textContent()).resolves.toMatch(/^Stale since \d\d:\d\d/);
    const size = await banner.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(40);
    const data = wall.locator('[data-stale]');
    await expect(data.evaluate((el) => Number(getComputedStyle(el).opacity))).resolves.toBeLessThan(
      0.5,
    );
    await saveScreenshot(wall, 'supervisor-wall-stale-1920');
  });
});
