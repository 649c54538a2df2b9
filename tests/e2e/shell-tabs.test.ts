import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TAB_CONTEXT_MENU_WIDTH_PX } from '../../src/domain/constants.ts';
import type { RouteViewer } from '../../src/domain/route-visibility.ts';
import {
  menuTrailOf,
  openFromMenu,
  openSignedIn,
  routeTitleOf,
  saveScreenshot,
  startShellSuite,
  submitLogin,
  viewerOf,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// The visited-view tabs and their view cache (docs/product.md §2, §4, §9): one tab per page opened,
// the pinned Dashboard, pages kept alive while their tab is open, and the right-click menu.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;
let viewer: RouteViewer;

// A light page: a plain list with a few rows, holding no state worth keeping of its own.
const LIST = '/general/tags';
const USERS = '/general/users';
const COUNTRIES = '/general/countries';

beforeAll(async () => {
  suite = await startShellSuite();
  viewer = await viewerOf(suite.server.url, 'admin');
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

const tabs = () => page.getByTestId('tab');
const tab = (path: string) => page.locator(`[data-testid="tab"][data-path="${path}"]`);
const view = (path: string) => page.locator(`[data-view-path="${path}"]`);
const contextMenu = () => page.getByTestId('tab-context-menu');
const pathname = () => new URL(page.url()).pathname;
const tabPaths = () => tabs().evaluateAll((all) => all.map((t) => t.getAttribute('data-path')));
const activeTabs = () =>
  page
    .locator('[data-testid="tab"][data-active]')
    .evaluateAll((all) => all.map((t) => t.getAttribute('data-path')));

async function signIn(): Promise<void> {
  ({ context, page } = await openSignedIn(suite, 'admin'));
}

/** Opens a page through the sidebar, as a person does; a reload would drop every tab. */
async function open(path: string): Promise<void> {
  await openFromMenu(page, menuTrailOf(path, viewer));
  await page.waitForURL((url) => url.pathname === path);
  // Every page these tests open is an entity list.
  await view(path).getByTestId('entity-list-page').waitFor();
}

async function rightClick(path: string): Promise<void> {
  await tab(path).click({ button: 'right' });
  await contextMenu().waitFor();
}

describe('the tabs bar', () => {
  it('adds a tab per page opened, marks the active one, and pins Dashboard', async () => {
    await signIn();
    // A page opened with a query keeps it: its tab goes back to the same URL.
    await page.goto(`${suite.server.url}${LIST}?page=2`);
    await view(LIST).getByTestId('entity-list-page').waitFor();
    await open(USERS);
    await open(COUNTRIES);

    await expect.poll(tabPaths).toEqual(['/dashboard', LIST, USERS, COUNTRIES]);
    expect(await activeTabs()).toEqual([COUNTRIES]);
    expect(await tab(COUNTRIES).getAttribute('aria-current')).toBe('page');
    for (const path of [LIST, USERS, COUNTRIES]) {
      expect(await tab(path).innerText()).toBe(routeTitleOf(path));
      await tab(path)
        .getByRole('button', { name: `Close ${routeTitleOf(path)}` })
        .waitFor();
    }
    expect(await tab('/dashboard').getAttribute('data-affix')).toBe('true');
    expect(await tab('/dashboard').getByRole('button').count()).toBe(0);

    await tab(LIST).click();
    await page.waitForURL((url) => url.pathname === LIST);
    expect(new URL(page.url()).search).toBe('?page=2');
    await expect.poll(() => page.title()).toBe(`${routeTitleOf(LIST)} - Plantline`);
    expect(await activeTabs()).toEqual([LIST]);

    // Opening a page that already has a tab selects it instead of adding another.
    await open(USERS);
    await expect.poll(activeTabs).toEqual([USERS]);
    expect(await tabPaths()).toEqual(['/dashboard', LIST, USERS, COUNTRIES]);
  });

  it('keeps a page mounted while its tab is open, and Refresh mounts it afresh', async () => {
    await signIn();
    await open(LIST);
    const list = view(LIST).locator(':scope > *').first();
    const firstMount = await list.elementHandle();
    await list.evaluate((node) => node.setAttribute('data-e2e-mark', 'first mount'));

    await open(USERS);
    expect(await view(LIST).count()).toBe(1);
    expect(await view(LIST).isVisible()).toBe(false);

    await tab(LIST).click();
    await page.waitForURL((url) => url.pathname === LIST);
    await view(LIST).waitFor({ state: 'visible' });
    expect(await view(USERS).isVisible()).toBe(false);
    expect(await list.getAttribute('data-e2e-mark')).toBe('first mount');
    expect(await firstMount?.evaluate((node) => node.isConnected)).toBe(true);

    await rightClick(LIST);
    const items = contextMenu().getByRole('menuitem');
    expect(await items.allInnerTexts()).toEqual(['Refresh', 'Close', 'Close Others', 'Close All']);
    expect((await contextMenu().boundingBox())?.width).toBe(TAB_CONTEXT_MENU_WIDTH_PX);
    await saveScreenshot(page, 'tab-context-menu');

    await contextMenu().getByRole('menuitem', { name: 'Refresh' }).click();
    await expect.poll(() => firstMount?.evaluate((node) => node.isConnected)).toBe(false);
    await view(LIST).getByTestId('entity-list-page').waitFor();
    expect(await list.getAttribute('data-e2e-mark')).toBeNull();
    expect(pathname()).toBe(LIST);
    expect(await tabPaths()).toEqual(['/dashboard', LIST, USERS]);
  });

  it('lets a no-cache page go as soon as it is left', async () => {
    await signIn();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await view('/profile/index').waitFor();

    await tab('/dashboard').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await view('/profile/index').waitFor({ state: 'detached' });
    expect(await tabPaths()).toEqual(['/dashboard', '/profile/index']);
  });

  it('closes a tab from its button or a middle click, going left when it was the active one', async () => {
    await signIn();
    await open(LIST);
    await open(USERS);
    await open(COUNTRIES);

    await tab(USERS)
      .getByRole('button', { name: `Close ${routeTitleOf(USERS)}` })
      .click();
    await expect.poll(tabPaths).toEqual(['/dashboard', LIST, COUNTRIES]);
    expect(pathname()).toBe(COUNTRIES);
    await view(USERS).waitFor({ state: 'detached' });

    await tab(COUNTRIES)
      .getByRole('button', { name: `Close ${routeTitleOf(COUNTRIES)}` })
      .click();
    await page.waitForURL((url) => url.pathname === LIST);
    await expect.poll(activeTabs).toEqual([LIST]);

    await tab(LIST).click({ button: 'middle' });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(tabPaths).toEqual(['/dashboard']);

    // The pinned tab cannot be closed, from the menu or with the middle button.
    await tab('/dashboard').click({ button: 'middle' });
    await rightClick('/dashboard');
    expect(
      await contextMenu().getByRole('menuitem', { name: 'Close', exact: true }).isDisabled(),
    ).toBe(true);
    expect(await tabPaths()).toEqual(['/dashboard']);
  });

  it('Close Others keeps the chosen tab and Dashboard; Close All keeps only Dashboard', async () => {
    await signIn();
    await open(LIST);
    await open(USERS);
    await open(COUNTRIES);

    await rightClick(LIST);
    await contextMenu().getByRole('menuitem', { name: 'Close Others' }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    await expect.poll(tabPaths).toEqual(['/dashboard', LIST]);
    await view(USERS).waitFor({ state: 'detached' });
    await view(COUNTRIES).waitFor({ state: 'detached' });

    await open(USERS);
    await rightClick(USERS);
    await contextMenu().getByRole('menuitem', { name: 'Close All' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(tabPaths).toEqual(['/dashboard']);
    await expect.poll(() => page.locator('[data-view-path]').count()).toBe(1);
  });

  it('closes every tab on log out, so the next user starts from Dashboard', async () => {
    await signIn();
    await open(LIST);
    await open(USERS);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await submitLogin(page, 'batcher');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(tabPaths).toEqual(['/dashboard']);
  });
});
