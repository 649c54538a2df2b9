import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../src/api/auth.types.ts';
import { adminUser, renderApp } from './render-app.tsx';

// The page and its api client are under test; fetch is the boundary, answering real
// `{status, message, data}` envelopes. The session's own calls go through the fake auth api.

type Envelope = { status: boolean; message: string; data: unknown };
type Answer = { status: number; body: Envelope };

const ok = (data: unknown): Answer => ({
  status: 200,
  body: { status: true, message: 'ok', data },
});

/** The user as the server stores it: a newer version than the session's copy. */
let stored: UserInfo;
/** Answers for POST /api/profile, in order; without one, the update is saved. */
let profileAnswers: Answer[];

/** The JSON body a call sent (the api client always sends JSON text). */
const bodyOf = (init?: RequestInit) => JSON.parse(init?.body as string) as Record<string, unknown>;

function answerFor(url: string, init?: RequestInit): Answer {
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url === '/api/me') return ok(stored);
  if (method === 'GET' && url === '/api/general/timezones') {
    return ok(
      ['America/Toronto', 'America/Vancouver', 'Europe/Paris'].map((tz) => ({
        value: tz,
        label: tz.replaceAll('_', ' '),
      })),
    );
  }
  if (method === 'POST' && url === '/api/profile') {
    const next = profileAnswers.shift();
    if (next) return next;
    const { version, current_password: _c, password: _p, ...changes } = bodyOf(init);
    stored = { ...stored, ...changes, version: Number(version) + 1 };
    return ok(stored);
  }
  return { status: 404, body: { status: false, message: 'not_found', data: null } };
}

const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  const { status, body } = answerFor(url, init);
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
});

const profilePosts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/profile' && init?.method === 'POST')
    .map(([, init]) => bodyOf(init));

beforeEach(() => {
  stored = { ...adminUser, name: 'Ada Lovelace', email: 'ada@example.com', version: 3 };
  profileAnswers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

const details = () => screen.getByRole('form', { name: 'Profile details' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });
const nameInput = () => within(details()).getByRole('textbox', { name: /^Full name/ });
const emailInput = () => within(details()).getByRole('textbox', { name: /^Email/ });
const zoneInput = () => within(details()).getByRole('combobox', { name: /^Time zone/ });

/** Replaces the text of `input` at once (the rules under test run on change, not per key). */
async function replace(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  if (text) await user.paste(text);
}

/** Opens the profile signed in, and waits until the stored profile has been read. */
async function openProfile(auth = {}) {
  const view = renderApp({ path: '/profile/index', token: 'Bearer abc', auth });
  await screen.findByRole('form', { name: 'Profile details' }, { timeout: 5000 });
  await waitFor(() => expect((nameInput() as HTMLInputElement).value).toBe('Ada Lovelace'));
  return view;
}

// Rendering the whole app with its lazy routes is slow on a busy machine.
describe('profile page', { timeout: 15_000 }, () => {
  it('shows the stored profile, with the username and roles read-only', async () => {
    await openProfile();
    await waitFor(() => expect(document.title).toBe('Profile - Plantline'));
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('admin')).toBeTruthy();
    expect(within(account).getByText('Maple Vapour Labs')).toBeTruthy();
    expect(within(account).getByText('Admin')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Username/ })).toBeNull();
    expect((emailInput() as HTMLInputElement).value).toBe('ada@example.com');
    expect((zoneInput() as HTMLInputElement).value).toBe('America/Toronto');
    // Nothing changed yet: nothing to save.
    expect(within(details()).getByRole('button', { name: 'Save' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('saves the details with Enter and the stored version, then refreshes the session', async () => {
    const user = userEvent.setup();
    const me = vi.fn(() => Promise.resolve({ ...adminUser, ...stored }));
    const { auth } = await openProfile({ me });
    const before = vi.mocked(auth.me).mock.calls.length;
    await replace(user, nameInput(), 'Ada King');
    await replace(user, emailInput(), '');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(profilePosts()).toEqual([
      { version: 3, name: 'Ada King', email: null, timezone: 'America/Toronto' },
    ]);
    // The top bar reads the session, which fetches the saved user again.
    await waitFor(() => expect(vi.mocked(auth.me).mock.calls.length).toBeGreaterThan(before));
    expect((await screen.findAllByText('Ada King')).length).toBeGreaterThan(1);
    // The next save carries the version the server answered.
    await replace(user, nameInput(), 'Ada B. King');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(profilePosts()).toHaveLength(2));
    expect(profilePosts()[1]).toMatchObject({ version: 4, name: 'Ada B. King' });
  });

  it('picks a time zone from the server list', async () => {
    const user = userEvent.setup();
    await openProfile();
    await user.click(zoneInput());
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been saved.');
    expect(profilePosts()[0]).toMatchObject({ version: 3, timezone: 'Europe/Paris' });
  });

  it('says a stale version was changed elsewhere, reloads, and keeps what was typed', async () => {
    const user = userEvent.setup();
    await openProfile();
    // Someone else saves the e-mail after the page read the profile.
    profileAnswers = [
      {
        status: 409,
        body: { status: false, message: 'stale_version', data: { version: 'other' } },
      },
    ];
    await replace(user, nameInput(), 'Ada King');
    stored = { ...stored, email: 'countess@example.com', version: 4 };
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    const alert = await within(details()).findByRole('alert');
    expect(alert.textContent).toContain('changed elsewhere');
    expect(alert.textContent).toContain('reloaded');
    await waitFor(() =>
      expect((emailInput() as HTMLInputElement).value).toBe('countess@example.com'),
    );
    expect((nameInput() as HTMLInputElement).value).toBe('Ada King');
    expect(screen.queryByText('Your profile has been saved.')).toBeNull();
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(profilePosts()).toEqual([
      { version: 3, name: 'Ada King', email: 'ada@example.com', timezone: 'America/Toronto' },
      { version: 4, name: 'Ada King', email: 'countess@example.com', timezone: 'America/Toronto' },
    ]);
    expect(within(details()).queryByRole('alert')).toBeNull();
  });

  it('checks the new password before sending it', async () => {
    const user = userEvent.setup();
    await openProfile();
    const form = passwordForm();
    await replace(user, within(form).getByLabelText(/^New password/), 'short');
    await replace(user, within(form).getByLabelText(/^Confirm new password/), 'shirt');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is required')).toBeTruthy();
    expect(within(form).getByText('New password must have at least 8 characters')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Current password/));
    expect(profilePosts()).toEqual([]);
  });

  it("shows the server's answer to a wrong current password under that field", async () => {
    const user = userEvent.setup();
    await openProfile();
    profileAnswers = [
      {
        status: 422,
        body: {
          status: false,
          message: 'validation_error',
          data: { current_password: 'The current password is not correct' },
        },
      },
    ];
    const form = passwordForm();
    await replace(user, within(form).getByLabelText(/^Current password/), 'wrong-one');
    await replace(user, within(form).getByLabelText(/^New password/), 'brand-new-pw');
    await replace(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pw');
    await user.keyboard('{Enter}');
    expect(await within(form).findByText('The current password is not correct')).toBeTruthy();
    expect(profilePosts()).toEqual([
      { version: 3, current_password: 'wrong-one', password: 'brand-new-pw' },
    ]);
    expect(screen.queryByText('Your password has been changed.')).toBeNull();
  });

  it('changes the password with the current one and empties the fields', async () => {
    const user = userEvent.setup();
    await openProfile();
    const form = passwordForm();
    await replace(user, within(form).getByLabelText(/^Current password/), 'plantline');
    await replace(user, within(form).getByLabelText(/^New password/), 'brand-new-pw');
    await replace(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pw');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(profilePosts()).toEqual([
      { version: 3, current_password: 'plantline', password: 'brand-new-pw' },
    ]);
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect(within(form).getByLabelText<HTMLInputElement>(label).value).toBe('');
    }
    // The details form now saves against the version the password change produced.
    await replace(user, nameInput(), 'Ada King');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(profilePosts()).toHaveLength(2));
    expect(profilePosts()[1]).toMatchObject({ version: 4, name: 'Ada King' });
  });
});
