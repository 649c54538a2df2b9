import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MAP } from '../../src/domain/route-map/route-map.ts';
import { staticPathOf } from '../../src/domain/route-map/route-path.ts';
import { flattenRoutes, isPage } from '../../src/domain/route-map/route-tree.ts';
import type { StampCoverRow } from '../../src/domain/entities/production/stamp-cover.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { freshPage, openSignedIn, startShellSuite, type ShellSuite } from '../support/e2e-shell.ts';

// WCAG 2.1 AA as Deque's axe-core checks it, in Chromium: no serious or critical violation on
// the login page, on the first screen of every section of the route map and every core page
// (signed in as admin, who sees them all), on the wall display and at a phone's width, and
// on the stamp cover's screens in each of their states (a draft offered, a request pending,
// the wall).

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The first screen a URL opens in each section and sub-section, and every page outside one. */
function screens(): string[] {
  const firsts = new Map<string, string>();
  for (const { route, parents } of flattenRoutes(ROUTE_MAP)) {
    const path = isPage(route) && !route.redirect ? staticPathOf(route.path) : undefined;
    const section = parents.map((p) => p.path).join(' ') || route.path;
    if (path && !firsts.has(section)) firsts.set(section, path);
  }
  return [...firsts.values()];
}

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** The serious and critical violations on the page as it stands, one line each. */
async function violations(page: Page, label: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (rules) => {
    // axe is the script evaluated just above.
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    };
    return (await axe.run(document, { runOnly: rules })).violations;
  }, RULES);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens `path` and waits until its view is drawn and its lists have loaded. */
async function open(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  const [pathname, query = ''] = path.split('?');
  // The login page and the wall display (no shell around it) have no view frame.
  if (pathname !== '/login' && !query.includes('display=wall')) {
    await page.locator(`[data-view-path="${pathname}"]`).waitFor();
  }
  await page
    .locator('.ag-overlay-loading-wrapper')
    .filter({ visible: true })
    .waitFor({ state: 'detached' });
  await page.getByText('Loading…').first().waitFor({ state: 'hidden' });
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let suite: ShellSuite;
  beforeAll(async () => {
    suite = await startShellSuite();
  }, 120_000);
  afterAll(() => suite?.close());

  it('finds nothing serious on the login page', async () => {
    const { context, page } = await freshPage(suite, { viewport: { width: 1400, height: 900 } });
    await open(page, suite.server.url, '/login');
    await page.getByLabel('Username', { exact: true }).waitFor();
    expect(await violations(page, '/login')).toEqual([]);
    await context.close();
  });

  it('finds nothing serious on the first screen of every section, as admin', async () => {
    const paths = screens();
    expect(paths.length).toBeGreaterThan(25);
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 1400, height: 900 },
    });
    const found: string[] = [];
    for (const path of paths) {
      await open(page, suite.server.url, path);
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 240_000);

  it('finds nothing serious on the wall display at 1920 × 1080', async () => {
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 1920, height: 1080 },
    });
    const wall = '/production/production-dashboard?display=wall';
    await open(page, suite.server.url, wall);
    await page.getByTestId('open-orders').waitFor();
    expect(await violations(page, wall)).toEqual([]);
    await context.close();
  });

  it('finds nothing serious on the stamp cover, its panels, the reel requests and its wall', async () => {
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 1400, height: 900 },
    });
    const found: string[] = [];
    const quebec = () =>
      page.getByTestId('stamp-cover-panel').locator('tr[data-jurisdiction="QC"]');
    // The demo's Quebec is below the lead time: the panels offer a draft.
    for (const path of [
      '/production/stamp-cover',
      '/production/reels',
      '/production/reports/stamps-inventory',
    ]) {
      await open(page, suite.server.url, path);
      await quebec().getByRole('button', { name: 'Draft reel request for Quebec' }).waitFor();
      found.push(...(await violations(page, path)));
    }
    // Stamp inventory drafts it; the admin, another person, may decide it.
    const token = await tokenFor(suite.server.url, 'stamp_inventory');
    const cover = await call<StampCoverRow[]>(
      suite.server.url,
      'GET',
      '/api/production/stamp-cover',
      {
        token,
      },
    );
    const id = cover.data.find((row) => row.jurisdiction_code === 'QC')?.stamp_jurisdiction_id;
    const drafted = await call(
      suite.server.url,
      'POST',
      `/api/production/stamp-cover/${id}/reel-request`,
      { token },
    );
    expect(drafted.httpStatus).toBe(201);
    const approvals = '/production/pending-reel-approvals';
    await open(page, suite.server.url, approvals);
    await page.getByTestId('reel-requests').getByRole('button', { name: 'Approve' }).waitFor();
    found.push(...(await violations(page, approvals)));
    await page.setViewportSize({ width: 1920, height: 1080 });
    const wall = '/production/stamp-cover?display=wall';
    await open(page, suite.server.url, wall);
    await quebec().getByText('Reel request pending').waitFor();
    found.push(...(await violations(page, wall)));
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);

  it('finds nothing serious at a phone’s width (390 px)', async () => {
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const found: string[] = [];
    for (const path of ['/dashboard', '/approvals', '/training/trainings']) {
      await open(page, suite.server.url, path);
      found.push(...(await violations(page, `${path} (phone)`)));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
