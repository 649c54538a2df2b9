import { matchPath, type PathParams } from './route-path.ts';
import type { RouteMeta } from './route-meta.ts';

/** A record with the groups above it, outermost first (for titles and breadcrumbs). */
export interface RouteEntry {
  readonly route: RouteMeta;
  readonly parents: readonly RouteMeta[];
}

export interface RouteHit extends RouteEntry {
  readonly params: PathParams;
}

/** Every record, depth first, in declaration order. */
export function flattenRoutes(
  routes: readonly RouteMeta[],
  parents: readonly RouteMeta[] = [],
): RouteEntry[] {
  return routes.flatMap((route) => [
    { route, parents },
    ...flattenRoutes(route.children ?? [], [...parents, route]),
  ]);
}

/** A record a URL can open: a leaf, or a group that redirects. Other groups are menu only. */
export function isPage(route: RouteMeta): boolean {
  return !route.children || route.redirect !== undefined;
}

/**
 * The record react-router would render for `pathname`: the best-ranked page, and on a tie
 * the one declared first (which is why a list precedes its optional-id form).
 */
export function routeAt(pathname: string, routes: readonly RouteMeta[]): RouteHit | undefined {
  let best: (RouteHit & { score: number }) | undefined;
  for (const entry of flattenRoutes(routes)) {
    if (!isPage(entry.route)) continue;
    const match = matchPath(entry.route.path, pathname);
    if (match && (!best || match.score > best.score)) best = { ...entry, ...match };
  }
  if (!best) return undefined;
  const { score: _score, ...hit } = best;
  return hit;
}
