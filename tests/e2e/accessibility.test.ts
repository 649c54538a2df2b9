import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { ROUTE_MAP } from '../../src/domain/route-map/route-map.ts';
import { hasParams, staticPathOf } from '../../src/domain/route-map/route-path.ts';
import { flattenRoutes, isPage } from '../../src/domain/route-map/route-tree.ts';
import type { StampCoverRow } from '../../src/domain/entities/production/stamp-cover.ts';
import { call, tokenFor } from '../support/api-client.ts';
import {
  freshPage,
  openInApp,
  openSignedIn,
  viewDrawn,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';

// WCAG 2.1 AA as Deque's axe-core checks it, in Chromium: no serious or critical violation on
// the login page, on every page of the route map and one demo record of each parametrised page
// (signed in as admin, who sees them all), on the wall display and at a phone's width, and
// on the stamp cover's screens in each of their states (a draft offered, a request pending,
// the wall).

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every page a URL opens without data, grouped by the top record it sits under. */
function staticScreens(): Map<string, string[]> {
  const areas = new Map<string, string[]>();
  for (const { route, parents } of flattenRoutes(ROUTE_MAP)) {
    const path = isPage(route) && !route.redirect ? staticPathOf(route.path) : undefined;
    if (!path) continue;
    const area = parents[0]?.title ?? 'the core pages';
    areas.set(area, [...(areas.get(area) ?? []), path]);
  }
  return areas;
}

/**
 * The demo row that opens each parametrised page (its one param replaced by the row's id):
 * the table and, where the table serves several screens, which of its rows this one shows.
 * Each pattern is its own page component, so each gets one record.
 */
const RECORDS: Readonly<Record<string, readonly [table: string, where?: string]>> = {
  '/general/customer/:id?': ['customers'],
  '/general/tax_setup/:id?': ['tax_setups'],
  '/inventory/products/:id?': ['products'],
  '/inventory/product-families/:id?': ['product_families'],
  '/inventory/product_changes/:id': ['product_change_requests'],
  '/inventory/change_summary/:id': ['product_change_sets'],
  '/inventory/receiving/:id?': ['receivings'],
  '/inventory/allocation/:id?': ['allocations'],
  '/inventory/transfer/:id?': ['transfers'],
  '/inventory/stock-count/:id?': ['stock_counts'],
  '/inventory/stock-count/:id/sheet': ['stock_counts'],
  '/inventory/stock-adjustment/:id?': ['stock_adjustments'],
  '/inventory/price-tier/:id?': ['price_tiers'],
  '/production/flows/:flow_id/flow-actions': ['flows', `module = 'production'`],
  '/production/reel/:id?': ['stamp_reels', `module = 'production'`],
  '/production/recipe/:id?': ['recipes'],
  '/production/warehouse-product-locations/:product_id?': [
    'products',
    'id in (select product_id from warehouse_product_locations)',
  ],
  '/production/warehouse-product-locations-logs/:product_id': [
    'products',
    'id in (select product_id from warehouse_product_locations)',
  ],
  '/production/work-order/:id?': ['work_orders'],
  '/production/production-orders/:id': ['production_orders'],
  '/production/daily-order/:id?': ['daily_orders'],
  '/production/product-stamping-orders/start/:id?': ['product_stamping_orders'],
  '/production/product-stamping-orders/finish/:id?': ['product_stamping_orders'],
  '/assembly/flows/:flow_id/flow-actions': ['flows', `module = 'assembly'`],
  '/assembly/reel/:id?': ['stamp_reels', `module = 'assembly'`],
  '/purchase/:id?': ['purchase_orders'],
  '/purchase/:id/print': ['purchase_orders'],
  '/purchase/:purchase_id/invoice': ['purchase_orders', `status <> 'draft'`],
  '/invoice/:invoice_id': ['purchase_invoices'],
  '/supplier/:id?': ['suppliers'],
  '/supplier/:id/view': ['suppliers'],
  '/sale/:id?': ['sales_orders'],
  '/sale/:id/packing-slip': ['sales_orders', `shipping_status <> 'not_shipped'`],
  '/discount/:id?': ['discounts'],
  '/rd/project/:id?': ['rd_projects'],
  '/rd/sample/develop/:id': ['rd_samples'],
  '/rd/sample/specifications/:id': ['rd_samples'],
  '/projects/tasks/:project_id': ['pm_projects'],
  '/projects/tasks/items/:task_id': ['pm_tasks'],
  '/task_items/record/:task_item_id': ['pm_task_items'],
  '/lab/receiving/:id': ['lab_receivings'],
  '/lab/receiving-container/:id?': ['receiving_containers'],
  '/forecast/forecast-periods/:id?': ['forecast_periods'],
  '/forecast/forecast-allocations/:period_id?': ['forecast_periods'],
  '/forecast/forecast-production-plans/:period_id?': ['forecast_periods'],
};

/** Every parametrised pattern of the route map, in declaration order. */
function recordPatterns(): string[] {
  return flattenRoutes(ROUTE_MAP)
    .map(({ route }) => route)
    .filter((route) => isPage(route) && !route.redirect && hasParams(route.path))
    .map((route) => route.path);
}

/** Roughly how long one screen takes (a load, its lists, axe) on a busy two-core machine. */
const PER_SCREEN = 8_000;

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/**
 * The serious and critical violations on the page as it stands, one line each: of the whole
 * document, or of the element `scope` selects and what it holds.
 */
async function violations(page: Page, label: string, scope?: string): Promise<string[]> {
  // Once per document: a screen opened inside the app keeps the axe of the one before.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async ([rules, selector]) => {
      // axe is the script evaluated just above.
      const { axe } = window as unknown as {
        axe: { run(context: Node, options: object): Promise<{ violations: Violation[] }> };
      };
      const context = selector ? document.querySelector(selector) : document;
      if (!context) throw new Error(`nothing on the page matches ${selector}`);
      return (await axe.run(context, { runOnly: rules })).violations;
    },
    [RULES, scope] as const,
  );
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens `path` and waits until its view is drawn and its lists have loaded. */
async function open(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await viewDrawn(page, path);
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

  /** The id of the first demo row of `table` where `where` holds. */
  async function firstId(table: string, where = 'true'): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      suite.server.server.database.db,
      sql`select id::int as id from ${sql.raw(table)} where ${sql.raw(where)} order by id limit 1`,
    );
    if (!row) throw new Error(`the demo has no ${table} where ${where}`);
    return row.id;
  }

  /** The URL that opens `pattern` on its demo record. */
  async function recordPath(pattern: string): Promise<string> {
    const [table, where] = RECORDS[pattern] ?? [];
    if (!table) throw new Error(`no demo record is named for ${pattern}`);
    const id = await firstId(table, where);
    return pattern.replace(/:\w+\??/, String(id));
  }

  describe('every screen of the route map, as admin at 1400 × 900', () => {
    const areas = staticScreens();
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
        viewport: { width: 1400, height: 900 },
      }));
    }, 60_000);
    afterAll(() => context?.close());

    /**
     * Opens each path in turn and lists what axe finds on all of them: the whole document on
     * the first (the shell with this area's menu open), then each page's own view. The shell
     * around the views is the same code on every page; checking its thousand-odd nodes again
     * on each of 190 pages made this suite a sixth slower (337 s against 288 s) and could find
     * nothing the first page of each area does not.
     */
    async function sweep(paths: readonly string[]): Promise<string[]> {
      const found: string[] = [];
      for (const [index, path] of paths.entries()) {
        await openInApp(page, path, () => viewDrawn(page, path)).catch((error: unknown) => {
          throw new Error(`${path} did not open`, { cause: error });
        });
        const view = `[data-view-path="${path.split('?')[0]}"]`;
        found.push(...(await violations(page, path, index === 0 ? undefined : view)));
      }
      return found;
    }

    it('covers every page the route map has', () => {
      const count = [...areas.values()].reduce((sum, paths) => sum + paths.length, 0);
      expect(count).toBeGreaterThan(150);
      expect(Object.keys(RECORDS).sort()).toEqual(recordPatterns().sort());
    });

    for (const [area, paths] of areas) {
      it(
        `finds nothing serious on the ${paths.length} pages of ${area}`,
        async () => {
          expect(await sweep(paths)).toEqual([]);
        },
        paths.length * PER_SCREEN + 30_000,
      );
    }

    it(
      'finds nothing serious on one record of each parametrised page',
      async () => {
        const paths: string[] = [];
        for (const pattern of recordPatterns()) paths.push(await recordPath(pattern));
        expect(await sweep(paths)).toEqual([]);
      },
      Object.keys(RECORDS).length * PER_SCREEN + 30_000,
    );
  });

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

  it('finds nothing serious on a form that shows what is wrong with it', async () => {
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 1400, height: 900 },
    });
    const form = '/general/customer';
    await open(page, suite.server.url, form);
    const view = page.locator(`[data-view-path="${form}"]`);
    await view.getByRole('button', { name: 'Save', exact: true }).click();
    // A required field left empty says so under itself, in the error colour.
    await view.locator('.mantine-InputWrapper-error').first().waitFor();
    expect(await violations(page, `${form} (its errors shown)`)).toEqual([]);
    await context.close();
  });

  it('finds nothing serious at a phone’s width (390 px)', async () => {
    const sale = await recordPath('/sale/:id?');
    const { context, page } = await openSignedIn(suite, 'admin', '/dashboard', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const found: string[] = [];
    // The dashboard, an inbox, a list, a new record's form and an open record.
    for (const path of [
      '/dashboard',
      '/approvals',
      '/training/trainings',
      '/general/customer',
      sale,
    ]) {
      await open(page, suite.server.url, path);
      found.push(...(await violations(page, `${path} (phone)`)));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
