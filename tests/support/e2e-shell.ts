import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ROUTE_MAP } from '../../src/domain/route-map/route-map.ts';
import type { RouteMeta } from '../../src/domain/route-map/route-meta.ts';
import { staticPathOf } from '../../src/domain/route-map/route-path.ts';
import { flattenRoutes, routeAt } from '../../src/domain/route-map/route-tree.ts';
import { accessibleRoutes, menuOf, type RouteViewer } from '../../src/domain/route-visibility.ts';
import { call, login, tokenFor } from './api-client.ts';
import { launchChromiumBrowser, type ChromiumBrowser } from './chromium.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

// What the shell's e2e suites share: one server and one browser per file, a demo user signed
// in through the real login form, the menu the domain says a user should get (to compare with
// the one the browser shows), and screenshots of the main states for a person to look at.

export const DEMO_PASSWORD = 'plantline';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../e2e/__screenshots__/', import.meta.url));

export interface ShellSuite {
  server: TestServer;
  browser: ChromiumBrowser;
  close(): Promise<void>;
}

/**
 * A server with the demo data and a browser, started side by side (the server's start is the
 * slow part). The SPA is served from dist/, which `npm test` builds before the tests run.
 */
export async function startShellSuite(
  /** More of the server's set-up (an SMTP server it sends email to). */
  options: Omit<TestServerOptions, 'demo'> = {},
): Promise<ShellSuite> {
  if (!existsSync(`${ROOT}dist/index.html`)) {
    throw new Error('dist/index.html is missing: run `npx vite build` before the e2e suites');
  }
  const [server, browser] = await Promise.all([
    startTestServer({ ...options, demo: true }),
    launchChromiumBrowser(),
    mkdir(SCREENSHOT_DIR, { recursive: true }),
  ]);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh context and page; the page waits up to 15 s, as a person on a slow machine would. */
export async function freshPage(
  suite: ShellSuite,
  options: Parameters<ChromiumBrowser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Fills the login form as a person would; the page must already show /login. */
export async function submitLogin(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs a demo user in through /login and waits for the shell of the page it lands on. */
export async function logIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, username);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId('user-menu').waitFor();
}

/**
 * A fresh context already signed in as a demo user, showing `path`: the token comes from the
 * real login API and goes into the `token` cookie the way the login page stores it. For the
 * tests about what comes after login; the ones about logging in use the form.
 */
export async function openSignedIn(
  suite: ShellSuite,
  username: string,
  path = '/dashboard',
  options: Parameters<ChromiumBrowser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const [{ context, page }, reply] = await Promise.all([
    freshPage(suite, options),
    login(suite.server.url, username, DEMO_PASSWORD),
  ]);
  if (!reply.status) throw new Error(`login as ${username} failed: ${reply.message}`);
  const { token_type: type, access_token: token } = reply.data;
  await context.addCookies([
    {
      name: 'token',
      value: encodeURIComponent(`${type} ${token}`),
      url: suite.server.url,
      sameSite: 'Strict',
    },
  ]);
  await page.goto(`${suite.server.url}${path}`);
  await page.getByTestId('user-menu').waitFor();
  return { context, page };
}

/**
 * Opens `path` inside the running app, as a link does (the router follows the history), waits
 * for `ready`, then closes the tab of the page before it as a middle click does, so that one
 * page is open behind it at most: one page drawn, not the whole app loaded again for each of
 * the many screens a sweep visits. The click is dispatched, not made with the mouse: a real one
 * would first blur the field that has the focus, and the page would be checked with whatever
 * that blur shows.
 */
export async function openInApp(
  page: Page,
  path: string,
  ready: () => Promise<void>,
): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await ready();
  const tab = page.locator(`[data-testid="tab"][data-path="${before}"]:not([data-affix])`);
  if (before !== new URL(page.url()).pathname && (await tab.count()) > 0) {
    await tab.dispatchEvent('auxclick', { button: 1 });
    await tab.waitFor({ state: 'detached' });
  }
}

/** Waits until the view of `path` is drawn and its lists have loaded. */
export async function viewDrawn(page: Page, path: string): Promise<void> {
  const [pathname, query = ''] = path.split('?');
  // The login page and the wall display (no shell around it) have no view frame.
  if (pathname !== '/login' && !query.includes('display=wall')) {
    await page.locator(`[data-view-path="${pathname}"]`).waitFor();
  }
  await page
    .locator('.ag-overlay-loading-wrapper')
    .filter({ visible: true })
    .waitFor({ state: 'detached' });
  // Visible ones only: a page kept open behind this one may be loading too.
  await page.getByText('Loading…').filter({ visible: true }).first().waitFor({ state: 'detached' });
}

/** The access token the browser holds in its `token` cookie ('Bearer …'). */
export async function browserToken(context: BrowserContext, baseUrl: string): Promise<string> {
  const cookie = (await context.cookies(baseUrl)).find((c) => c.name === 'token');
  const value = decodeURIComponent(cookie?.value ?? '');
  const token = /^Bearer (\S+)$/.exec(value)?.[1];
  if (!token) throw new Error(`no session token in the browser (cookie: ${value || 'none'})`);
  return token;
}

/** The roles and modules the server gives the holder of `token`, from GET /api/me. */
export async function viewerOfToken(baseUrl: string, token: string): Promise<RouteViewer> {
  const me = await call<RouteViewer>(baseUrl, 'GET', '/api/me', { token });
  if (!me.status) throw new Error(`/api/me: ${me.message}`);
  return { roles: me.data.roles, modules: me.data.modules };
}

/** The roles and modules the server gives a demo user, signing in through the API. */
export async function viewerOf(baseUrl: string, username: string): Promise<RouteViewer> {
  return viewerOfToken(baseUrl, await tokenFor(baseUrl, username, DEMO_PASSWORD));
}

/** The roles and modules of the user signed in in `context`, as the server reports them. */
export async function viewerIn(context: BrowserContext, baseUrl: string): Promise<RouteViewer> {
  return viewerOfToken(baseUrl, await browserToken(context, baseUrl));
}

/** The URL a menu entry links to, as the sidebar computes it. */
export const menuLinkOf = (route: RouteMeta): string => staticPathOf(route.path) ?? route.path;

/** A menu entry as the test compares it: sections with their entries, pages with their link. */
export type MenuNode = { title: string; path?: string; children?: MenuNode[] };

function toNodes(routes: readonly RouteMeta[]): MenuNode[] {
  return routes.map((route) =>
    route.children
      ? { title: route.title, children: toNodes(route.children) }
      : { title: route.title, path: menuLinkOf(route) },
  );
}

/** The menu the domain says `viewer` gets: menuOf(accessibleRoutes(ROUTE_MAP, viewer)). */
export function expectedMenu(viewer: RouteViewer): MenuNode[] {
  return toNodes(menuOf(accessibleRoutes(ROUTE_MAP, viewer)));
}

/** Section and page titles from the top of the menu down to the page linked at `path`. */
export function menuTrailOf(path: string, viewer: RouteViewer): string[] {
  const menu = menuOf(accessibleRoutes(ROUTE_MAP, viewer));
  const entry = flattenRoutes(menu).find(
    ({ route }) => !route.children && menuLinkOf(route) === path,
  );
  if (!entry) throw new Error(`${path} is not in the menu of ${viewer.roles.join(', ')}`);
  return [...entry.parents.map((p) => p.title), entry.route.title];
}

/** The breadcrumb the shell should show for `pathname`: Dashboard, the sections, the page. */
export function expectedBreadcrumb(pathname: string): string[] {
  const hit = routeAt(pathname, ROUTE_MAP);
  if (!hit) throw new Error(`${pathname} is no page of the route map`);
  const titles = [...hit.parents, hit.route]
    .filter((r) => r.breadcrumb !== false)
    .map((r) => r.title)
    // A section named like its page (Products › Products) reads once.
    .filter((title, index, all) => title !== all[index - 1])
    .filter((title, index) => !(index === 0 && title === 'Dashboard'));
  return ['Dashboard', ...titles];
}

/** The route record's title for `pathname` (the page title is this plus ' - Plantline'). */
export function routeTitleOf(pathname: string): string {
  const hit = routeAt(pathname, ROUTE_MAP);
  if (!hit) throw new Error(`${pathname} is no page of the route map`);
  return hit.route.title;
}

/** The sidebar's menu read from the DOM, collapsed sections included, in document order. */
export async function readMenu(page: Page): Promise<MenuNode[]> {
  // Loops only inside evaluate: the test transform names inner functions with a helper the
  // page does not have.
  const flat = await page.getByRole('navigation', { name: 'Main menu' }).evaluate((nav) => {
    const entries: { depth: number; title: string; path: string | null }[] = [];
    for (const link of Array.from(nav.querySelectorAll('.mantine-NavLink-root'))) {
      let depth = 0;
      for (let up = link.parentElement; up && up !== nav; up = up.parentElement) {
        if (up.classList.contains('mantine-NavLink-children')) depth += 1;
      }
      const label = link.querySelector(':scope > .mantine-NavLink-body > .mantine-NavLink-label');
      entries.push({
        depth,
        title: label?.textContent ?? '',
        path: link.getAttribute('data-menu-path'),
      });
    }
    return entries;
  });
  const root: MenuNode[] = [];
  const open: MenuNode[][] = [root];
  for (const { depth, title, path } of flat) {
    const siblings = open[depth];
    if (!siblings) throw new Error(`menu entry ${title} sits below no section`);
    const node: MenuNode = path === null ? { title, children: [] } : { title, path };
    siblings.push(node);
    open.length = depth + 1;
    if (node.children) open.push(node.children);
  }
  return root;
}

/** A section or page link of the open sidebar, by its exact title, within `scope`. */
export function menuEntry(scope: Locator, title: string): Locator {
  return scope
    .locator(
      ':scope > .mantine-NavLink-root, :scope > .mantine-NavLink-children > .mantine-NavLink-root',
    )
    .filter({ has: scope.page().getByText(title, { exact: true }) });
}

/**
 * Opens a page the way a person does: through the sidebar, expanding each closed section on
 * the way (a section holding the current page is already open, and clicking it would close it).
 */
export async function openFromMenu(page: Page, trail: readonly string[]): Promise<void> {
  let scope: Locator = page.getByRole('navigation', { name: 'Main menu' });
  for (const [index, title] of trail.entries()) {
    const entry = menuEntry(scope, title).first();
    if (index === trail.length - 1) {
      await clickUntilShown(page, entry);
      return;
    }
    const collapse = entry.locator('xpath=following-sibling::div[1]');
    if ((await collapse.getAttribute('aria-hidden')) === 'true') await entry.click();
    await collapse.locator(':scope > .mantine-NavLink-children').waitFor({ state: 'visible' });
    scope = collapse;
  }
}

/**
 * Clicks a menu link until the page it names is shown. Once in a few hundred CI runs a click
 * on a link that had just been revealed did not navigate (the section was still settling);
 * a person whose click seems lost clicks again, and so does this, at most twice more.
 */
async function clickUntilShown(page: Page, link: Locator): Promise<void> {
  const path = await link.getAttribute('data-menu-path');
  for (let attempt = 1; ; attempt += 1) {
    await link.click();
    if (path === null) return;
    const shown = await page
      .waitForURL((url) => url.pathname === path, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown || attempt === 3) return;
  }
}

/** The titles of the breadcrumb, in order. */
export async function breadcrumbTitles(page: Page): Promise<string[]> {
  const items = page.getByTestId('breadcrumb').locator('.mantine-Breadcrumbs-breadcrumb');
  return (await items.allInnerTexts()).map((t) => t.trim());
}

/**
 * Waits until no finite CSS animation or transition is running (Mantine's menus, drawers and
 * modals fade in), so a screenshot shows the state, not a frame of the way there. Checked
 * twice: a Mantine transition starts a frame or two after the element appears.
 */
export async function settle(page: Page): Promise<void> {
  const idle = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  await idle();
  // For the picture only, never for an assertion: give a pending transition time to start.
  await page.waitForTimeout(150);
  await idle();
}

/**
 * Whether the states a suite passes through are pictured: yes, unless `E2E_SCREENSHOTS=failures`
 * (CI sets it: nobody looks at a CI run's pictures, and its 375 of them, about 370 ms each,
 * were two minutes of the browser lane). A failure's picture is saved either way.
 */
const PICTURE_STATES = process.env.E2E_SCREENSHOTS !== 'failures';

/**
 * Saves tests/e2e/__screenshots__/{name}.png of the viewport once animations are done, to look
 * at what a suite saw.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (PICTURE_STATES) await picture(page, name);
}

/** Saves the picture of a page as a test failed, whatever `E2E_SCREENSHOTS` says. */
export async function saveFailureScreenshot(page: Page, name: string): Promise<void> {
  await picture(page, name);
}

async function picture(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, animations: 'disabled' });
}
