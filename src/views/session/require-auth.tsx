import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorText } from '../../api/error-text.ts';
import { LoadingOverlay } from '../common/loading-overlay.tsx';
import { loginPath } from './login-redirect.ts';
import { useCurrentUser } from './use-current-user.ts';
import { useSession } from './use-session.ts';

/** Lets only signed-in users with a loaded profile through; others go to /login?redirect=…. */
export function RequireAuth() {
  const { pathname, search } = useLocation();
  const { status, error } = useCurrentUser();
  const { signedOut } = useSession();

  useEffect(() => {
    if (status === 'failed') {
      notifications.show({ color: 'red', title: 'Error', message: errorText(error) });
    }
  }, [status, error]);

  if (status === 'ready') return <Outlet />;
  if (status === 'loading') return <LoadingOverlay />;
  return <Navigate to={signedOut ? '/login' : loginPath(pathname, search)} replace />;
}
