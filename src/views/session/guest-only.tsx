import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { afterLoginPath } from './login-redirect.ts';
import { useSession } from './use-session.ts';

/**
 * /login and /register with a session move on (docs/product.md §2): to `?redirect=` when it is a
 * same-site path, else to the dashboard. A login in progress stays on the form, so its
 * failure (wrong password, no roles) is shown where the person typed.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [params] = useSearchParams();
  return status === 'ready' ? (
    <Navigate to={afterLoginPath(params.get('redirect'))} replace />
  ) : (
    children
  );
}
