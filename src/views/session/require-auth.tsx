import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorText } from '../../api/error-text.ts';
import { notify } from '../common/notify.tsx';
import { useLoadingWhile } from '../common/loading/use-loading.ts';
import { loginPath } from './login-redirect.ts';
import { useSession } from './use-session.ts';

/**
 * Route guard of spec §2. A stored token without a user makes the session machine fetch
 * /me while the loading overlay is on; success renders the page asked for, failure shows the
 * error (or "Has Error") and goes to /login?redirect={path}. No token: straight to login.
 */
export function RequireAuth() {
  const { pathname, search } = useLocation();
  const { status, error, signedOut } = useSession();
  const pending = status === 'loading' || status === 'loggingIn';
  useLoadingWhile(pending);

  useEffect(() => {
    if (status !== 'failed') return;
    notify.error(errorText(error));
  }, [status, error]);

  if (status === 'ready') return <Outlet />;
  if (pending) return null;
  return <Navigate to={signedOut ? '/login' : loginPath(pathname, search)} replace />;
}
