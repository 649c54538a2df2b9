import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canVisit } from '../../../src/domain/route-visibility.ts';
import { journey } from '../../support/e2e-journey.ts';
import {
  expectedMenu,
  openInApp,
  openSignedIn,
  saveScreenshot,
  viewDrawn,
  viewerOf,
  type MenuNode,
} from '../../support/e2e-shell.ts';

// docs/journeys.md, R&D, Training, Projects and Approvals, on a phone (390 × 844): every screen
// the people of those modules open from their menu fits the screen's width, with its buttons
// on it; the approval inbox is one card per request, from which the manager approves with a
// tap and with the keyboard; a trainee's own trainings are cards that say what to read, where
// it stands and when it is due, without her name on each.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const WIDTH = PHONE.viewport.width;
const SECTIONS = ['R&D', 'Training', 'Project Management'];
/** The people of those modules: approvers, the trainee (a bottler), R&D, Training, Projects. */
const PEOPLE = [
  'manager',
  'bottler',
  'rd_requester',
  'rd_supervisor',
  'rd_flavorist',
  'rd_quality_control',
  'recipes',
  'training_supervisor',
  'trainer',
  'qa_manager',
  'director',
];

const phone = journey('journey-people-phone', 180_000);

const pagesOf = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children ? pagesOf(n.children) : n.path ? [n.path] : []));

/** The menu's pages of the people screens for `username`, as the domain builds the menu. */
async function menuPages(username: string): Promise<string[]> {
  const viewer = await viewerOf(phone.suite.server.url, username);
  const pages = pagesOf(expectedMenu(viewer).filter((n) => SECTIONS.includes(n.title)));
  return canVisit('/approvals', viewer) ? ['/approvals', ...pages] : pages;
}

/** Waits until the page has read what it shows: no request pending, no loader, no "Loading…". */
async function loaded(page: Page): Promise<void> {
  await page.getByTestId('user-menu').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('main .mantine-Loader-root') === null &&
      !(document.querySelector('main')?.textContent ?? '').includes('Loading…'),
  );
}

/**
 * How the page sits on the phone: the document's width (wider than the screen means sideways
 * scroll), the buttons of the page whose right edge is past the screen's (a grid's own header
 * buttons are the grid's), and how many grids hold columns past their own edge, which a person
 * would scroll sideways inside the grid.
 */
async function fit(
  page: Page,
): Promise<{ scroll: number; inner: number; past: string[]; wideGrids: number }> {
  return page.evaluate(() => {
    const inner = window.innerWidth;
    // A grid's horizontal scrollbar holds a spacer as wide as its columns.
    const wideGrids = Array.from(
      document.querySelectorAll<HTMLElement>('main .ag-body-horizontal-scroll-viewport'),
    ).filter((bar) => bar.clientWidth > 0 && bar.scrollWidth > bar.clientWidth + 1).length;
    const past = Array.from(document.querySelectorAll('main button, main a[href]'))
      .filter((el) => el.closest('.ag-root-wrapper') === null)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > Math.min(inner, 390) + 0.5;
      })
      .map((el) => (el.textContent ?? '').trim() || (el.getAttribute('aria-label') ?? el.tagName));
    return { scroll: document.documentElement.scrollWidth, inner, past, wideGrids };
  });
}

async function expectFits(page: Page, where: string): Promise<void> {
  const { scroll, inner, past } = await fit(page);
  expect(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(Math.min(inner, WIDTH));
  expect(past, `buttons of ${where} past the screen's edge`).toEqual([]);
}

/** The inbox's card of the request numbered `number`. */
const cardOf = (page: Page, number: string): Locator =>
  page.locator(`[data-testid="approval-row"][data-number="${number}"]`);

const numbersIn = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid="approval-row"]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-number') ?? ''));

describe('the people screens fit a phone', () => {
  it('the manager approves requests from their cards, with a tap and with the keyboard', async () => {
    const page = await phone.signedIn('manager', '/approvals', PHONE);
    const inbox = page.getByRole('list', { name: 'Waiting for your decision' });
    await inbox.getByRole('listitem').first().waitFor();
    await loaded(page);
    await expectFits(page, '/approvals');
    await saveScreenshot(page, 'journey-people-phone-approvals');
    // Two of the demo's reel receipts whose serials add up (RL-QC-31003's do not: it is to be
    // rejected, demo-stamp-reels.ts).
    const [first, second] = ['RL-MB-50002', 'RL-ON-24004'];
    expect(await numbersIn(page)).toEqual(expect.arrayContaining([first, second]));

    // With a tap: the card's Approve is on the screen, and the request leaves the inbox.
    const card = cardOf(page, first);
    expect(await card.innerText()).toMatch(/Requested by .+ · waiting since/);
    const approve = card.getByRole('button', { name: /^Approve/ });
    const box = await approve.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    await approve.tap();
    await card.waitFor({ state: 'detached' });

    // With the keyboard: from the request's link, Tab reaches its Approve, Enter presses it.
    const next = cardOf(page, second);
    await next.getByRole('link', { name: second, exact: true }).focus();
    const focusedApprove = () =>
      next
        .getByRole('button', { name: /^Approve/ })
        .evaluate((el) => el === document.activeElement);
    for (let tab = 0; tab < 5 && !(await focusedApprove()); tab += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedApprove()).toBe(true);
    await page.keyboard.press('Enter');
    await next.waitFor({ state: 'detached' });
    await expectFits(page, '/approvals after deciding');
    await saveScreenshot(page, 'journey-people-phone-approvals-decided');
  });

  it('the trainee reads her own trainings as cards and opens one', async () => {
    const page = await phone.signedIn('bottler', '/training/trainings', PHONE);
    const cards = page.getByRole('list', { name: 'My trainings' });
    await cards.getByRole('listitem').first().waitFor();
    await loaded(page);
    await expectFits(page, '/training/trainings');
    await saveScreenshot(page, 'journey-people-phone-my-trainings');
    const first = cards.getByRole('listitem').first();
    const text = await first.innerText();
    expect(text).toMatch(/rev \d+ · /);
    expect(text).toMatch(/Status\s+\w/);
    expect(text).toMatch(/Due\s+\d{2}\/\d{2}\/\d{4}/);
    // Her own list: her name is on no card.
    expect(await cards.innerText()).not.toContain('Luca Bianchi');
    await first.getByRole('button', { name: /^Open / }).tap();
    const drawer = page.getByRole('dialog').first();
    await drawer.getByRole('group', { name: 'Document actions' }).waitFor();
    await loaded(page);
    await expectFits(page, 'a training');
    await saveScreenshot(page, 'journey-people-phone-my-training');
  });

  it('every R&D, Training and Project screen in their menus fits the phone', async () => {
    const misfits: string[] = [];
    for (const username of PEOPLE) {
      // One person at a time, each page opened from the one before as the menu opens it, and
      // closed once the next is drawn (two shared cores).
      const { context, page } = await openSignedIn(phone.suite, username, '/dashboard', PHONE);
      for (const path of await menuPages(username)) {
        await openInApp(page, path, async () => {
          await viewDrawn(page, path);
          await loaded(page);
        });
        const { scroll, past, wideGrids } = await fit(page);
        if (scroll > WIDTH || past.length > 0 || wideGrids > 0) {
          misfits.push(
            `${username} ${path}: ${scroll} px wide; past the edge: ${past.join(', ')}; ` +
              `${wideGrids} grid(s) scrolling sideways`,
          );
        }
        await saveScreenshot(page, `journey-people-phone-${username}${path.replace(/\W+/g, '-')}`);
      }
      await context.close();
    }
    expect(misfits).toEqual([]);
  }, 600_000);
});
