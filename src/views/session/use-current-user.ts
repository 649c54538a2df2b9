import { useEffect, useState } from 'react';
import { useServices } from '../services.context.ts';
import { useSession } from './use-session.ts';

export type CurrentUserStatus = 'anonymous' | 'loading' | 'ready' | 'failed';

/**
 * Route guard of spec §2: with a token but no user yet, fetch the user; if that fails the
 * token is cleared and `error` says why, so the guard can send the visitor to /login.
 */
export function useCurrentUser(): { status: CurrentUserStatus; error: unknown } {
  const { session } = useServices();
  const { token, user } = useSession();
  const [error, setError] = useState<unknown>(null);
  const needsUser = token !== null && user === null;

  useEffect(() => {
    if (!needsUser) return;
    let live = true;
    session.loadUser().catch((e: unknown) => {
      session.clear();
      if (live) setError(e);
    });
    return () => {
      live = false;
    };
  }, [needsUser, session]);

  if (user) return { status: 'ready', error: null };
  if (token) return { status: 'loading', error: null };
  return { status: error ? 'failed' : 'anonymous', error };
}
