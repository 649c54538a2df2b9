import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api-client.ts';
import {
  browserToken,
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  submitLogin,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// What the shell does when things go wrong (docs/product.md §8): uncaught errors land in the error
// log with message, info, URL and stack; a call refused because the session is gone asks to go to
// login; a call that gets no answer offers a reload.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

const pathname = () => new URL(page.url()).pathname;

async function signIn(username: string, path = '/dashboard'): Promise<void> {
  ({ context, page } = await openSignedIn(suite, username, path));
}

describe('the error log', () => {
  const drawer = () => page.getByRole('dialog', { name: 'Error log' });
  const entries = () => drawer().getByTestId('error-log-entry');

  it('records uncaught errors with message, info, URL and stack, newest first, until Clear All', async () => {
    await signIn('admin', '/general/tags?page=3');
    await page.getByTestId('entity-list-page').waitFor();
    const url = page.url();

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from test');
      });
    });
    await page.evaluate(() => {
      void Promise.reject(new Error('rejected in test'));
    });
    // The button counts what the log holds before anyone opens it.
    const button = page.getByRole('button', { name: 'Error log' });
    // The error log's own count: the approvals badge beside it is an indicator too.
    const count = page
      .getByTestId('top-bar')
      .locator('.mantine-Indicator-root', { has: button })
      .locator('.mantine-Indicator-indicator');
    await expect.poll(() => count.textContent()).toBe('2');

    await button.click();
    await drawer().waitFor();
    await expect.poll(() => entries().count()).toBe(2);
    const [newest, oldest] = await entries().allInnerTexts();
    expect(newest).toContain('rejected in test');
    expect(newest).toContain('unhandled rejection');
    expect(oldest).toContain('boom from test');
    expect(oldest).toContain('window.onerror');
    for (const text of [newest, oldest]) expect(text).toContain(`URL: ${url}`);
    const stacks = await entries().locator('pre').allInnerTexts();
    expect(stacks).toHaveLength(2);
    expect(stacks[1]).toMatch(/^Error: boom from test\n\s+at /);
    await saveScreenshot(page, 'error-log-drawer');

    await drawer().getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => entries().count()).toBe(0);
    await drawer().getByText('No errors recorded.').waitFor();
    expect(await drawer().getByRole('button', { name: 'Clear All' }).isDisabled()).toBe(true);
  });

  // The product's time format (docs/product.md §9), not the browser's
  // locale ('3:17:38 AM' in en-US).
  it('shows when each error happened as HH:mm:ss', async () => {
    ({ context, page } = await openSignedIn(suite, 'admin', '/dashboard', { locale: 'en-US' }));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('timed error');
      });
    });
    await page.getByRole('button', { name: 'Error log' }).click();
    const time = entries().first().locator('.mantine-Badge-label');
    expect(await time.innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});

describe('failed calls', () => {
  const modal = (title: string) => page.getByRole('dialog', { name: title });

  /** The profile's details form; saving it is a call the shell reports when it fails. */
  async function openProfileAndEditName(): Promise<void> {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    const details = page.getByRole('form', { name: 'Profile details' });
    const name = details.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Renamed While Signed Out');
  }

  const save = () =>
    page
      .getByRole('form', { name: 'Profile details' })
      .getByRole('button', { name: 'Save' })
      .click();

  it('asks to go to login when the session was revoked, and Yes reloads into the login page', async () => {
    await signIn('batcher');
    await openProfileAndEditName();
    // The session ends elsewhere (another tab's Log Out, an administrator): the server
    // forgets the token the page still holds.
    const revoked = await call(suite.server.url, 'POST', '/api/logout', {
      token: await browserToken(context, suite.server.url),
    });
    expect(revoked.status, revoked.message).toBe(true);

    await save();
    await modal('Expired session').getByText('Go to login?').waitFor();
    await saveScreenshot(page, 'expired-session-dialog');

    // Cancel leaves the person where they are, with what they typed.
    await modal('Expired session').getByRole('button', { name: 'Cancel' }).click();
    await modal('Expired session').waitFor({ state: 'detached' });
    expect(pathname()).toBe('/profile/index');

    await save();
    await modal('Expired session').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/profile/index')}`);
    // The route guard's /me fails with the revoked token too, and says so
    // (docs/product.md §2 guard).
    await modal('Error').getByText('Expired session: please log in again.').waitFor();
    await modal('Error').getByRole('button', { name: 'OK' }).click();
    await modal('Error').waitFor({ state: 'detached' });

    await submitLogin(page, 'batcher');
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await page.getByTestId('user-menu').waitFor();
  });

  it('offers a reload when a call gets no answer at all', async () => {
    await signIn('batcher');
    await openProfileAndEditName();
    await page.route('**/api/profile', (route) => route.abort('connectionrefused'));

    await save();
    await modal('Server error').getByText('Reload the page?').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await Promise.all([
      page.waitForEvent('load'),
      modal('Server error').getByRole('button', { name: 'Yes' }).click(),
    ]);
    expect(pathname()).toBe('/profile/index');
    await page.getByRole('form', { name: 'Profile details' }).waitFor();
    await expect.poll(() => modal('Server error').count()).toBe(0);
  });
});
