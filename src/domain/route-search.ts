import { ROUTE_SEARCH } from './constants.ts';
import type { RouteMeta } from './route-map/route-meta.ts';
import { staticPathOf } from './route-map/route-path.ts';

// The fuzzy route search of the top bar (docs/product.md §2 shell, §9 constants): the entries to
// index and the Fuse.js options. Fuse itself lives in the view; the domain only supplies data.

export interface RouteSearchEntry {
  /** The title with its groups: 'Production > Reports > Batching Summary'. */
  readonly title: string;
  /** The URL to open: the path without its optional params. */
  readonly path: string;
  /** The route record's name, for keys and icons. */
  readonly name: string;
}

const TITLE_SEPARATOR = ' > ';

function entriesOf(
  routes: readonly RouteMeta[],
  parentTitles: readonly string[],
): RouteSearchEntry[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    const titles = [...parentTitles, route.title];
    if (route.children) return entriesOf(route.children, titles);
    const path = staticPathOf(route.path);
    if (route.redirect !== undefined || path === undefined) return [];
    return [{ title: titles.join(TITLE_SEPARATOR), path, name: route.name }];
  });
}

/**
 * Search entries from already accessible routes: every visible page that opens without
 * params. Parent titles are part of the title, so 'reports' finds every report.
 */
export function routeSearchEntries(accessible: readonly RouteMeta[]): RouteSearchEntry[] {
  return entriesOf(accessible, []);
}

/** Structurally a Fuse.js `IFuseOptions<RouteSearchEntry>`, without importing Fuse here. */
export const ROUTE_SEARCH_OPTIONS = {
  threshold: ROUTE_SEARCH.threshold,
  keys: [
    { name: 'title', weight: ROUTE_SEARCH.titleWeight },
    { name: 'path', weight: ROUTE_SEARCH.pathWeight },
  ],
  // Titles carry their group names in front, so where a match starts says nothing about how
  // good it is; without this a typo in the page's own name falls past the threshold.
  ignoreLocation: true,
  // Each typed word is a fuzzy term of its own and all must match, in any order: people
  // abbreviate word by word ('btch sumry'), which one long pattern would not forgive.
  useExtendedSearch: true,
} as const;

/**
 * The pattern handed to Fuse: trimmed and cut to 32 characters, the bitap limit of
 * docs/product.md §9, so a pasted sentence still searches on its start instead of matching nothing.
 */
export function routeSearchPattern(query: string): string {
  return query.trim().slice(0, ROUTE_SEARCH.maxPatternLength);
}
