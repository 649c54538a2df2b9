import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error.ts';
import { NO_ROLES_MESSAGE } from '../../../src/machines/ui/session.machine.ts';
import { adminUser, demoConfig, renderApp } from './render-app.tsx';

afterEach(cleanup);

const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');

describe('login page', () => {
  it('is titled Login - Plantline', async () => {
    renderApp();
    await waitFor(() => expect(document.title).toBe('Login - Plantline'));
    expect(screen.getByRole('heading', { name: 'Plantline' })).toBeTruthy();
  });

  it('checks required fields on blur and on submit without calling the server', async () => {
    const user = userEvent.setup();
    const { auth } = renderApp();
    await user.click(username());
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('submits with Enter, sends the web client and lands on the dashboard', async () => {
    const user = userEvent.setup();
    const { auth, router, token } = renderApp();
    await user.type(username(), '  admin  ');
    await user.type(password(), 'plantline{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(auth.login).toHaveBeenCalledWith(
      { username: 'admin', password: 'plantline' },
      demoConfig.auth_client,
    );
    expect(token()).toBe('Bearer abc');
    expect((await screen.findAllByText('Ada Admin')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Maple Vapour Labs').length).toBeGreaterThan(0);
    const cards = screen.getAllByTestId('module-card').map((c) => c.textContent);
    // An admin decides approvals, so the inbox is a card of one beside the modules.
    expect(cards).toEqual([
      expect.stringContaining('Approvals'),
      expect.stringContaining('Administration'),
      expect.stringContaining('Production'),
    ]);
    await waitFor(() => expect(document.title).toBe('Dashboard - Plantline'));
  });

  it("shows the server's message as given when the login fails", async () => {
    const user = userEvent.setup();
    const login = vi.fn(() =>
      Promise.reject(new ApiError('These credentials do not match our records.', 401)),
    );
    const { router } = renderApp({ auth: { login } });
    await user.type(username(), 'admin');
    await user.type(password(), 'wrong{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('These credentials do not match our records.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
  });

  it('shows field messages of a validation error', async () => {
    const user = userEvent.setup();
    const login = vi.fn(() =>
      Promise.reject(new ApiError('validation_error', 422, { username: 'exists' })),
    );
    renderApp({ auth: { login } });
    await user.type(username(), 'ghost');
    await user.type(password(), 'x{Enter}');
    expect(await screen.findByText('This option must exist in database')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Errors found in the submitted data, please check.',
    );
  });

  it('refuses a user without roles and drops the token', async () => {
    const user = userEvent.setup();
    const me = vi.fn(() => Promise.resolve({ ...adminUser, roles: [] }));
    const { router, token } = renderApp({ auth: { me } });
    await user.type(username(), 'nobody');
    await user.type(password(), 'x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(NO_ROLES_MESSAGE);
    expect(token()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes back to the page asked for in ?redirect=', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/login?redirect=%2Fdashboard%3Ftab%3D2' });
    await user.type(username(), 'admin');
    await user.type(password(), 'plantline{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('lists the demo accounts and fills the form when one is clicked', async () => {
    const user = userEvent.setup();
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Demo accounts' });
    expect(within(panel).getByText('plantline')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'batcher' }));
    expect((username() as HTMLInputElement).value).toBe('batcher');
    expect((password() as HTMLInputElement).value).toBe('plantline');
  });

  it('links to the register page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('hides the demo panel when demo is off', async () => {
    const config = { ...demoConfig, demo: { enabled: 0 as const, password: null, usernames: [] } };
    const { auth } = renderApp({ config });
    await waitFor(() => expect(auth.config).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).toBeNull();
  });
});

describe('route guard', () => {
  it('sends a visitor without a token to /login?redirect=…', async () => {
    const { router } = renderApp({ path: '/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
  });

  it('keeps a stored session and shows the dashboard', async () => {
    const { auth } = renderApp({ path: '/dashboard', token: 'Bearer abc' });
    expect((await screen.findAllByText('Ada Admin')).length).toBeGreaterThan(0);
    expect(auth.me).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('realtime-status').textContent).toBe('connected'),
    );
    const here = screen.getByRole('region', { name: 'Who is here' });
    // Connected first, then the presence channel's member list arrives.
    await waitFor(() => expect(within(here).getByText('1 on this dashboard now')).toBeTruthy());
    expect(within(here).getByText('Ada Admin')).toBeTruthy();
  });

  it('drops a token the server no longer accepts and goes to login', async () => {
    const me = vi.fn(() => Promise.reject(new ApiError('not_authorized', 401)));
    const { router, token } = renderApp({ path: '/dashboard', token: 'Bearer old', auth: { me } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
    expect(token()).toBeNull();
  });

  it('logs out to a plain /login and revokes the old token', async () => {
    const user = userEvent.setup();
    const { auth, router, token } = renderApp({ path: '/dashboard', token: 'Bearer abc' });
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(token()).toBeNull();
    expect(auth.logout).toHaveBeenCalledWith('Bearer abc');
  });

  it('shows the 404 page for an unknown path', async () => {
    const { router } = renderApp({ path: '/no/such/page' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
