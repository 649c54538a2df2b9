import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';

// The page and its api client are under test; fetch is the boundary, answering real
// `{status, message, data}` envelopes.

type Answer = { status: number; body: { status: boolean; message: string; data: unknown } };

let answer: Answer;
const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
  Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status })),
);

beforeEach(() => {
  answer = {
    status: 201,
    body: { status: true, message: 'registered', data: { id: 9, username: 'jo.smith' } },
  };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  // Notifications live in a module store that outlives a render.
  notifications.clean();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const sentBodies = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    body: JSON.parse(init?.body as string) as unknown,
  }));

/** The route table loads lazily: wait for the form before typing. */
async function openRegister() {
  const view = renderApp({ path: '/register' });
  await screen.findByRole('heading', { name: 'Create an account' }, { timeout: 5000 });
  return view;
}

type User = ReturnType<typeof userEvent.setup>;

/** Types `text` into `input` at once: the rules under test run on change and blur, not per key. */
async function enter(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillValid(user: User) {
  await enter(user, field('Username'), ' jo.smith ');
  await enter(user, screen.getByRole('textbox', { name: /^Full name/ }), 'Jo Smith');
  await enter(user, field('Email'), 'jo@example.com');
  await enter(user, screen.getByLabelText(/^Password/), 'long-enough');
  await enter(user, screen.getByLabelText(/^Confirm password/), 'long-enough');
}

// Rendering the whole app with its lazy routes is slow on a busy machine.
describe('register page', { timeout: 15_000 }, () => {
  it('is titled Register and asks for the account fields, with a way back to login', async () => {
    const { router } = await openRegister();
    await waitFor(() => expect(document.title).toBe('Register - Plantline'));
    for (const label of ['Username', 'Email', 'Company']) expect(field(label)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Full name/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/)).toBeTruthy();
    expect(document.activeElement).toBe(field('Username'));
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('checks the rules on blur and on submit without calling the server', async () => {
    const user = userEvent.setup();
    await openRegister();
    await user.click(field('Username'));
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    await enter(user, field('Username'), 'jo smith');
    await enter(user, field('Email'), 'not-an-email');
    await enter(user, screen.getByLabelText(/^Password/), 'short');
    await enter(user, screen.getByLabelText(/^Confirm password/), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use letters, digits and . _ @ - only')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('The field must be a valid email')).toBeTruthy();
    expect(screen.getByText('Password must have at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    // The first field to fix has the focus.
    expect(document.activeElement).toBe(field('Username'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers with Enter and says the account waits for a role before login', async () => {
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fillValid(user);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeTruthy();
    expect(sentBodies()).toEqual([
      {
        url: '/api/register',
        method: 'POST',
        body: {
          username: 'jo.smith',
          name: 'Jo Smith',
          email: 'jo@example.com',
          password: 'long-enough',
        },
      },
    ]);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('“jo.smith” is ready');
    expect(status.textContent).toContain('no roles yet');
    expect(status.textContent).toContain('An administrator has to grant you a role');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("puts the server's field messages under the fields and keeps the form", async () => {
    answer = {
      status: 422,
      body: { status: false, message: 'validation_error', data: { username: 'unique' } },
    };
    const user = userEvent.setup();
    await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This field must be unique')).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Username'));
    // The shell's presenter lists it once; the page adds no second notice.
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(screen.getAllByText(/This field must be unique/)).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Account created' })).toBeNull();
  });

  it('writes a failure the shell does not show above the form', async () => {
    answer = {
      status: 429,
      body: { status: false, message: 'Slow down, please.', data: null },
    };
    const user = userEvent.setup();
    await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText('Slow down, please.');
    expect(message.closest('[role="alert"]')?.textContent).toContain('Registration failed');
    expect(screen.queryByText('Validation Error')).toBeNull();
  });

  it('sends a signed-in user to the dashboard instead', async () => {
    const { router } = renderApp({ path: '/register', token: 'Bearer abc' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
