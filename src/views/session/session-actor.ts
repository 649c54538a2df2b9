import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { AuthApi } from '../../api/auth.api.ts';
import type { AppConfig } from '../../api/auth.types.ts';
import { sessionMachine } from '../../machines/ui/session.machine.ts';
import type { Credentials, LoginResult, SessionUser } from '../../machines/ui/session.types.ts';
import type { TabsActor } from '../shell/tabs/tabs-actor.ts';

// The session machine with the browser's effects plugged in: the auth calls, the `token`
// cookie and the tabs. Routes need no reset of their own: menus and the guard derive them
// from the user in the machine, so dropping the user drops them.

export interface TokenStorage {
  get(): string | null;
  set(tokenType: string, accessToken: string): void;
  remove(): void;
}

export interface SessionDeps {
  auth: Pick<AuthApi, 'login' | 'me' | 'logout'>;
  token: TokenStorage;
  loadConfig: () => Promise<AppConfig>;
  tabs: TabsActor;
}

export function createSessionActor({ auth, token, loadConfig, tabs }: SessionDeps) {
  const machine = sessionMachine.provide({
    actors: {
      logIn: fromPromise<LoginResult, Credentials>(async ({ input }) =>
        auth.login(input, (await loadConfig()).auth_client),
      ),
      fetchUser: fromPromise<SessionUser, { token: string }>(() => auth.me()),
      // The cookie is already gone when this runs, so the token goes explicitly.
      revokeToken: fromPromise<void, { token: string }>(({ input }) => auth.logout(input.token)),
    },
    actions: {
      storeToken: (_, params) => token.set(params.tokenType, params.accessToken),
      clearToken: () => token.remove(),
      closeAllTabs: () => tabs.send({ type: 'tabs.close_all' }),
    },
  });
  return createActor(machine, { input: { token: token.get() } });
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
