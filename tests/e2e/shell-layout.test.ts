import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOADING_AUTO_STOP_MS, MOBILE_BREAKPOINT_PX } from '../../src/domain/constants.ts';
import {
  breadcrumbTitles,
  expectedBreadcrumb,
  expectedMenu,
  freshPage,
  logIn,
  menuTrailOf,
  openFromMenu,
  openSignedIn,
  routeTitleOf,
  saveScreenshot,
  startShellSuite,
  viewerIn,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// The frame around every page (docs/product.md §1, §4, §9): sidebar open, collapsed and on a phone,
// the top bar's tools, the breadcrumb and page title, and the loading overlay's two-minute limit.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

const shell = () => page.locator('[data-device]');
const sidebar = () => page.getByTestId('sidebar');
const toggle = () => page.getByTestId('sidebar-toggle');
const topBar = () => page.getByTestId('top-bar');
/** Closed on a phone, the sidebar is slid out to the left rather than hidden. */
const sidebarOnScreen = async () => {
  const box = await sidebar().boundingBox();
  return box !== null && box.x + box.width > 0;
};

async function cookie(name: string) {
  return (await context.cookies(suite.server.url)).find((c) => c.name === name);
}

async function signIn(username: string, options: Parameters<typeof freshPage>[1] = {}) {
  ({ context, page } = await openSignedIn(suite, username, '/dashboard', options));
}

describe('on a desktop', () => {
  it('shows the dashboard with the sidebar open and every tool of the top bar', async () => {
    await signIn('admin');

    expect(await shell().getAttribute('data-device')).toBe('desktop');
    expect(await shell().getAttribute('data-sidebar')).toBe('open');
    expect((await sidebar().boundingBox())?.width).toBe(232);
    expect(await toggle().getAttribute('aria-label')).toBe('Collapse sidebar');
    await expect.poll(() => page.title()).toBe('Dashboard - Plantline');
    expect(await breadcrumbTitles(page)).toEqual(['Dashboard']);

    // The search button is named by what it shows, its shortcut included.
    await topBar().getByRole('button', { name: 'Search pages Ctrl K', exact: true }).waitFor();
    for (const name of ['Error log', 'Full screen', 'Size']) {
      await topBar().getByRole('button', { name, exact: true }).waitFor();
    }
    const user = topBar().getByTestId('user-menu');
    expect(await user.innerText()).toContain('Alexandra Moreau');
    expect(await user.innerText()).toContain('Northern Vapour Labs Inc.');
    await expect
      .poll(() => topBar().getByTestId('realtime-status').textContent(), { timeout: 15_000 })
      .toBe('connected');
    await page.getByTestId('module-card').first().waitFor();
    await saveScreenshot(page, 'dashboard-desktop');
  });

  it('collapses the sidebar to a rail of sections, remembers it across a reload, and expands it again', async () => {
    await signIn('admin');
    const viewer = await viewerIn(context, suite.server.url);

    await toggle().click();
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('collapsed');
    expect(await toggle().getAttribute('aria-label')).toBe('Expand sidebar');
    expect(await cookie('sidebarStatus')).toMatchObject({ value: '0', sameSite: 'Strict' });
    await expect.poll(async () => (await sidebar().boundingBox())?.width).toBe(64);
    const rail = page.getByRole('navigation', { name: 'Main menu' }).locator(':scope > *');
    expect(
      await rail.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
    ).toEqual(expectedMenu(viewer).map((node) => node.title));
    await saveScreenshot(page, 'sidebar-collapsed');

    // A section of the rail opens as a flyout on hover; its entries are links.
    await page.getByRole('navigation', { name: 'Main menu' }).getByLabel('Inventory').hover();
    const brands = page.getByRole('menuitem', { name: 'Brands', exact: true });
    await brands.waitFor();
    await saveScreenshot(page, 'sidebar-collapsed-flyout');
    await brands.click();
    await page.waitForURL((url) => url.pathname === '/inventory/brands');

    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await shell().getAttribute('data-sidebar')).toBe('collapsed');

    await toggle().click();
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('open');
    expect((await cookie('sidebarStatus'))?.value).toBe('1');
    await expect.poll(async () => (await sidebar().boundingBox())?.width).toBe(232);
  });

  it(`switches to the mobile layout below ${MOBILE_BREAKPOINT_PX} px and back`, async () => {
    await signIn('admin');
    await page.setViewportSize({ width: MOBILE_BREAKPOINT_PX - 1, height: 860 });
    await expect.poll(() => shell().getAttribute('data-device')).toBe('mobile');
    expect(await shell().getAttribute('data-sidebar')).toBe('collapsed');

    await page.setViewportSize({ width: MOBILE_BREAKPOINT_PX, height: 860 });
    await expect.poll(() => shell().getAttribute('data-device')).toBe('desktop');
    expect(await shell().getAttribute('data-sidebar')).toBe('open');
  });

  it('names the page in the breadcrumb, after Dashboard and its sections, and in the title', async () => {
    await signIn('planning');
    const target = '/production/reports/recipes';
    await page.goto(`${suite.server.url}${target}`);
    await page.getByRole('heading', { name: 'Recipes report' }).waitFor();

    expect(await breadcrumbTitles(page)).toEqual(expectedBreadcrumb(target));
    expect(expectedBreadcrumb(target)).toEqual([
      'Dashboard',
      'Production',
      'Reports',
      'Recipes Report',
    ]);
    await expect.poll(() => page.title()).toBe(`${routeTitleOf(target)} - Plantline`);

    await page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => breadcrumbTitles(page)).toEqual(['Dashboard']);
    expect(await page.getByTestId('breadcrumb').getByRole('link').count()).toBe(0);
  });

  it('keeps the top bar on one row at the narrowest desktop width, sidebar open', async () => {
    await signIn('planning');
    await page.setViewportSize({ width: MOBILE_BREAKPOINT_PX, height: 800 });
    await page.goto(`${suite.server.url}/production/production-dashboard`);
    await page.getByRole('heading', { name: 'Production dashboard' }).waitFor();
    expect(await shell().getAttribute('data-sidebar')).toBe('open');
    const box = async (testId: string) => (await page.getByTestId(testId).boundingBox())!;
    // One line of text: the sections above the page give way before anything wraps.
    expect((await box('breadcrumb')).height).toBeLessThan(26);
    const user = await box('user-menu');
    expect(user.height).toBeLessThanOrEqual(40);
    expect(user.x + user.width).toBeLessThanOrEqual(MOBILE_BREAKPOINT_PX);
    await saveScreenshot(page, 'desktop-narrowest-top-bar');
  });

  it('changes the UI size from the Size menu and remembers it', async () => {
    await signIn('admin');
    expect((await topBar().boundingBox())?.height).toBe(50);

    await topBar().getByRole('button', { name: 'Size' }).click();
    expect(await page.getByRole('menuitem', { name: 'Medium' }).isDisabled()).toBe(true);
    await page.getByRole('menuitem', { name: 'Small' }).click();
    await expect.poll(async () => (await topBar().boundingBox())?.height).toBe(46);
    expect(await cookie('size')).toMatchObject({ value: 'small', sameSite: 'Strict' });

    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect((await topBar().boundingBox())?.height).toBe(46);
  });

  it('enters and leaves full screen', async () => {
    await signIn('admin');
    const fullscreen = () => page.evaluate(() => document.fullscreenElement !== null);

    await topBar().getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(fullscreen).toBe(true);
    await topBar().getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(fullscreen).toBe(false);
  });

  it('opens the profile from the user menu', async () => {
    await signIn('batcher');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await expect.poll(() => page.title()).toBe('Profile - Plantline');
  });
});

describe('on a phone', () => {
  it('starts with the sidebar closed, opens it over the page, and closes it after a link is followed', async () => {
    ({ context, page } = await freshPage(suite, { viewport: { width: 390, height: 844 } }));
    // A desktop preference for an open sidebar does not open it on a narrow screen.
    await context.addCookies([
      { name: 'sidebarStatus', value: '1', url: suite.server.url, sameSite: 'Strict' },
    ]);
    await logIn(page, suite.server.url, 'batcher');
    const viewer = await viewerIn(context, suite.server.url);

    expect(await shell().getAttribute('data-device')).toBe('mobile');
    expect(await shell().getAttribute('data-sidebar')).toBe('collapsed');
    expect(await toggle().getAttribute('aria-label')).toBe('Expand sidebar');
    await expect.poll(sidebarOnScreen).toBe(false);
    await page.getByTestId('module-card').first().waitFor();
    await saveScreenshot(page, 'mobile-sidebar-closed');

    await toggle().click();
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('open');
    await expect.poll(async () => (await sidebar().boundingBox())?.x).toBe(0);
    await saveScreenshot(page, 'mobile-sidebar-open');
    expect((await cookie('sidebarStatus'))?.value).toBe('1');

    const target = '/production/production-dashboard';
    await openFromMenu(page, menuTrailOf(target, viewer));
    await page.waitForURL((url) => url.pathname === target);
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('collapsed');
    await expect.poll(sidebarOnScreen).toBe(false);
  });

  it('closes the open menu with its own close button, staying on the page', async () => {
    await signIn('batcher', { viewport: { width: 390, height: 844 } });
    await toggle().click();
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('open');

    // Open, the menu covers the whole phone screen, top bar and toggle included.
    await sidebar().getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => shell().getAttribute('data-sidebar')).toBe('collapsed');
    await expect.poll(sidebarOnScreen).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('the loading overlay', () => {
  it(`switches itself off ${LOADING_AUTO_STOP_MS / 1000} s after it turned on, even if the user never loads`, async () => {
    await signIn('admin');
    await page.clock.install();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });

    await page.reload();
    const overlay = page.getByTestId('loading-overlay');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain('loading...');

    await page.clock.fastForward(LOADING_AUTO_STOP_MS - 10_000);
    expect(await overlay.isVisible()).toBe(true);
    await page.clock.fastForward(11_000);
    await overlay.waitFor({ state: 'detached' });

    // /api/me answers at last: the page it was loading appears.
    release();
    await page.getByTestId('user-menu').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
  });
});
