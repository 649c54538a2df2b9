import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { ROUTE_SEARCH } from '../../../src/domain/constants.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROUTE_MAP } from '../../../src/domain/route-map/route-map.ts';
import {
  ROUTE_SEARCH_OPTIONS,
  routeSearchEntries,
  routeSearchPattern,
  type RouteSearchEntry,
} from '../../../src/domain/route-search.ts';
import { accessibleRoutes } from '../../../src/domain/route-visibility.ts';

const adminEntries = routeSearchEntries(
  accessibleRoutes(ROUTE_MAP, { roles: ['admin'], modules: [...MODULES] }),
);

function search(entries: RouteSearchEntry[], query: string): string[] {
  const fuse = new Fuse(entries, { ...ROUTE_SEARCH_OPTIONS, keys: [...ROUTE_SEARCH_OPTIONS.keys] });
  return fuse.search(routeSearchPattern(query)).map((r) => r.item.title);
}

describe('routeSearchEntries', () => {
  it('titles each page with its groups', () => {
    expect(adminEntries).toContainEqual({
      title: 'Production > Reports > Batching Summary',
      path: '/production/reports/batching-summary',
      name: 'production.batching-summary',
    });
    expect(adminEntries).toContainEqual({
      title: 'Dashboard',
      path: '/dashboard',
      name: 'dashboard',
    });
    expect(adminEntries).toContainEqual({
      title: 'Imports',
      path: '/imports/index',
      name: 'imports',
    });
  });

  it('leaves out hidden forms, redirects and groups, and links optional-param pages bare', () => {
    const paths = adminEntries.map((e) => e.path);
    expect(paths).not.toContain('/general/customer');
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('/profile/index');
    expect(paths).not.toContain('/production/reports');
    expect(paths.filter((p) => p.includes(':'))).toEqual([]);
    expect(paths).toContain('/forecast/forecast-allocations');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('offers only what the user may open', () => {
    const entries = routeSearchEntries(
      accessibleRoutes(ROUTE_MAP, { roles: ['production_reports'], modules: ['production'] }),
    );
    expect(entries.map((e) => e.title)).toContain('Production > Reports > Batching Summary');
    expect(
      entries.every((e) => e.title.startsWith('Production > Reports') || e.title === 'Dashboard'),
    ).toBe(true);
  });
});

describe('the fuzzy search', () => {
  it('uses the docs/product.md §9 numbers', () => {
    expect(ROUTE_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(ROUTE_SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
    expect(ROUTE_SEARCH.maxPatternLength).toBe(32);
  });

  it('forgives abbreviations and typos', () => {
    expect(search(adminEntries, 'btch sumry')[0]).toBe('Production > Reports > Batching Summary');
    expect(search(adminEntries, 'usrs')[0]).toBe('Administration > Users');
    expect(search(adminEntries, 'hplc rep')[0]).toBe('Production > Reports > HPLC Report');
  });

  it('finds pages by a group title and by path', () => {
    expect(search(adminEntries, 'accounting')).toContain(
      'Administration > Accounting > Chart of Accounts',
    );
    expect(search(adminEntries, '/imports/index')[0]).toBe('Imports');
  });

  it('finds nothing for nonsense', () => {
    expect(search(adminEntries, 'zqxjv')).toEqual([]);
  });
});

describe('routeSearchPattern', () => {
  it('trims and cuts the pattern at 32 characters', () => {
    expect(routeSearchPattern('  stock  ')).toBe('stock');
    const long = 'production volume variance report for last month';
    expect(routeSearchPattern(long)).toBe(long.slice(0, 32));
    expect(routeSearchPattern(long)).toHaveLength(32);
  });

  it('still finds the page when a long query starts with its name', () => {
    const hits = search(adminEntries, 'production volume variance and everything else');
    expect(hits[0]).toBe('Production > Reports > Production Volume Variance');
  });
});
