import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { modals } from '@mantine/modals';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../../src/api/api-error.ts';
import { apiFailures$ } from '../../../../src/api/api-failures.ts';
import { renderApp } from '../render-app.tsx';

// The shell shows failed calls as docs/product.md §8 says, whichever view made them. The failures
// are pushed where `request` pushes them; what appears on screen is what is checked.

afterEach(() => {
  // Closing runs each modal's onClose, so no message is left marked as waiting.
  modals.closeAll();
  cleanup();
});

async function onDashboard() {
  const app = renderApp({ path: '/dashboard', token: 'Bearer abc' });
  await screen.findByTestId('tabs-bar', undefined, { timeout: 5_000 });
  return app;
}

const dialog = () => screen.findByRole('dialog');

describe('API error presenter', () => {
  it('asks to go to login on an expired session, and reloads on Yes', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/dashboard',
      reload,
    });
    await onDashboard();
    apiFailures$.next(new ApiError('not_authorized', 401));
    const box = await dialog();
    expect(within(box).getByText('Expired session')).toBeTruthy();
    expect(within(box).getByText('Go to login?')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Yes' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('offers a reload when the server does not answer or the database fails', async () => {
    const user = userEvent.setup();
    await onDashboard();
    apiFailures$.next(new NetworkError('offline'));
    const first = await dialog();
    expect(within(first).getByText('Server error')).toBeTruthy();
    expect(within(first).getByText('Reload the page?')).toBeTruthy();
    apiFailures$.next(new ApiError('db_error', 500));
    // One modal at a time, the newest on top; answering it shows the one below again.
    await waitFor(() => expect(within(first).getByText('Database error')).toBeTruthy());
    expect(within(first).getByText('Reload the page?')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(first).getByText('Server error')).toBeTruthy());
  });

  it('shows related records and missing privileges as an alert with OK', async () => {
    const user = userEvent.setup();
    await onDashboard();
    apiFailures$.next(new ApiError('database_delete_1451', 409));
    const box = await dialog();
    expect(within(box).getByText('There are other records related to this item')).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    apiFailures$.next(new ApiError('no_privileges', 403));
    expect(
      within(await dialog()).getByText('You are not allowed to delete this record'),
    ).toBeTruthy();
  });

  it('lists validation errors in a Validation Error notification, one field a line', async () => {
    await onDashboard();
    apiFailures$.next(
      new ApiError('validation_error', 422, { name: 'required', email: 'valid_email' }),
    );
    const title = await screen.findByText('Validation Error');
    const notice = title.closest('[role="alert"]') ?? title.parentElement!.parentElement!;
    // Each field under its name in words, never the request's path.
    expect(notice.textContent).toContain('Name: ');
    expect(notice.textContent).toContain('Email: ');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks once for a burst of the same failure', async () => {
    const user = userEvent.setup();
    await onDashboard();
    apiFailures$.next(new ApiError('db_error', 500));
    apiFailures$.next(new ApiError('db_error', 500));
    apiFailures$.next(new ApiError('no_privileges', 403));
    await user.click(within(await dialog()).getByRole('button', { name: 'OK' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves other error bodies to the caller', async () => {
    await onDashboard();
    apiFailures$.next(new ApiError('stale_version', 409));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
