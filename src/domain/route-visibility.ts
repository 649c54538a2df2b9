import { ROUTE_MAP } from './route-map/route-map.ts';
import type { RouteMeta } from './route-map/route-meta.ts';
import { flattenRoutes, routeAt } from './route-map/route-tree.ts';

// Spec §2 "Route visibility" as pure functions over the route map. This decides what the
// menu, the search and the route guard offer; the server checks the same access table on
// every call, so hiding is never the security.

/** The part of the signed-in user the filter needs (from /me). */
export interface RouteViewer {
  readonly roles: readonly string[];
  readonly modules: readonly string[];
}

/** Whether the record itself passes, ignoring its children. */
export function isRouteVisible(route: RouteMeta, viewer: RouteViewer): boolean {
  if (route.module && !viewer.modules.includes(route.module)) return false;
  // Admin bypasses role filtering, but not the module switch above.
  if (viewer.roles.includes('admin')) return true;
  if (route.roles.length === 0) return true;
  return route.roles.some((role) => viewer.roles.includes(role));
}

/**
 * The routes the viewer may open, children filtered recursively. A group left without a
 * visible child disappears, so the menu never shows an empty section.
 */
export function accessibleRoutes(routes: readonly RouteMeta[], viewer: RouteViewer): RouteMeta[] {
  return routes.flatMap((route) => {
    if (!isRouteVisible(route, viewer)) return [];
    if (!route.children) return [route];
    const children = accessibleRoutes(route.children, viewer);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}

/** Menu entries from already accessible routes: hidden records (and their subtrees) dropped. */
export function menuOf(accessible: readonly RouteMeta[]): RouteMeta[] {
  return accessible.flatMap((route) => {
    if (route.hidden) return [];
    if (!route.children) return [route];
    const children = menuOf(route.children);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}

/**
 * For the route guard: whether the viewer may open `pathname` (params matched). The record
 * is the one the router would render from the whole map, and it must survive the filter with
 * all its groups. False for a path that is no page at all; use `routeAt` to tell 404 from 401.
 */
export function canVisit(
  pathname: string,
  viewer: RouteViewer,
  routes: readonly RouteMeta[] = ROUTE_MAP,
): boolean {
  const target = routeAt(pathname, routes);
  if (!target) return false;
  return flattenRoutes(accessibleRoutes(routes, viewer)).some(
    ({ route }) => route.name === target.route.name,
  );
}
