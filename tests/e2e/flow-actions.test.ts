import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type List } from '../support/entity-crud.ts';
import {
  openSignedIn,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// A flow's actions (docs/product.md §2 …/flows/:flow_id/flow-actions) are lines of the flow's
// drawer form: the route is the flows list with that flow's drawer open,
// in Production and Assembly.

let suite: ShellSuite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  suite = await startShellSuite();
});
afterAll(async () => suite?.close());
afterEach(async () => context?.close());

describe.each(['production', 'assembly'])("%s's flow-actions route", (module) => {
  it("opens the flows list with that flow's drawer and its actions", async () => {
    const admin = entityClient(suite.server.url, await tokenFor(suite.server.url, 'admin'));
    const flows = await admin.get<List>(`/api/${module}/flows`);
    const flow = flows.data.rows[0];
    expect(flow, `a demo ${module} flow`).toBeDefined();
    const path = `/${module}/flows/${flow!.id}/flow-actions`;
    ({ context, page } = await openSignedIn(suite, 'admin', path));

    const drawer = page.getByRole('dialog', { name: 'Edit flow' });
    const code = drawer.getByRole('textbox', { name: 'Code' });
    await expect.poll(() => code.inputValue()).toBe(String(flow!.code));
    await drawer.getByText('Actions').first().waitFor();
    await page.locator(`[data-view-path="${path}"]`).getByTestId('entity-list-page').waitFor();
    await saveScreenshot(page, `${module}-flow-actions`);

    // Closed, the list of flows is what remains.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(path);
  });
});
