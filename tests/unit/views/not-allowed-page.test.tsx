import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, renderApp } from './render-app.tsx';

afterEach(cleanup);

/** A batcher: the users screen of Administration is not theirs. */
const batcher = { ...adminUser, roles: ['batcher'], modules: ['general', 'production'] };
const signedInAs = (path: string) =>
  renderApp({ path, token: 'Bearer abc', auth: { me: vi.fn(() => Promise.resolve(batcher)) } });

const heading = () =>
  screen.findByRole(
    'heading',
    { name: 'You are not allowed to open this page' },
    { timeout: 5000 },
  );

// Rendering the whole app with its lazy routes is slow on a busy machine.
describe('not allowed page', { timeout: 15_000 }, () => {
  it('explains why the page did not open, titled Not Allowed', async () => {
    renderApp({ path: '/401' });
    expect(await heading()).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Allowed - Plantline'));
    expect(screen.getByText(/your roles, or the modules enabled for your company/)).toBeTruthy();
    expect(screen.getByText(/ask an administrator to grant you the role/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('takes Back to the page before the one the roles refused', async () => {
    const user = userEvent.setup();
    const { router } = signedInAs('/dashboard');
    await screen.findAllByTestId('module-card', undefined, { timeout: 5000 });
    await router.navigate('/general/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('takes Back home when the refused page was the first one opened', async () => {
    const user = userEvent.setup();
    const { router } = signedInAs('/401');
    await user.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('links back to the dashboard', async () => {
    const user = userEvent.setup();
    const { router } = signedInAs('/general/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 5000 });
    await heading();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
