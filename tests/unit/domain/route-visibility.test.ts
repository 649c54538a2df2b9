import { describe, expect, it } from 'vitest';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROUTE_MAP } from '../../../src/domain/route-map/route-map.ts';
import type { RouteMeta } from '../../../src/domain/route-map/route-meta.ts';
import { flattenRoutes, isPage } from '../../../src/domain/route-map/route-tree.ts';
import {
  accessibleRoutes,
  canVisit,
  menuOf,
  type RouteViewer,
} from '../../../src/domain/route-visibility.ts';

const ALL_MODULES = [...MODULES];
const viewer = (roles: string[], modules: string[] = ALL_MODULES): RouteViewer => ({
  roles,
  modules,
});

const namesOf = (routes: readonly RouteMeta[]) => flattenRoutes(routes).map((e) => e.route.name);
const pagesOf = (routes: readonly RouteMeta[]) =>
  flattenRoutes(routes)
    .filter((e) => isPage(e.route))
    .map((e) => e.route.name);
const visibleTo = (v: RouteViewer) => new Set(namesOf(accessibleRoutes(ROUTE_MAP, v)));

describe('accessibleRoutes', () => {
  it('gives admin every route of the enabled modules', () => {
    expect(namesOf(accessibleRoutes(ROUTE_MAP, viewer(['admin'])))).toEqual(namesOf(ROUTE_MAP));
  });

  it('drops the routes of a module that is not enabled, even for admin', () => {
    const names = visibleTo(viewer(['admin'], ['general', 'inventory']));
    expect(names).toContain('general.users');
    expect(names).toContain('inventory.products');
    expect(names).toContain('dashboard');
    expect(names).not.toContain('production');
    expect(names).not.toContain('production.dashboard');
    expect(names).not.toContain('imports');
  });

  it('needs both Production and the sub-module for distribution centers and maintenance', () => {
    const names = visibleTo(viewer(['admin'], ['production']));
    expect(names).toContain('production.flows');
    expect(names).not.toContain('production.distribution-centers');
    expect(names).not.toContain('production.work-orders');
    const without = visibleTo(viewer(['admin'], ['machine_maintenance']));
    expect(without).not.toContain('production.work-orders');
  });

  it('shows a batcher the floor pages, recipes and the picking report, not admin pages', () => {
    const names = visibleTo(viewer(['batcher']));
    for (const name of [
      'production.dashboard',
      'production.transfer-dashboard',
      'production.production-orders',
      'production.recipes',
      'production.batching-picking',
    ]) {
      expect(names, name).toContain(name);
    }
    for (const name of [
      'production.flows',
      'production.settings',
      'production.batching-summary',
      'production.hplc-results',
      'production.pending-orders',
      'general',
      'inventory',
      'rd.projects-report',
      'imports',
    ]) {
      expect(names, name).not.toContain(name);
    }
    // batcher is in "R&D overall" but in no R&D page's row, so the R&D group is empty.
    expect(names).not.toContain('rd');
  });

  it('shows planning the pending orders and the reports, not pending reels', () => {
    const names = visibleTo(viewer(['planning']));
    expect(names).toContain('production.pending-orders');
    expect(names).toContain('production.daily-orders');
    expect(names).toContain('production.batching-summary');
    expect(names).toContain('production.master-report');
    expect(names).not.toContain('production.pending-reel-approvals');
    expect(names).not.toContain('production.batching-picking');
    expect(names).not.toContain('forecast');
  });

  it('shows a QA manager HPLC, recipes, reports, R&D reports and training documents', () => {
    const names = visibleTo(viewer(['qa_manager']));
    for (const name of [
      'production.hplc-requests',
      'production.hplc-results',
      'production.hplc-orders',
      'production.recipes',
      'production.hplc-report',
      'rd.samples-report',
      'training.documents',
      'training.projects',
      'training.trainings',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(names).not.toContain('training.settings');
    expect(names).not.toContain('production.stamping-orders');
  });

  it('shows the read-only report role the production reports and nothing else of Production', () => {
    const production = accessibleRoutes(ROUTE_MAP, viewer(['production_reports'])).find(
      (r) => r.name === 'production',
    );
    expect(production?.children?.map((c) => c.name)).toEqual(['production.reports']);
    const reports = pagesOf(production?.children ?? []);
    expect(reports).toContain('production.batching-summary');
    expect(reports).toContain('production.label-check-logs');
    // The picking list is not a management report, so the export role does not get it.
    expect(reports).not.toContain('production.batching-picking');
  });

  it('shows the inventory role its section without the approvers’ pages', () => {
    const names = visibleTo(viewer(['inventory']));
    expect(names).toContain('inventory.products');
    expect(names).toContain('inventory.product');
    expect(names).toContain('inventory.aging');
    expect(names).not.toContain('inventory.product-changes');
    expect(names).not.toContain('inventory.products-changes-report');
    expect(names).not.toContain('production');
    const approver = viewer(['product_approval_admin'], ['inventory']);
    expect(pagesOf(accessibleRoutes(ROUTE_MAP, approver))).toEqual([
      'root',
      'dashboard',
      // The approval inbox, where their product changes wait too.
      'approvals',
      'profile',
      'profile.index',
      'inventory.product-changes',
      'inventory.product-change',
      'inventory.product-change-logs',
      'inventory.change-summary',
      'inventory.change-summary-detail',
      'inventory.products-changes-report',
    ]);
    expect(visibleTo(approver)).toContain('inventory.products-group');
  });

  it('drops every production route for a user without the Production module', () => {
    const names = [...visibleTo(viewer(['batcher', 'planning'], ['rd', 'training']))];
    expect(names.filter((n) => n.startsWith('production'))).toEqual([]);
  });

  it('filters children recursively and drops a group left empty', () => {
    const accessible = accessibleRoutes(ROUTE_MAP, viewer(['stamper']));
    const production = accessible.find((r) => r.name === 'production');
    expect(production?.children?.map((c) => c.name)).toEqual([
      // Any production role may report a machine fault (a work order request).
      'production.maintenance',
      'production.dashboards',
      'production.orders',
      // A Label check role: its own label check logs, where it records checks too.
      'production.reports',
    ]);
    const reports = production?.children?.find((c) => c.name === 'production.reports');
    expect(reports?.children?.map((c) => c.name)).toEqual(['production.label-check-logs']);
    const orders = production?.children?.find((c) => c.name === 'production.orders');
    expect(orders?.children?.map((c) => c.name)).toEqual([
      'production.production-orders',
      'production.production-order',
      'production.stamping-orders',
      'production.stamping-order-form',
      'production.stamping-order-start',
      'production.stamping-order-finish',
    ]);
  });

  it('shows routes without roles to everyone with the module', () => {
    const names = visibleTo(viewer(['sealer'], ['training']));
    expect(names).toContain('dashboard');
    expect(names).toContain('profile.index');
    expect(names).toContain('training.trainings');
    expect(names).not.toContain('training.documents');
    expect(visibleTo(viewer(['sealer'], []))).not.toContain('training.trainings');
  });

  it('does not change the route map it filters', () => {
    const before = JSON.stringify(ROUTE_MAP);
    accessibleRoutes(ROUTE_MAP, viewer(['stamper']));
    expect(JSON.stringify(ROUTE_MAP)).toBe(before);
  });
});

describe('menuOf', () => {
  it('drops hidden forms and redirects but keeps their lists', () => {
    const menu = namesOf(menuOf(accessibleRoutes(ROUTE_MAP, viewer(['admin']))));
    expect(menu).toContain('general.customers');
    expect(menu).not.toContain('general.customer');
    expect(menu).not.toContain('root');
    expect(menu).not.toContain('profile');
    expect(menu).not.toContain('profile.index');
    expect(menu).toContain('forecast.allocations');
    expect(flattenRoutes(menuOf(ROUTE_MAP)).every((e) => !e.route.hidden)).toBe(true);
  });

  it('drops a group whose visible children are all hidden', () => {
    const group: RouteMeta = {
      path: '/x',
      name: 'x',
      title: 'X',
      icon: 'IconBox',
      roles: [],
      children: [
        { path: '/x/:id', name: 'x.form', title: 'F', icon: 'IconBox', roles: [], hidden: true },
      ],
    };
    expect(menuOf([group])).toEqual([]);
  });
});

describe('canVisit', () => {
  it('lets a user open what their roles allow, params matched', () => {
    const batcher = viewer(['batcher']);
    expect(canVisit('/production/production-orders', batcher)).toBe(true);
    expect(canVisit('/production/flows', batcher)).toBe(false);
    expect(canVisit('/production/reports/batching-order-picking-report', batcher)).toBe(true);
    const stamper = viewer(['stamper']);
    expect(canVisit('/production/product-stamping-orders/start/12', stamper)).toBe(true);
    expect(canVisit('/production/product-stamping-orders/start', stamper)).toBe(true);
  });

  it('checks the record the router would open, not any record the path could match', () => {
    const inventory = viewer(['inventory']);
    expect(canVisit('/inventory/products/12', inventory)).toBe(true);
    expect(canVisit('/inventory/product_changes/12', inventory)).toBe(false);
    expect(canVisit('/inventory/product_changes/12', viewer(['product_approval_admin']))).toBe(
      true,
    );
  });

  it('opens core routes to every signed-in user and refuses unknown paths', () => {
    const anyone = viewer(['sealer'], []);
    expect(canVisit('/dashboard', anyone)).toBe(true);
    expect(canVisit('/', anyone)).toBe(true);
    expect(canVisit('/profile/index', anyone)).toBe(true);
    expect(canVisit('/nowhere', viewer(['admin']))).toBe(false);
    expect(canVisit('/production/reports', viewer(['admin']))).toBe(false);
  });

  it('refuses a module the user has not enabled, even to admin', () => {
    expect(canVisit('/imports/index', viewer(['admin'], ['general']))).toBe(false);
    expect(canVisit('/imports/index', viewer(['admin'], ['imports']))).toBe(true);
    expect(canVisit('/imports/index', viewer(['manager'], ['imports']))).toBe(false);
  });
});
