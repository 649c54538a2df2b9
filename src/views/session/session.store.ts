import type { AuthApi } from '../../api/auth.api.ts';
import type { AppConfig, Credentials, UserInfo } from '../../api/auth.types.ts';

// Session of spec §4: no token → logged in after login (token in the cookie and in state);
// logout clears token, user and cookie. A small external store read with
// useSyncExternalStore until the session machine of the shell takes over.

// The machine owns the message; re-exported while this store still stands in for it.
export { NO_ROLES_MESSAGE } from '../../machines/ui/session.machine.ts';
import { NO_ROLES_MESSAGE } from '../../machines/ui/session.machine.ts';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** True after Log Out, so the guard sends the user to a plain /login without a redirect. */
  signedOut: boolean;
}

export interface TokenStorage {
  get(): string | null;
  set(tokenType: string, accessToken: string): void;
  remove(): void;
}

export interface SessionDeps {
  auth: Pick<AuthApi, 'login' | 'logout' | 'me'>;
  token: TokenStorage;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore({ auth, token }: SessionDeps) {
  let state: SessionState = { token: token.get(), user: null, signedOut: false };
  const listeners = new Set<() => void>();
  const update = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  /** Fetches the user; a user without roles may not sign in (spec §5). */
  async function loadUser(): Promise<UserInfo> {
    const user = await auth.me();
    if (!Array.isArray(user.roles) || user.roles.length === 0) throw new Error(NO_ROLES_MESSAGE);
    update({ token: token.get(), user, signedOut: false });
    return user;
  }

  /** Ends the session locally: cookie and state, without calling the server. */
  function clear(signedOut = false): void {
    token.remove();
    update({ token: null, user: null, signedOut });
  }

  return {
    getState: (): SessionState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loadUser,
    clear,

    async signIn(credentials: Credentials, client: AppConfig['auth_client']): Promise<UserInfo> {
      const result = await auth.login(credentials, client);
      token.set(result.token_type, result.access_token);
      try {
        return await loadUser();
      } catch (error) {
        clear();
        throw error;
      }
    },

    /**
     * Ends the session at once, then revokes the token on the server with that token passed
     * explicitly (the cookie is already gone). An expired token cannot be revoked again, so
     * a failure there is not the user's concern.
     */
    async signOut(): Promise<void> {
      const current = token.get();
      clear(true);
      if (current) await auth.logout(current).catch(() => undefined);
    },
  };
}
