import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPage,
  logIn,
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { PRODUCTION_ORDERS } from '../../../src/domain/entities/production/production-orders.entity.ts';
import { WALL_PAGE_MS } from '../../../src/views/modules/production/dashboard/wall-pages.tsx';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient } from '../../support/entity-crud.ts';
import { floorOrder, type FloorOrder } from '../../support/floor-order.ts';

// Journey (docs/journeys.md, Production): a supervisor watches the wall display across a room for a
// shift and sees at a glance what is stuck and why. On the demo
// data with the simulator off, planning's order is released and has sat in Released for five
// hours: on a 1920 × 1080 wall every text is at least 24 px, the counts and headline figures
// 48 px, order numbers 32 px, and every text 4.5:1 against what is behind it. With more orders
// than a column holds, each is reached: the column turns its pages by itself and says how many
// more wait. Held, failed, overdue and down each have their own colour and icon, and a stuck
// card's reason is its largest text. When the server goes away the board dims under a large
// stale banner. On a 390 px phone the open orders show without scrolling sideways, one stage
// at a time.

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

/** The hue (0–360°) of a computed `rgb(…)` colour. */
function hueOf(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map((v) => Number(v) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** The colour family a stuck signal is drawn in, from its hue. */
function familyOf(color: string): string {
  const hue = hueOf(color);
  if (hue >= 345 || hue < 12) return 'red';
  if (hue < 40) return 'orange';
  if (hue < 65) return 'yellow';
  if (hue >= 260 && hue < 320) return 'grape';
  return `other (${Math.round(hue)}°)`;
}

/**
 * Each visible text under `root` whose contrast against what is behind it (its ancestors'
 * backgrounds, blended where they are translucent, over the page) is under 4.5:1 (WCAG).
 */
async function lowContrast(page: Page, root: string): Promise<string[]> {
  return page.locator(root).evaluate((el) => {
    const rgba = (c: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (c.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a: c.startsWith('rgba') ? a : 1 };
    };
    const over = (top: ReturnType<typeof rgba>, under: ReturnType<typeof rgba>) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    const backdrop = (node: Element | null): ReturnType<typeof rgba> => {
      if (!node) return { r: 255, g: 255, b: 255, a: 1 };
      const own = rgba(getComputedStyle(node).backgroundColor);
      if (own.a >= 1) return own;
      return over(own, backdrop(node.parentElement));
    };
    const luminance = ({ r, g, b }: ReturnType<typeof rgba>) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const low: string[] = [];
    for (const node of el.querySelectorAll('*')) {
      const own = [...node.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent?.trim() ?? '')
        .join('');
      const box = node.getBoundingClientRect();
      if (!own || box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || node.closest('[data-beyond]')) continue;
      const back = backdrop(node);
      const fore = over(rgba(style.color), back);
      const [light, dark] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      if (ratio < 4.5) low.push(`${own} (${ratio.toFixed(2)}:1)`);
    }
    return low;
  });
}

/** Font size in px of the element. */
const sizeOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

describe('supervisor watches the wall display and sees what is stuck', () => {
  let suite: ShellSuite;
  let order: FloorOrder;
  let held: FloorOrder;
  let failed: FloorOrder;
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
    // A busy morning: a dozen more released orders than one column can hold, one of them put
    // on hold by the manager with a reason, and a batch whose HPLC test failed.
    for (let i = 0; i < 11; i++) await floorOrder(suite.server.url, 'released');
    const hold = await floorOrder(suite.server.url, 'released');
    const manager = entityClient(suite.server.url, await tokenFor(suite.server.url, 'manager'));
    const reply = await manager.send(
      'POST',
      `${PRODUCTION_ORDERS.api}/${hold.order.id}/events/hold`,
      { version: hold.order.version, reason: 'Mixer 2 seal leaking' },
    );
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    held = await hold.read();
    const fail = await floorOrder(suite.server.url, 'hplc_passed');
    await suite.server.server.database.db.execute(
      sql`update production_orders set stage = 'hplc_failed' where id = ${fail.order.id}`,
    );
    failed = await fail.read();
    // And one more batch through the lab, so the HPLC column holds two.
    await floorOrder(suite.server.url, 'hplc_passed');
  }, 240_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && wall)
      await saveFailureScreenshot(wall, 'supervisor-wall-failed');
  });
  afterAll(async () => {
    await suite?.browser.close();
    if (!serverClosed) await suite?.server.close();
  });

  it('reads every text at 24 px or more and 4.5:1, counts at 48 px, and the late order in red', async () => {
    ({ page: wall } = await freshPage(suite, { viewport: { width: 1920, height: 1080 } }));
    // The page's own clock, running at the real pace, so a test can turn the columns' pages
    // without sitting through them.
    await wall.clock.install();
    await logIn(wall, suite.server.url, 'supervisor');
    await wall.goto(`${suite.server.url}/production/production-dashboard?display=wall`);
    const card = wall.locator(`section[data-column="released"] [data-order="${order.number}"]`);
    await card.waitFor();
    await wall.locator('[data-wall][data-connection="connected"]').waitFor();

    await expect(wall.getByTestId('wall-clock').textContent()).resolves.toMatch(/^\d\d:\d\d/);
    await expect(smallText(wall, '[data-wall]', 24)).resolves.toEqual([]);
    await expect(cutLines(wall)).resolves.toEqual([]);
    await expect(lowContrast(wall, '[data-wall]')).resolves.toEqual([]);
    // Seen from across the room, the counts are the largest figures, not the clock.
    const count = await sizeOf(wall, 'section[data-column="released"] [data-count]');
    expect(count).toBeGreaterThanOrEqual(48);
    await expect(sizeOf(wall, '[data-testid="open-orders"]')).resolves.toBeGreaterThanOrEqual(48);
    await expect(sizeOf(wall, '[data-testid="wall-clock"]')).resolves.toBeLessThanOrEqual(count);
    await expect(sizeOf(wall, '[data-order] [class*="number"]')).resolves.toBeGreaterThanOrEqual(
      32,
    );
    // The title keeps off the screen's edge, as a page's title does.
    const title = await wall.getByRole('heading', { name: 'Production dashboard' }).boundingBox();
    expect(title?.x).toBeGreaterThanOrEqual(16);

    // Stuck: past Released's expected 4 h, in red, with how long and what was expected.
    await expect(card.getAttribute('data-ageing')).resolves.toBe('late');
    const age = card.locator('[data-elapsed]');
    await expect(age.textContent()).resolves.toMatch(/^5 h 0\d min · expected 4 h 00 min$/);
    expect(familyOf(await age.evaluate((el) => getComputedStyle(el).color))).toBe('red');
    expect(familyOf(await card.evaluate((el) => getComputedStyle(el).borderLeftColor))).toBe('red');

    // The SKU is read whole: nothing cut off.
    const sku = card.getByText('FG-MANGO-06-30', { exact: true });
    await expect(sku.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    await saveScreenshot(wall, 'supervisor-wall-1920');
  });

  it('reaches every released order: the column turns its pages and says how many more', async () => {
    const released = (
      await wall
        .locator('section[data-column="released"] [data-order]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-order')))
    ).filter((n): n is string => n !== null);
    expect(released.length).toBeGreaterThanOrEqual(13);
    await expect(
      wall.locator('section[data-column="released"] [data-more]').textContent(),
    ).resolves.toMatch(/^1–\d+ of \d+ · \+\d+ more$/);
    // A column that pages is full: cards half a column tall left half of it blank while the
    // next waited for its turn.
    const blank = await wall.locator('section[data-column="released"]').evaluate((column) => {
      const cards = [...column.querySelectorAll('[data-order]')].filter(
        (el) => !el.closest('[data-beyond]'),
      );
      const bottom = Math.max(...cards.map((el) => el.getBoundingClientRect().bottom));
      const more = column.querySelector('[data-more]')!.getBoundingClientRect().top;
      return (more - bottom) / column.getBoundingClientRect().height;
    });
    expect(blank).toBeLessThan(0.2);
    // A column of a few orders shows them all at once, not one a page.
    const lab = wall.locator('section[data-column="hplc"]');
    await expect(lab.locator('[data-order]').count()).resolves.toBe(2);
    await expect(lab.locator('[data-beyond]').count()).resolves.toBe(0);
    await expect(lab.locator('[data-more]').count()).resolves.toBe(0);
    // Whoever watches sees each order whole on the screen within a few turns; nobody scrolls.
    const shownNow = () =>
      wall.locator('section[data-column="released"] [data-order]').evaluateAll((els) =>
        els
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return !el.closest('[data-beyond]') && box.top >= 0 && box.bottom <= innerHeight;
          })
          .map((el) => el.getAttribute('data-order') ?? ''),
      );
    const seen = new Set<string>();
    for (let turn = 0; turn < released.length && seen.size < released.length; turn += 1) {
      const shown = await shownNow();
      for (const number of shown) seen.add(number);
      // One page's time later the column shows the next page (or the first again).
      await wall.clock.fastForward(WALL_PAGE_MS);
      await expect.poll(shownNow).not.toEqual(shown);
    }
    expect([...released].filter((n) => !seen.has(n))).toEqual([]);
    await expect(
      wall.evaluate(() => document.documentElement.scrollHeight <= innerHeight),
    ).resolves.toBe(true);
  });

  it('tells held, failed and overdue apart, each with its icon, the reason the largest text', async () => {
    const stuck = async (number: string) => {
      const card = wall.locator(`[data-order="${number}"]`);
      // Its page may be turned away: turn the column's pages until it shows it.
      const shown = card.and(wall.locator(':not([data-beyond]) > [data-order]'));
      for (let turn = 0; turn < 20 && !(await shown.isVisible()); turn += 1) {
        await wall.clock.fastForward(WALL_PAGE_MS);
      }
      await shown.waitFor();
      const reason = card.locator('[data-stuck-reason]');
      await expect(reason.locator('svg').count()).resolves.toBe(1);
      const largest = await card.evaluate((el) =>
        Math.max(
          ...[...el.querySelectorAll('*')]
            .filter((n) => [...n.childNodes].some((c) => c.nodeType === Node.TEXT_NODE))
            .map((n) => parseFloat(getComputedStyle(n).fontSize)),
        ),
      );
      expect(await reason.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBe(
        largest,
      );
      return {
        text: await reason.textContent(),
        border: familyOf(await card.evaluate((el) => getComputedStyle(el).borderLeftColor)),
        reason: familyOf(await reason.evaluate((el) => getComputedStyle(el).color)),
      };
    };
    await expect(stuck(held.number)).resolves.toEqual({
      text: 'On hold: Mixer 2 seal leaking',
      border: 'yellow',
      reason: 'yellow',
    });
    await expect(stuck(failed.number)).resolves.toEqual({
      text: 'HPLC failed',
      border: 'grape',
      reason: 'grape',
    });
    await expect(stuck(order.number)).resolves.toMatchObject({ border: 'red', reason: 'red' });
    await saveScreenshot(wall, 'supervisor-wall-stuck-1920');
  });

  it('shows a down machine in its own colour, with its icon and the reason it is down', async () => {
    const { page } = await freshPage(suite, { viewport: { width: 1920, height: 1080 } });
    await logIn(page, suite.server.url, 'supervisor');
    await page.goto(`${suite.server.url}/production/machines-dashboard?display=wall`);
    const down = page.locator('[data-machine][data-status="down"]').first();
    await down.waitFor();
    await expect(down.locator('[data-down-reason]').textContent()).resolves.toMatch(/^Down: \S/);
    await expect(down.locator('[data-down-reason]').textContent()).resolves.not.toContain(
      'no work order',
    );
    expect(familyOf(await down.evaluate((el) => getComputedStyle(el).borderTopColor))).toBe(
      'orange',
    );
    await expect(down.locator('[data-down-reason] svg').count()).resolves.toBe(1);
    const running = page.locator('[data-machine][data-status="operational"]').first();
    await expect(running.getAttribute('data-stuck')).resolves.toBeNull();
    await expect(smallText(page, '[data-wall]', 24)).resolves.toEqual([]);
    await expect(lowContrast(page, '[data-wall]')).resolves.toEqual([]);
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
