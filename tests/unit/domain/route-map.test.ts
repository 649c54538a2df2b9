import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE, isArea } from '../../../src/domain/access.ts';
import { isModule } from '../../../src/domain/module-labels.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROUTE_ICON_NAMES } from '../../../src/domain/route-map/route-icons.ts';
import { MODULE_ROUTES, ROUTE_MAP } from '../../../src/domain/route-map/route-map.ts';
import { flattenRoutes, isPage, routeAt } from '../../../src/domain/route-map/route-tree.ts';

// Every path of docs/product.md §2, written out from the spec: `{id?}` → `:id?`, under the base
// path chosen for each module. Two spec paths are renamed because another route would shadow them
// for every id: `/stock-count/{id}` → `…/:id/sheet` and the read-only `/supplier/{id}` →
// `/supplier/:id/view`.
const SPEC_PATHS: Record<string, readonly string[]> = {
  core: ['/', '/dashboard', '/profile', '/profile/index'],
  general: [
    'users',
    'roles',
    'parameter_types',
    'parameters',
    'countries',
    'provinces',
    'locations',
    'currencies',
    'customers',
    'customer/:id?',
    'tags',
    'tax_setups',
    'tax_setup/:id?',
    'settings',
    'chart-of-accounts',
    'accounting-mapping',
    'reports/chart-of-accounts-list',
  ].map((p) => `/general/${p}`),
  inventory: [
    'products',
    'products_changes',
    'products_change_logs',
    'change_summary',
    'change_summary/:id',
    'products/:id?',
    'product_changes/:id',
    'product/fetch',
    'product-bins',
    'products_family',
    'product-families/:id?',
    'receivings',
    'receiving/:id?',
    'allocation',
    'allocation/:id?',
    'stock-on-hand',
    'stock-count',
    'stock-count/:id/sheet',
    'stock-count/:id?',
    'stock-adjustments',
    'stock-adjustment/:id?',
    'transfers',
    'transfer/:id?',
    'brands',
    'flavors',
    'categories',
    'stock_locator',
    'measures',
    'price-tiers',
    'price-tier/:id?',
    'bins',
    'inventory-import',
    'products-diff',
    'products-list',
    'inventory-movements-details',
    'inventory-aging',
    'inventory-products-low-stock',
    'products-availability',
    'products-changes',
  ].map((p) => `/inventory/${p}`),
  production: [
    'flows',
    'flows/:flow_id/flow-actions',
    'operations',
    'phases',
    'machines',
    'stamping-machines',
    'reels',
    'reel/:id?',
    'carts',
    'skids',
    'hplc-categories',
    'recipes',
    'import',
    'recipe/fetch',
    'settings',
    'warehouse-products-locations',
    'warehouse-product-locations/:product_id?',
    'warehouse-product-locations-logs/:product_id',
    'issue-sections',
    'issue-details',
    'work-orders',
    'production-dashboard',
    'transfer',
    'shipping',
    'machines-dashboard',
    'production-orders',
    'transfer_qr_code_generation',
    'daily-orders',
    'pending-orders',
    'pending-reel-approvals',
    'production_orders_corrections',
    'recoveries',
    'hplc-results',
    'hplc-requests',
    'hplc-orders',
    'product-stamping-orders',
    'product-stamping-orders/form',
    'product-stamping-orders/start/:id?',
    'product-stamping-orders/finish/:id?',
    'product-stamping-order-corrections',
    'label-check-logs',
    'production-orders-corrections-logs',
    'master-production-report',
    ...[
      'batching-order-picking-report',
      'batching-summary',
      'batching-logs',
      'batching-kpi',
      'production-summary',
      'production-logs',
      'production-volume-variance',
      'stamping-logs',
      'stamping-wasted-bottles',
      'stamps-inventory',
      'reel-adjustment-log',
      'transfer-report',
      'transfer-logs',
      'pails-transfer-logs',
      'daily-orders-report',
      'daily-orders-list',
      'hplc-report',
      'recipes',
    ].map((p) => `reports/${p}`),
  ].map((p) => `/production/${p}`),
  assembly: [
    'flows',
    'flows/:flow_id/flow-actions',
    'operations',
    'phases',
    'machines',
    'reels',
    'reel/:id?',
    'skids',
    'settings',
    'assembly-orders',
    'assembly-dashboard',
    'shipping-dashboard',
    'reports/stamping',
    'reports/reels-summary',
    'reports/damaged-stamps',
  ].map((p) => `/assembly/${p}`),
  purchase: [
    '/purchases',
    '/purchase/:id?',
    '/invoices',
    '/purchase/:purchase_id/invoice',
    '/invoice/:invoice_id',
    '/suppliers',
    '/supplier/:id/view',
    '/supplier/:id?',
    '/purchases/import',
  ],
  sales: ['/sales', '/sale/:id?', '/sales-import-logs', '/discounts', '/discount/:id?'],
  rd: [
    '/rd/projects',
    '/rd/project/:id?',
    '/rd/samples',
    '/rd/sample/develop/:id',
    '/rd/sample/specifications/:id',
  ],
  training: [
    'training-documents',
    'training-projects',
    'trainings',
    'training-logs',
    'categories',
    'training-settings',
  ].map((p) => `/training/${p}`),
  projects: [
    '/list-projects',
    '/projects/tasks/:project_id',
    '/projects/tasks/items/:task_id',
    '/task_items/record/:task_item_id',
    '/projects_report',
  ],
  lab: [
    'receiving',
    'receiving-containers',
    'receiving-container/:id?',
    'qr-code-generation',
    'flashpoint-classes',
    'receiving-items-list',
  ].map((p) => `/lab/${p}`),
  forecast: [
    'forecast-periods',
    'forecast-periods/:id?',
    'forecast-allocations/:period_id?',
    'forecast-allocation-plan',
    'forecast-production-plans/:period_id?',
    'forecast-production-plan',
    'forecast-production-qty-ranges',
    'sales-report',
    'stock-report',
  ].map((p) => `/forecast/${p}`),
  imports: ['/imports/index'],
};

const all = flattenRoutes(ROUTE_MAP);
const pages = all.filter((e) => isPage(e.route));
const pagePaths = new Set(pages.map((e) => e.route.path));

describe('the route map', () => {
  it.each(Object.entries(SPEC_PATHS))(
    'has every docs/product.md §2 path of %s',
    (_module, paths) => {
      expect(paths.filter((p) => !pagePaths.has(p))).toEqual([]);
    },
  );

  it('has unique names and unique paths', () => {
    const names = all.map((e) => e.route.name);
    const paths = all.map((e) => e.route.path);
    expect(names.length - new Set(names).size).toBe(0);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('gives every page a title, a known icon and an absolute path', () => {
    for (const { route } of all) {
      expect(route.title.trim(), route.name).not.toBe('');
      expect(ROUTE_ICON_NAMES, route.name).toContain(route.icon);
      expect(route.path, route.name).toMatch(/^\/([\w-]+|:\w+\??)?(\/([\w-]+|:\w+\??))*$/);
    }
  });

  it('names only areas of the access table and derives roles from them', () => {
    for (const { route } of all) {
      for (const area of [route.area, ...(route.sharedWith ?? [])].filter((a) => a !== undefined)) {
        expect(isArea(area), `${route.name}: ${area}`).toBe(true);
      }
      if (route.area) expect(route.roles[0], route.name).toBe('admin');
      else expect(route.roles, route.name).toEqual([]);
    }
  });

  it('leaves no area of a module section unused', () => {
    const used = new Set(all.flatMap(({ route }) => [route.area, ...(route.sharedWith ?? [])]));
    // These rows govern actions inside pages (dashboard changes, order admin, close and hold,
    // scanning a label, writing recipe or daily order drafts, drafting a reel request from the
    // stamp cover), not pages of their own.
    const actionsOnly = [
      'production_dashboard_change',
      'production_order_admin',
      'production_page',
      'production_label_check',
      'production_recipes_edit',
      'production_daily_orders_edit',
      'production_stamp_cover_draft',
    ];
    const unused = Object.keys(ACCESS_TABLE).filter((a) => !used.has(a as never));
    expect(unused.sort()).toEqual(actionsOnly.sort());
  });

  it('puts a module on every module record, and each spec module has a top record', () => {
    for (const top of MODULE_ROUTES) {
      for (const { route } of flattenRoutes([top])) expect(route.module, route.name).toBeDefined();
    }
    const modules = new Set(all.map((e) => e.route.module).filter((m) => m !== undefined));
    expect([...modules].every(isModule)).toBe(true);
    expect([...modules].sort()).toEqual([...MODULES].sort());
  });

  it('keeps a child within the roles of a group that has any', () => {
    for (const { route, parents } of all) {
      for (const parent of parents.filter((p) => p.roles.length > 0)) {
        const outside = route.roles.filter((r) => !parent.roles.includes(r));
        expect(outside, `${route.name} under ${parent.name}`).toEqual([]);
      }
    }
  });

  it('pins the dashboard and redirects / and /profile', () => {
    const byName = new Map(all.map((e) => [e.route.name, e.route]));
    expect(byName.get('dashboard')).toMatchObject({ path: '/dashboard', affix: true });
    expect(byName.get('root')).toMatchObject({ path: '/', redirect: '/dashboard', hidden: true });
    expect(byName.get('profile')).toMatchObject({ path: '/profile', redirect: '/profile/index' });
    expect(all.filter((e) => e.route.affix).map((e) => e.route.name)).toEqual(['dashboard']);
  });

  it('hides every page that needs a param', () => {
    const needsParam = pages.filter(({ route }) => /:\w+(\/|$)/.test(route.path));
    expect(needsParam.filter(({ route }) => !route.hidden).map((e) => e.route.path)).toEqual([]);
  });

  it('assigns the areas docs/product.md §6 names for production pages', () => {
    const areaOf = (path: string) => routeAt(path, ROUTE_MAP)?.route.area;
    expect(areaOf('/production/production-dashboard')).toBe('production_dashboard');
    expect(areaOf('/production/transfer')).toBe('production_transfer');
    expect(areaOf('/production/production-orders')).toBe('production_orders');
    expect(areaOf('/production/pending-orders')).toBe('production_pending');
    expect(areaOf('/production/pending-reel-approvals')).toBe('production_pending_reel');
    expect(areaOf('/production/hplc-results')).toBe('production_hplc');
    expect(areaOf('/production/product-stamping-orders/start/4')).toBe(
      'production_stamping_orders',
    );
    expect(areaOf('/production/reels')).toBe('production_reels');
    expect(areaOf('/production/reports/batching-summary')).toBe('production_reports');
    expect(areaOf('/production/reports/batching-order-picking-report')).toBe(
      'production_picking_report',
    );
    expect(areaOf('/production/product-stamping-order-corrections')).toBe(
      'production_stamping_corrections',
    );
    expect(areaOf('/production/production_orders_corrections')).toBe(
      'production_order_corrections',
    );
    expect(areaOf('/production/flows')).toBe('production_main');
    expect(areaOf('/production/recipes')).toBe('production_recipes');
    expect(areaOf('/production/import')).toBe('production_admin');
    expect(areaOf('/inventory/products_changes')).toBe('inventory_changes');
    expect(areaOf('/lab/flashpoint-classes')).toBe('lab_receiving_containers');
    expect(areaOf('/lab/receiving')).toBe('receiving');
    expect(areaOf('/imports/index')).toBe('imports');
  });
});

describe('routeAt', () => {
  it('opens the list at a bare path its optional-id form shares', () => {
    expect(routeAt('/inventory/products', ROUTE_MAP)?.route.name).toBe('inventory.products');
    expect(routeAt('/inventory/products/12', ROUTE_MAP)).toMatchObject({
      route: { name: 'inventory.product' },
      params: { id: '12' },
    });
    expect(routeAt('/forecast/forecast-periods', ROUTE_MAP)?.route.name).toBe('forecast.periods');
  });

  it('prefers a static segment over a param', () => {
    expect(routeAt('/purchase/7/invoice', ROUTE_MAP)?.route.name).toBe(
      'purchase.invoice-from-purchase',
    );
    expect(routeAt('/supplier/7/view', ROUTE_MAP)?.route.name).toBe('purchase.supplier-view');
    expect(routeAt('/supplier/7', ROUTE_MAP)?.route.name).toBe('purchase.supplier');
  });

  it('ignores case, trailing slashes and the query, and misses unknown paths', () => {
    expect(routeAt('/General/Users/?page=2', ROUTE_MAP)?.route.name).toBe('general.users');
    expect(routeAt('/invoice/9/', ROUTE_MAP)?.params).toEqual({ invoice_id: '9' });
    expect(routeAt('/production/reports', ROUTE_MAP)).toBeUndefined();
    expect(routeAt('/nowhere', ROUTE_MAP)).toBeUndefined();
  });
});
