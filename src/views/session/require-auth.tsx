import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorText } from '../../api/error-text.ts';
import { setDisplayTimeZone } from '../../domain/formats/display-zone.ts';
import { notify } from '../common/notify.tsx';
import { useLoadingWhile } from '../common/loading/use-loading.ts';
import { loginPath } from './login-redirect.ts';
import { useSession } from './use-session.ts';

/**
 * Route guard of docs/product.md §2. A stored token without a user makes the session machine fetch
 * /me while the loading overlay is on; success renders the page asked for, failure shows the
 * error (or "Has Error") and goes to /login?redirect={path}. No token: straight to login.
 */
export function RequireAuth() {
  const { pathname, search } = useLocation();
  const { status, error, signedOut, user } = useSession();
  const pending = status === 'loading' || status === 'loggingIn';
  useLoadingWhile(pending);

  useEffect(() => {
    if (status !== 'failed') return;
    notify.error(errorText(error));
  }, [status, error]);
  // Signed out (or the app gone), moments go back to the computer's zone.
  useEffect(() => () => setDisplayTimeZone(null), []);

  if (status === 'ready') {
    // Set while rendering, before the pages under it format a time: the signed-in user's zone.
    setDisplayTimeZone(user?.timezone);
    return <Outlet />;
  }
  if (pending) return null;
  return <Navigate to={signedOut ? '/login' : loginPath(pathname, search)} replace />;
}
