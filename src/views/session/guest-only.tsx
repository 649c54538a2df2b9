import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { afterLoginPath } from './login-redirect.ts';
import { useSession } from './use-session.ts';

/**
 * With a session, /login moves on (spec §2): to `?redirect=` when it is a same-site path,
 * else to the dashboard. A successful login lands here too, so the form never navigates.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [params] = useSearchParams();
  return token ? <Navigate to={afterLoginPath(params.get('redirect'))} replace /> : children;
}
