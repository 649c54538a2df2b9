import { useSelector } from '@xstate/react';
import type { UserInfo } from '../../api/auth.types.ts';
import {
  selectError,
  selectSignedOut,
  selectStatus,
  selectToken,
  selectUser,
  type SessionStatus,
} from '../../machines/ui/session.selectors.ts';
import { useServices } from '../services.context.ts';

export interface SessionView {
  token: string | null;
  /** The /me answer; the machine holds exactly what the api returned. */
  user: UserInfo | null;
  status: SessionStatus;
  /** Why the last login or user fetch failed. */
  error: unknown;
  /** True after Log Out, so the guard goes to a plain /login without ?redirect=. */
  signedOut: boolean;
}

/** The session as views read it, each part a separate subscription. */
export function useSession(): SessionView {
  const { session } = useServices();
  return {
    token: useSelector(session, selectToken),
    // The fetchUser actor is auth.me(), so the user is the api's UserInfo.
    user: useSelector(session, selectUser) as UserInfo | null,
    status: useSelector(session, selectStatus),
    error: useSelector(session, selectError),
    signedOut: useSelector(session, selectSignedOut),
  };
}

/** The signed-in user; only for views behind the route guard. */
export function useUser(): UserInfo {
  const { user } = useSession();
  if (!user) throw new Error('useUser is for views behind <RequireAuth>');
  return user;
}
