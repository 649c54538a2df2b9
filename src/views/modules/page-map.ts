import type { ComponentType } from 'react';
import type { RouteMeta } from '../../domain/route-map/route-meta.ts';
import { flattenRoutes, isPage } from '../../domain/route-map/route-tree.ts';
import { NotBuiltPage } from './not-built-page.tsx';

/** A module's screens keyed by route name; the router picks one per matched record. */
export type PageMap = Readonly<Record<string, ComponentType>>;

/**
 * A NotBuiltPage for every page of the given records that renders something (redirects do
 * not). A module's pages file spreads this and overrides the screens it has built.
 */
export function notBuiltPages(routes: readonly RouteMeta[]): PageMap {
  const names = flattenRoutes(routes)
    .filter(({ route }) => isPage(route) && !route.redirect)
    .map(({ route }) => route.name);
  return Object.fromEntries(names.map((name) => [name, NotBuiltPage]));
}
