import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPage,
  saveScreenshot,
  startShellSuite,
  submitLogin,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// The built SPA under the server's Content-Security-Policy in a real Chromium: the login page
// and the dashboard load, sign-in works, the realtime websocket connects, and the browser
// reports no violation (a blocked style or script would show here before it shows to a person).

let suite: ShellSuite;
beforeAll(async () => {
  suite = await startShellSuite();
}, 120_000);
afterAll(async () => suite?.close());

type Watch = { violations: string[]; pusherConnected: Promise<void> };

function watch(page: Page): Watch {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  const pusherConnected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('pusher:connection_established')) resolve();
      });
    });
  });
  return { violations, pusherConnected };
}

async function reportedViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

describe('the SPA under its Content-Security-Policy', () => {
  it('loads /login and the dashboard with no violation and a live websocket', async () => {
    const { context, page } = await freshPage(suite);
    // Records violations from inside the page too (the event carries the blocked directive).
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const seen = watch(page);
    const response = await page.goto(`${suite.server.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('Username', { exact: true }).waitFor();
    expect(await reportedViolations(page)).toEqual([]);

    // Signing in with the keyboard: type, Tab to the password, Enter.
    await page.getByLabel('Username', { exact: true }).click();
    await page.keyboard.type('planning');
    await page.keyboard.press('Tab');
    await page.keyboard.type('plantline');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByTestId('user-menu').waitFor();
    await seen.pusherConnected;
    await saveScreenshot(page, 'csp-dashboard');

    expect(await reportedViolations(page)).toEqual([]);
    expect(seen.violations).toEqual([]);
    await context.close();
  }, 90_000);

  it('signs in with the mouse and keeps the run-time theme styles of Mantine', async () => {
    const { context, page } = await freshPage(suite);
    const seen = watch(page);
    await page.goto(`${suite.server.url}/login`);
    await submitLogin(page, 'admin');
    await page.getByTestId('user-menu').waitFor();
    // MantineProvider writes its theme's CSS variables in a <style> tag at run time: with
    // style-src too strict they would be missing and every component would lose its colours.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled'),
    );
    expect(primary.trim()).not.toBe('');
    expect(seen.violations).toEqual([]);
    await context.close();
  }, 90_000);
});
