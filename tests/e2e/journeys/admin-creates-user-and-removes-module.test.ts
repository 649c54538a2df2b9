import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api-client.ts';
import {
  browserToken,
  expectedMenu,
  freshPage,
  logIn,
  openSignedIn,
  readMenu,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
  viewerIn,
} from '../../support/e2e-shell.ts';

// Administration journey (docs/journeys.md): create a user with roles and modules; the user signs
// in and sees exactly that menu; remove a module and the user loses it live, on the server too.
// The admin works only in the UI, typing into the pickers where a person would.

let suite: ShellSuite;
const contexts: BrowserContext[] = [];
let admin: Page;
let clerk: Page;

const USERNAME = 'j.tremblay';

beforeAll(async () => {
  suite = await startShellSuite();
}, 120_000);
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  if (admin) await saveFailureScreenshot(admin, 'admin-removes-module-failed-admin');
  if (clerk) await saveFailureScreenshot(clerk, 'admin-removes-module-failed-clerk');
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await suite?.close();
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const menuSections = async (page: Page) => (await readMenu(page)).map((node) => node.title);

/** Types into a multi-value picker and takes the first match with Enter, as with a keyboard. */
async function typeAndChoose(picker: Locator, text: string): Promise<void> {
  await picker.click();
  await picker.fill(text);
  await picker.press('ArrowDown');
  await picker.press('Enter');
}

describe('admin creates a user and removes a module', () => {
  it('creates the user with roles and modules in the users screen', async () => {
    let context: BrowserContext;
    ({ context, page: admin } = await openSignedIn(suite, 'admin', '/general/users'));
    contexts.push(context);
    await admin.getByRole('button', { name: 'New user' }).click();
    const form = admin.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(USERNAME);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Julie Tremblay');
    // Roles by keyboard: type, arrow to the match, Enter.
    const roles = form.getByLabel('Roles', { exact: true });
    await typeAndChoose(roles, 'Inventory');
    await typeAndChoose(roles, 'Planning');
    await roles.press('Escape');
    // Modules with the mouse.
    const modules = form.getByLabel('Modules', { exact: true });
    await modules.click();
    await admin.getByRole('option', { name: 'Inventory', exact: true }).click();
    await admin.getByRole('option', { name: 'Production', exact: true }).click();
    await modules.press('Escape');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('plantline');
    await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('plantline');
    await saveScreenshot(admin, 'admin-creates-user-form');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('gridcell', { name: USERNAME, exact: true }).waitFor();
  });

  it('shows the new user exactly the menu of those roles and modules', async () => {
    let context: BrowserContext;
    ({ context, page: clerk } = await freshPage(suite));
    contexts.push(context);
    await logIn(clerk, suite.server.url, USERNAME);
    const viewer = await viewerIn(context, suite.server.url);
    expect(viewer).toEqual({
      roles: ['inventory', 'planning'],
      modules: ['inventory', 'production'],
    });
    await expect.poll(() => readMenu(clerk)).toEqual(expectedMenu(viewer));
    // The inventory role reviews counts, so its approval inbox is in the menu too.
    expect(await menuSections(clerk)).toEqual([
      'Dashboard',
      'Approvals',
      'Inventory',
      'Production',
    ]);
    await clerk.goto(`${suite.server.url}/inventory/brands`);
    await clerk.getByRole('gridcell').first().waitFor();
    await saveScreenshot(clerk, 'admin-creates-user-clerk-menu');
  });

  it('takes the module away live when the admin removes it, on the server too', async () => {
    const token = await browserToken(clerk.context(), suite.server.url);
    expect(
      (await call(suite.server.url, 'GET', '/api/inventory/brands', { token })).httpStatus,
    ).toBe(200);

    await admin.getByRole('gridcell', { name: USERNAME, exact: true }).dblclick();
    const form = admin.getByRole('dialog');
    const modules = form
      .locator('.mantine-InputWrapper-root')
      .filter({ has: admin.locator('label', { hasText: /^Modules$/ }) });
    await modules.waitFor();
    // The pill's remove button, as a person clicks it.
    await modules
      .locator('.mantine-Pill-root', { hasText: 'Inventory' })
      .locator('.mantine-Pill-remove')
      .click();
    await saveScreenshot(admin, 'admin-removes-module-form');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'hidden' });

    // The clerk's browser, untouched, leaves the inventory page it had open as the change
    // arrives, and its menu no longer offers the module.
    await clerk.getByRole('heading', { name: 'You are not allowed to open this page' }).waitFor();
    await saveScreenshot(clerk, 'admin-removes-module-clerk-refused');
    await clerk.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect.poll(() => menuSections(clerk)).toEqual(['Dashboard', 'Approvals', 'Production']);
    expect(await mainMenu(clerk).getByText('Inventory', { exact: true }).count()).toBe(0);
    await saveScreenshot(clerk, 'admin-removes-module-clerk-menu');

    // And the server refuses what the menu no longer offers: reads, writes and the channel.
    expect(
      (await call(suite.server.url, 'GET', '/api/inventory/brands', { token })).httpStatus,
    ).toBe(403);
    const write = await call(suite.server.url, 'POST', '/api/inventory/brands', {
      token,
      body: { code: 'JRN', name: 'Journey' },
    });
    expect(write.httpStatus).toBe(403);
    const channel = await call(suite.server.url, 'POST', '/api/broadcasting/auth', {
      token,
      body: { socket_id: '1.2', channel_name: 'private-inventory.brands' },
    });
    expect(channel.httpStatus).toBe(403);
    expect(
      (await call(suite.server.url, 'GET', '/api/production/production-orders', { token }))
        .httpStatus,
    ).toBe(200);
  });
});
