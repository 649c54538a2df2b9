import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { canVisit } from '../../domain/route-visibility.ts';
import { useSession } from './use-session.ts';

/**
 * Spec §2 route visibility applied to navigation: a page the user's roles or modules do not
 * open goes to /401. The server refuses its API calls anyway; this only spares a dead screen.
 */
export function RequireRouteAccess() {
  const { pathname } = useLocation();
  const { user } = useSession();
  if (!user) return null;
  return canVisit(pathname, user) ? <Outlet /> : <Navigate to="/401" replace />;
}
