import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/chromium.ts';
import { startTestServer } from '../support/test-server.ts';

// The browser spine against the real server and the built SPA (run `npx vite build` first):
// login, session cookie across a reload, log out, and the guard for visitors without a token.

const screens = fileURLToPath(new URL('./screens/', import.meta.url));

let server: { url: string; close(): Promise<void> };
let browser: Chromium;
let page: Page;

const shot = (name: string) => page.screenshot({ path: `${screens}${name}.png`, fullPage: true });
const path = () => new URL(page.url());

async function logIn(username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** The message the server gives for a failed login, read straight from the API. */
async function serverLoginMessage(username: string, password: string): Promise<string> {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
    data: { auth_client: { client_id: string; client_secret: string } };
  };
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      grant_type: 'password',
      ...config.data.auth_client,
    }),
  });
  const body = (await response.json()) as { status: boolean; message: string };
  expect(body.status).toBe(false);
  return body.message;
}

beforeAll(async () => {
  await mkdir(screens, { recursive: true });
  server = await startTestServer({ demo: true });
  browser = await launchChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('login', () => {
  it('sends a visitor without a token to /login?redirect=%2Fdashboard', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path().search).toBe('?redirect=%2Fdashboard');
    await expect.poll(() => page.title()).toBe('Login - Plantline');
    await page.getByRole('region', { name: 'Demo accounts' }).waitFor();
    await shot('01-login');
  });

  it("shows the server's message for a wrong password", async () => {
    const expected = await serverLoginMessage('admin', 'also-wrong');
    await logIn('admin', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(expected);
    expect(path().pathname).toBe('/login');
    await shot('02-login-failed');
  });

  it('logs the demo admin in and lands on the dashboard', async () => {
    await page
      .getByRole('region', { name: 'Demo accounts' })
      .getByRole('button', { name: 'admin', exact: true })
      .click();
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe(
      'plantline',
    );
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard - Plantline');
    const cards = page.getByTestId('module-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    const cookie = (await browser.context.cookies(server.url)).find((c) => c.name === 'token');
    expect(cookie?.sameSite).toBe('Strict');
    expect(decodeURIComponent(cookie?.value ?? '')).toMatch(/^Bearer \S+$/);
  });

  it('connects to the realtime server and shows who is here', async () => {
    const badge = page.getByTestId('realtime-status');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('connected');
    await expect
      .poll(() => page.getByRole('region', { name: 'Who is here' }).innerText(), {
        timeout: 15_000,
      })
      .toMatch(/1 on this dashboard now/);
    await shot('03-dashboard');
  });

  it('keeps the session across a reload, with the loading overlay while the user loads', async () => {
    const name = await page.getByTestId('user-menu').innerText();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const overlay = page.getByRole('status').filter({ hasText: 'loading...' });
    await overlay.waitFor();
    const image = await overlay.locator('img').boundingBox();
    expect([image?.width, image?.height]).toEqual([150, 150]);
    await shot('06-loading');
    release();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    expect(path().pathname).toBe('/dashboard');
    expect(await page.getByRole('button', { name: 'User menu' }).innerText()).toBe(name);
  });

  it('logs out to /login and forgets the token', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(300); // let the dropdown's open transition finish for the picture
    await shot('04-user-menu');
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path().search).toBe('');
    const cookie = (await browser.context.cookies(server.url)).find((c) => c.name === 'token');
    expect(cookie).toBeUndefined();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path().search).toBe('?redirect=%2Fdashboard');
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('Page not found').waitFor();
    await shot('05-not-found');
  });
});
