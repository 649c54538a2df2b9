import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_MAP } from '../../../../src/domain/route-map/route-map.ts';
import { accessibleRoutes, menuOf } from '../../../../src/domain/route-visibility.ts';
import { adminUser, renderApp } from '../render-app.tsx';

afterEach(() => {
  cleanup();
  document.cookie = 'sidebarStatus=; Max-Age=0; path=/';
});

const signedIn = (path: string, user = adminUser) =>
  renderApp({ path, token: 'Bearer abc', auth: { me: vi.fn(() => Promise.resolve(user)) } });

/** Signed in with the shell on screen: its chunk is lazy, so the first render waits for it. */
async function inShell(path: string, user = adminUser) {
  const app = signedIn(path, user);
  await screen.findByTestId('tabs-bar', undefined, { timeout: 5_000 });
  return app;
}

/** A light built page the tab tests open: a plain list, cached like every menu page. */
const LIST = '/production/phases';
/** The list's screen once its lazy chunk has rendered it. */
async function listPage(): Promise<HTMLElement> {
  const selector = `[data-view-path="${LIST}"] [data-testid="entity-list-page"]`;
  await waitFor(() => expect(document.querySelector(selector)).not.toBeNull(), {
    timeout: 10_000,
  });
  return document.querySelector<HTMLElement>(selector)!;
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main menu' });
/** Navigates and waits until the page's tab is there, as a person clicking would. */
async function visit(
  router: { navigate: (to: string) => Promise<void> },
  to: string,
  title: string,
) {
  await router.navigate(to);
  await waitFor(() => expect(tabTitles()).toContain(title));
}

const tabTitles = () =>
  within(screen.getByRole('navigation', { name: 'Open pages' }))
    .queryAllByTestId('tab')
    .map((tab) => tab.textContent);

describe('sidebar', () => {
  it('lists exactly the top-level entries the visibility filter gives the user', async () => {
    const batcher = { ...adminUser, roles: ['batcher'], modules: ['production', 'inventory'] };
    signedIn('/dashboard', batcher);
    // The shell is a lazy chunk: the first render of a file waits for its import.
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5_000 });
    const expected = menuOf(accessibleRoutes(ROUTE_MAP, batcher)).map((r) => r.title);
    const shown = within(sidebar())
      .getAllByRole('link')
      .concat(within(sidebar()).queryAllByRole('button'))
      .map((el) => el.textContent?.trim());
    for (const title of expected) expect(shown).toContain(title);
    expect(shown).not.toContain('Administration');
  });

  it('opens the section of the current page and marks the page active', async () => {
    signedIn('/production/flows');
    // The file's first render: the shell's and Production's lazy chunks load cold, which takes
    // 6 s alone on a 2-core machine and over 10 s beside the other unit worker.
    const cold = { timeout: 30_000 };
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, cold);
    const link = await within(menu).findByRole('link', { name: 'Flows' }, cold);
    expect(link.getAttribute('data-active')).toBe('true');
  }, 60_000);

  it('collapses to a rail of icons and remembers it in the sidebarStatus cookie', async () => {
    const user = userEvent.setup();
    signedIn('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' }).textContent).toBe('');
    cleanup();
    signedIn('/dashboard');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });
});

describe('breadcrumb and title', () => {
  it('starts with Dashboard, then the sections, then the page', async () => {
    await inShell('/production/flows');
    const crumb = screen.getByTestId('breadcrumb');
    await waitFor(() => expect(crumb.textContent).toBe('Dashboard/Production/Configuration/Flows'));
    await waitFor(() => expect(document.title).toBe('Flows - Plantline'));
  });

  it('reads a section named like its page once', async () => {
    await inShell('/inventory/products', { ...adminUser, modules: ['inventory'] });
    const crumb = screen.getByTestId('breadcrumb');
    await waitFor(() => expect(crumb.textContent).toBe('Dashboard/Inventory/Products'));
  });

  it('is only Dashboard on the dashboard', async () => {
    await inShell('/dashboard');
    await waitFor(() => expect(screen.getByTestId('breadcrumb').textContent).toBe('Dashboard'));
  });
});

describe('tabs', () => {
  it('pins the dashboard and adds a tab per page visited', async () => {
    const { router } = await inShell('/dashboard');
    await waitFor(() => expect(tabTitles()).toEqual(['Dashboard']));
    await visit(router, '/production/flows', 'Flows');
    await visit(router, '/production/operations?x=1', 'Operations');
    await waitFor(() => expect(tabTitles()).toEqual(['Dashboard', 'Flows', 'Operations']));
    expect(screen.queryByRole('button', { name: 'Close Dashboard' })).toBeNull();
  });

  it('closes the active tab and moves to its left neighbour', async () => {
    const user = userEvent.setup();
    const { router } = await inShell('/dashboard');
    await visit(router, '/production/flows', 'Flows');
    await visit(router, '/production/operations', 'Operations');
    await user.click(await screen.findByRole('button', { name: 'Close Operations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production/flows'));
    expect(tabTitles()).toEqual(['Dashboard', 'Flows']);
  });

  it('offers Refresh, Close, Close Others and Close All on right-click, 105 px wide', async () => {
    const user = userEvent.setup();
    const { router } = await inShell('/dashboard');
    await visit(router, '/production/flows', 'Flows');
    await visit(router, '/production/operations', 'Operations');
    const flows = (await screen.findAllByTestId('tab')).find((t) => t.textContent === 'Flows');
    fireEvent.contextMenu(flows!);
    const menu = await screen.findByTestId('tab-context-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Refresh', 'Close', 'Close Others', 'Close All']);
    // Mantine writes 105 px as rem (16 px each), scaled with the UI size.
    expect(menu.style.width).toContain(`${105 / 16}rem`);
    await user.click(within(menu).getByRole('menuitem', { name: 'Close Others' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Dashboard', 'Flows']));
    expect(router.state.location.pathname).toBe('/production/flows');

    fireEvent.contextMenu(screen.getAllByTestId('tab')[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Close All' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Dashboard']));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps a cached page mounted while another tab is shown, and not a no-cache one', async () => {
    const { router } = await inShell(LIST);
    const list = await listPage();
    await router.navigate('/profile/index');
    await waitFor(() =>
      expect(document.querySelector('[data-view-path="/profile/index"]')).not.toBeNull(),
    );
    // The list is hidden, not unmounted: the same element is still in the document.
    expect(list.isConnected).toBe(true);
    expect(list.closest<HTMLElement>('[data-view-path]')!.style.display).toBe('none');
    await router.navigate('/dashboard');
    // The profile form is noCache: leaving it unmounts it.
    await waitFor(() =>
      expect(document.querySelector('[data-view-path="/profile/index"]')).toBeNull(),
    );
    expect(document.querySelector(`[data-view-path="${LIST}"]`)).not.toBeNull();
  });

  it('mounts a page afresh on Refresh', async () => {
    const user = userEvent.setup();
    await inShell(LIST);
    const before = await listPage();
    const tab = (await screen.findAllByTestId('tab')).find((t) => t.textContent === 'Phases');
    fireEvent.contextMenu(tab!);
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(before.isConnected).toBe(false));
    expect(await listPage()).not.toBe(before);
  });

  it('closes every tab but the pinned ones on logout', async () => {
    const user = userEvent.setup();
    const { router, services } = await inShell(LIST);
    await listPage();
    await user.click(screen.getByRole('button', { name: /user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(services.tabs.getSnapshot().context.visited.map((v) => v.path)).toEqual(['/dashboard']);
  });
});

describe('route guard in the shell', () => {
  it('sends a page the roles do not open to /401', async () => {
    const clerk = { ...adminUser, roles: ['batcher'], modules: ['general', 'production'] };
    const { router } = signedIn('/general/users', clerk);
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });

  it('goes through /redirect/* to the path with its query', async () => {
    const { router } = signedIn('/redirect/production/flows?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/production/flows'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('shows the loading overlay while the user loads, then the page', async () => {
    let answer: (user: typeof adminUser) => void = () => undefined;
    const me = vi.fn(() => new Promise<typeof adminUser>((resolve) => (answer = resolve)));
    renderApp({ path: '/dashboard', token: 'Bearer abc', auth: { me } });
    const overlay = await screen.findByTestId('loading-overlay');
    expect(overlay.textContent).toBe('loading...');
    answer(adminUser);
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    expect(await screen.findByTestId('top-bar')).toBeTruthy();
  });
});

describe('realtime', () => {
  it('opens one connection for the session, shows its state and closes it on logout', async () => {
    const user = userEvent.setup();
    const { connect, disconnect } = signedIn('/dashboard');
    await waitFor(() =>
      expect(screen.getByTestId('realtime-status').getAttribute('data-status')).toBe('connected'),
    );
    expect(connect).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: /user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(disconnect).toHaveBeenCalled());
  });

  it('reloads the user when an administrator changes the account, rebuilding the menu', async () => {
    const me = vi
      .fn()
      .mockResolvedValueOnce(adminUser)
      .mockResolvedValue({ ...adminUser, name: 'Ada Renamed', modules: ['general'] });
    const { broadcast, isListening } = renderApp({
      path: '/dashboard',
      token: 'Bearer abc',
      auth: { me },
    });
    await screen.findByTestId('tabs-bar', undefined, { timeout: 5_000 });
    expect(within(sidebar()).getByRole('button', { name: 'Production' })).toBeTruthy();
    await waitFor(() => expect(isListening(`users.${adminUser.id}`, 'user.updated')).toBe(true));
    broadcast(`users.${adminUser.id}`, 'user.updated', {
      id: adminUser.id,
      data: { active: true },
    });
    // The user is read again over HTTP first, which takes a while on a loaded machine.
    await waitFor(
      () => expect(within(sidebar()).queryByRole('button', { name: 'Production' })).toBeNull(),
      { timeout: 5_000 },
    );
    expect(screen.getAllByText('Ada Renamed').length).toBeGreaterThan(0);
  });

  it('ends the session when the account is deactivated', async () => {
    const { broadcast, isListening, router, token } = signedIn('/dashboard');
    await screen.findByTestId('tabs-bar', undefined, { timeout: 5_000 });
    await waitFor(() => expect(isListening(`users.${adminUser.id}`, 'user.updated')).toBe(true));
    broadcast(`users.${adminUser.id}`, 'user.updated', { id: adminUser.id, data: { active: 0 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(token()).toBeNull();
  });
});
