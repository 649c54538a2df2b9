import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { coverWorld, type CoverWorld } from '../../support/stamp-cover-world.ts';

// Journey (docs/journeys.md, Production): stamp inventory opens the reels and sees, above them,
// the stamp cover per jurisdiction: two jurisdictions have fallen below the supplier's lead
// time (18.3 days of cover against 21). It drafts a reel request for one with the mouse and
// for the other with the keyboard alone; each row then says the request is pending, and a
// second draft is no longer offered. A manager (another person) approves one on the pending
// reel approvals; its stamps count as on order and the stamp inventory's panel, open all
// along, shows the jurisdiction covered. Stamp inventory then drafts a third jurisdiction's
// request, and the manager's pending reel approvals, open all along, list it without a
// reload. The wall shows the same cover, large, without buttons.
// The reels go through the API; the orders and the locked forecast are seeded
// (tests/support/stamp-cover-world.ts).

describe('stamp inventory sees the cover fall below lead time and drafts a reel request', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let keeper: Page;
  let manager: Page;
  let mouseWorld: CoverWorld;
  let keyWorld: CoverWorld;
  let liveWorld: CoverWorld;

  const open = async (user: string, path: string, width = 1400, height = 900) => {
    const opened = await openSignedIn(suite, user, path, { viewport: { width, height } });
    contexts.push(opened.context);
    return opened.page;
  };
  const coverRow = (page: Page, code: string): Locator =>
    page.getByTestId('stamp-cover-panel').locator(`tr[data-jurisdiction="${code}"]`);

  /** Presses Tab until `target` has the focus, as a person at a keyboard would. */
  async function tabTo(page: Page, target: Locator, most = 200): Promise<void> {
    for (let i = 0; i < most; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${most} presses of Tab never reached the element`);
  }

  beforeAll(async () => {
    suite = await startShellSuite();
    mouseWorld = await coverWorld(suite.server, 'ZA');
    keyWorld = await coverWorld(suite.server, 'ZB');
    liveWorld = await coverWorld(suite.server, 'ZC');
    keeper = await open('stamp_inventory', '/production/reels');
  }, 240_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await saveFailureScreenshot(keeper, 'stamp-cover-journey-failed');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  it('sees two jurisdictions below the lead time and drafts a reel request with the mouse', async () => {
    const row = coverRow(keeper, 'ZA');
    await row.getByText('Below lead time').waitFor();
    await expect(row.locator('[data-cell="on_hand"]').textContent()).resolves.toBe('3,000');
    await expect(row.locator('[data-cell="on_order"]').textContent()).resolves.toBe('1,000');
    await expect(row.locator('[data-cell="cover_days"]').textContent()).resolves.toBe('18.3 d');
    await keeper.getByText('Stamp cover · supplier lead time 21 days').waitFor();
    await saveScreenshot(keeper, 'stamp-cover-journey-below');
    await row.getByRole('button', { name: 'Draft reel request for Zedland ZA' }).click();
    await keeper.getByText('Reel request drafted').waitFor();
    await row.getByText('Reel request pending').waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    await saveScreenshot(keeper, 'stamp-cover-journey-drafted');
  });

  it('drafts the other with the keyboard alone', async () => {
    const row = coverRow(keeper, 'ZB');
    const draft = row.getByRole('button', { name: 'Draft reel request for Zedland ZB' });
    await keeper.locator('body').focus();
    await tabTo(keeper, draft);
    await keeper.keyboard.press('Enter');
    await row.getByText('Reel request pending').waitFor();
    const pending = await (
      await keyWorld.as('manager')
    ).get<{ status: string }[]>('/api/production/reel-requests');
    expect(pending.data.filter((r) => r.status === 'pending')).toHaveLength(2);
  });

  it('a manager approves one on the pending reel approvals; the cover panel follows', async () => {
    manager = await open('manager', '/production/pending-reel-approvals');
    const request = manager.getByTestId('reel-requests').getByRole('row', { name: /Zedland ZA/ });
    await request.getByText('6,000').waitFor();
    await saveScreenshot(manager, 'stamp-cover-journey-approvals');
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.getByText('approved', { exact: false }).waitFor();
    // The keeper's page, open all along, hears the change: 7,000 on order, covered.
    const row = coverRow(keeper, 'ZA');
    await row.getByText('Covered').waitFor();
    await expect(row.locator('[data-cell="on_order"]').textContent()).resolves.toBe('7,000');
    await saveScreenshot(keeper, 'stamp-cover-journey-covered');
    expect(mouseWorld.jurisdictionId).toBeGreaterThan(0);
  });

  it("drafts a third request; the manager's list, open all along, shows it", async () => {
    const requests = manager.getByTestId('reel-requests');
    await expect(requests.getByRole('row', { name: /Zedland ZC/ }).count()).resolves.toBe(0);
    const row = coverRow(keeper, 'ZC');
    await row.getByText('Below lead time').waitFor();
    await row.getByRole('button', { name: 'Draft reel request for Zedland ZC' }).click();
    await row.getByText('Reel request pending').waitFor();
    const request = requests.getByRole('row', { name: /Zedland ZC/ });
    await request.getByRole('button', { name: 'Approve' }).waitFor();
    await saveScreenshot(manager, 'stamp-cover-journey-live-request');
    expect(liveWorld.jurisdictionId).toBeGreaterThan(0);
  });

  it('shows the cover on the wall, large and without buttons', async () => {
    const wall = await open('supervisor_production', '/production/stamp-cover', 1920, 1080);
    await coverRow(wall, 'ZB').waitFor();
    await saveScreenshot(wall, 'stamp-cover-journey-page');
    await wall.goto(`${suite.server.url}/production/stamp-cover?display=wall`);
    await wall.locator('[data-wall]').first().waitFor();
    const row = coverRow(wall, 'ZB');
    await row.getByText('Reel request pending').waitFor();
    await expect(wall.getByTestId('stamp-cover-panel').getByRole('button').count()).resolves.toBe(
      0,
    );
    const size = await row
      .locator('[data-cell="cover_days"]')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    await saveScreenshot(wall, 'stamp-cover-journey-wall');
  });
});
