import { useMatches } from 'react-router-dom';
import type { RouteMeta } from '../../domain/route-map/route-meta.ts';
import type { RouteHandle } from '../common/page-title.tsx';

/**
 * What every route object built from the route map carries in `handle`: the title for the
 * page title, the record itself, and its groups for the breadcrumb.
 */
export interface RouteMetaHandle extends RouteHandle {
  readonly title: string;
  readonly meta: RouteMeta;
  /** Groups above the record, outermost first. */
  readonly parents: readonly RouteMeta[];
}

/** The route-map handle of a match, or undefined for routes outside the map (login, 404). */
export function routeMetaHandleOf(handle: unknown): RouteMetaHandle | undefined {
  if (typeof handle !== 'object' || handle === null || !('meta' in handle)) return undefined;
  return handle as RouteMetaHandle;
}

/** The route-map handle of the page being shown, or undefined outside the map. */
export function useRouteMetaHandle(): RouteMetaHandle | undefined {
  return useMatches()
    .map((m) => routeMetaHandleOf(m.handle))
    .findLast((h) => h !== undefined);
}
