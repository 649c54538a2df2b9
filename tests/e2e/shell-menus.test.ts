import Fuse from 'fuse.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MAP } from '../../src/domain/route-map/route-map.ts';
import {
  ROUTE_SEARCH_OPTIONS,
  routeSearchEntries,
  routeSearchPattern,
} from '../../src/domain/route-search.ts';
import { accessibleRoutes, canVisit, type RouteViewer } from '../../src/domain/route-visibility.ts';
import { call, tokenFor } from '../support/api-client.ts';
import {
  breadcrumbTitles,
  expectedBreadcrumb,
  expectedMenu,
  freshPage,
  menuEntry,
  menuTrailOf,
  openSignedIn,
  openFromMenu,
  readMenu,
  routeTitleOf,
  saveScreenshot,
  startShellSuite,
  submitLogin,
  viewerIn,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// The sidebar menu against the access table (docs/product.md §2 "Route visibility", §6), the fuzzy
// route search (docs/product.md §2, §9), and the route guard for visitors and for roles, in
// Debian's Chromium against the real server and demo data.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

const mainMenu = () => page.getByRole('navigation', { name: 'Main menu' });
const pathname = () => new URL(page.url()).pathname;

async function signIn(username: string): Promise<RouteViewer> {
  ({ context, page } = await openSignedIn(suite, username));
  return viewerIn(context, suite.server.url);
}

describe('the sidebar menu', () => {
  // Roles of different modules: everything, the production floor, sales, production with lab
  // receiving. Every demo user has every module enabled.
  it.each(['admin', 'batcher', 'sale', 'supervisor'])(
    'shows %s exactly the entries the access table gives the role',
    async (username) => {
      const viewer = await signIn(username);
      const expected = expectedMenu(viewer);

      // Closed sections render their entries when React has time for hidden content
      // (Mantine's Collapse keeps them in an <Activity mode="hidden">), so the tree fills in.
      await expect.poll(() => readMenu(page)).toEqual(expected);
      const topLinks = mainMenu().locator(':scope > .mantine-NavLink-root');
      expect(await topLinks.allInnerTexts()).toEqual(expected.map((node) => node.title));
      // On the dashboard no section holds the page shown, so every section starts closed.
      for (const section of expected.filter((node) => node.children)) {
        const entry = menuEntry(mainMenu(), section.title);
        expect(await entry.isVisible(), section.title).toBe(true);
        const collapse = entry.locator('xpath=following-sibling::div[1]');
        expect(await collapse.getAttribute('aria-hidden'), section.title).toBe('true');
        expect(await collapse.isVisible(), section.title).toBe(false);
      }
    },
  );

  it('leaves out the modules a user has not enabled, even where a role would open them', async () => {
    const admin = await tokenFor(suite.server.url, 'admin');
    const created = await call(suite.server.url, 'POST', '/api/general/users', {
      token: admin,
      body: {
        username: 'menus.limited',
        password: 'plantline',
        name: 'Limited Modules',
        roles: ['planning', 'sale'],
        modules: ['sale', 'training'],
      },
    });
    expect(created.status, created.message).toBe(true);

    const viewer = await signIn('menus.limited');
    expect(viewer).toEqual({
      roles: ['planning', 'sale'],
      modules: expect.arrayContaining(['sale', 'training']) as string[],
    });
    await expect.poll(() => readMenu(page)).toEqual(expectedMenu(viewer));
    const menu = await readMenu(page);
    // Independent of the domain functions: planning opens production pages, but the module is off.
    const sections = menu.map((node) => node.title);
    expect(sections).toContain('Sales');
    expect(sections).not.toContain('Production');
  });

  it('expands a section on click, opens its page, and keeps the section open on that page', async () => {
    const viewer = await signIn('planning');
    const target = '/production/reports/recipes';
    const trail = menuTrailOf(target, viewer);

    await openFromMenu(page, trail);
    await page.waitForURL((url) => url.pathname === target);
    await expect.poll(() => page.title()).toBe(`${routeTitleOf(target)} - Plantline`);
    await page.getByRole('heading', { name: 'Recipes report' }).waitFor();
    expect(await breadcrumbTitles(page)).toEqual(expectedBreadcrumb(target));
    const link = mainMenu().locator(`[data-menu-path="${target}"]`);
    expect(await link.getAttribute('data-active')).toBe('true');

    // A reload straight onto the page opens the sections that hold it.
    await page.reload();
    await link.waitFor({ state: 'visible' });
    expect(await link.getAttribute('data-active')).toBe('true');
  });

  it('reaches and opens a section with the keyboard', async () => {
    await signIn('batcher');
    await mainMenu().locator('[data-menu-path="/dashboard"]').focus();
    await page.keyboard.press('Tab');
    const section = menuEntry(mainMenu(), 'Production');
    await expect.poll(() => section.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menuEntry(section.locator('xpath=following-sibling::div[1]'), 'Orders').waitFor();
  });
});

describe('the route search', () => {
  const searchBox = () =>
    page.getByPlaceholder('Search pages, or records by number, code or name…');
  const resultTitles = () => page.locator('.mantine-Spotlight-actionLabel').allInnerTexts();

  /** What Fuse, with the spec's options over the pages the viewer may open, ranks first. */
  function expectedResults(viewer: RouteViewer, query: string): { title: string; path: string }[] {
    const entries = routeSearchEntries(accessibleRoutes(ROUTE_MAP, viewer));
    const fuse = new Fuse(entries, {
      ...ROUTE_SEARCH_OPTIONS,
      keys: [...ROUTE_SEARCH_OPTIONS.keys],
    });
    return fuse
      .search(routeSearchPattern(query))
      .slice(0, 12)
      .map(({ item }) => ({ title: item.title, path: item.path }));
  }

  it('opens with Ctrl+K, ranks fuzzy matches like the domain search, and Enter opens the first', async () => {
    const viewer = await signIn('admin');
    const expected = expectedResults(viewer, 'batch sum');
    expect(expected[0]?.path).toBe('/production/reports/batching-summary');

    await page.keyboard.press('Control+k');
    await searchBox().waitFor();
    expect(await searchBox().evaluate((input) => input === document.activeElement)).toBe(true);
    await searchBox().pressSequentially('batch sum');
    await expect.poll(resultTitles).toEqual(expected.map((r) => r.title));
    await saveScreenshot(page, 'route-search-results');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === expected[0]?.path);
    await searchBox().waitFor({ state: 'hidden' });
    await expect.poll(() => page.title()).toBe(`${routeTitleOf(pathname())} - Plantline`);
  });

  it("opens with '/' or the top-bar button, forgives typos, and a click opens the result", async () => {
    const viewer = await signIn('admin');
    const [first] = expectedResults(viewer, 'stok on hand');
    expect(first?.path).toBe('/inventory/stock-on-hand');

    await page.keyboard.press('/');
    await searchBox().waitFor();
    expect(await searchBox().inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await searchBox().waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Search pages' }).click();
    await searchBox().pressSequentially('stok on hand');
    await page
      .locator('.mantine-Spotlight-action')
      .filter({ has: page.getByText(first?.title ?? '', { exact: true }) })
      .click();
    await page.waitForURL((url) => url.pathname === first?.path);
    await searchBox().waitFor({ state: 'hidden' });
  });

  it('offers only the pages the user may open', async () => {
    const viewer = await signIn('sale');
    await page.keyboard.press('Control+k');

    await searchBox().pressSequentially('batching');
    await page.getByText('No page matches').waitFor();
    expect(expectedResults(viewer, 'batching')).toEqual([]);

    await searchBox().fill('');
    await searchBox().pressSequentially('discounts');
    const expected = expectedResults(viewer, 'discounts');
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(resultTitles).toEqual(expected.map((r) => r.title));
    const paths = await page.locator('.mantine-Spotlight-actionDescription').allInnerTexts();
    expect(paths.filter((path) => !canVisit(path, viewer))).toEqual([]);
  });
});

describe('the route guard', () => {
  it('sends a visitor to /login?redirect=… and, once signed in, to the page asked for', async () => {
    ({ context, page } = await freshPage(suite));
    const asked = '/inventory/stock-on-hand?warehouse=2';

    await page.goto(`${suite.server.url}${asked}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent(asked)}`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await saveScreenshot(page, 'login-page');

    await submitLogin(page, 'inventory');
    await page.waitForURL((url) => url.pathname === '/inventory/stock-on-hand');
    expect(new URL(page.url()).search).toBe('?warehouse=2');
    await expect
      .poll(() => page.title())
      .toBe(`${routeTitleOf('/inventory/stock-on-hand')} - Plantline`);
  });

  it('sends a role to /401 for a page it may not open, and back to the dashboard from there', async () => {
    const viewer = await signIn('batcher');
    const forbidden = '/inventory/stock-on-hand';
    expect(() => menuTrailOf(forbidden, viewer)).toThrow();

    await page.goto(`${suite.server.url}${forbidden}`);
    await page.waitForURL((url) => url.pathname === '/401');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await saveScreenshot(page, 'not-allowed-401');

    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(pathname()).toBe('/dashboard');
  });
});
