import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/chromium.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Every route of the map is reachable for the roles that may open it, and a page the roles
// do not open lands on /401, in real Chromium against the real server.

describe('route visibility in the browser', () => {
  let server: TestServer;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  async function signInAs(username: string) {
    await browser.context.clearCookies();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('plantline');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL('**/dashboard');
  }

  it('opens a module screen for a role the access table allows, naming the route', async () => {
    await signInAs('planning');
    await page.goto(`${server.url}/production/reports/recipes`);
    await expect.poll(() => page.title()).toBe('Recipes Report - Plantline');
    await page.getByRole('heading', { name: 'Recipes report' }).waitFor();
  });

  it('sends a role to /401 for a page it may not open', async () => {
    await signInAs('batcher');
    await page.goto(`${server.url}/general/users`);
    await page.waitForURL('**/401');
    await page.getByText('Not allowed').waitFor();
  });

  it('lets admin open every module', async () => {
    await signInAs('admin');
    await page.goto(`${server.url}/general/users`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/general/users');
    await expect.poll(() => page.title()).toMatch(/ - Plantline$/);
  });
});
