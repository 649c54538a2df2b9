import { useMemo } from 'react';
import { ROUTE_MAP } from '../../domain/route-map/route-map.ts';
import type { RouteMeta } from '../../domain/route-map/route-meta.ts';
import { accessibleRoutes, menuOf } from '../../domain/route-visibility.ts';
import { useUser } from '../session/use-session.ts';

/**
 * The routes the signed-in user may open (docs/product.md §2), rebuilt only when their roles or
 * modules change; a new user (logout, login) is a new object, so this is the "reset routes" too.
 */
export function useAccessibleRoutes(): readonly RouteMeta[] {
  const { roles, modules } = useUser();
  return useMemo(() => accessibleRoutes(ROUTE_MAP, { roles, modules }), [roles, modules]);
}

/** The sidebar's entries: accessible routes without the hidden ones. */
export function useMenu(): readonly RouteMeta[] {
  const accessible = useAccessibleRoutes();
  return useMemo(() => menuOf(accessible), [accessible]);
}
