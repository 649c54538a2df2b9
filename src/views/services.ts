import { createActor } from 'xstate';
import { authApi, type AuthApi } from '../api/auth.api.ts';
import type { AppConfig } from '../api/auth.types.ts';
import type { ConnectRealtime } from '../api/echo-client.ts';
import { getToken, removeToken, setToken } from '../api/token-cookie.ts';
import { loadingMachine } from '../machines/ui/loading.machine.ts';
import type { Services } from './services.context.ts';
import { createSessionActor, type TokenStorage } from './session/session-actor.ts';
import { createErrorLog } from './shell/error-log/error-log.store.ts';
import { createTabsActor } from './shell/tabs/tabs-actor.ts';

export interface ServiceDeps {
  auth: AuthApi;
  token: TokenStorage;
  loadRealtime: () => Promise<ConnectRealtime>;
}

/** Services over the given edges (real or fake); the actors are started here, once. */
export function createServices({ auth, token, loadRealtime }: ServiceDeps): Services {
  let config: Promise<AppConfig> | null = null;
  // Fetched once; a failure is forgotten so the next caller tries again.
  const loadConfig = () => {
    config ??= auth.config().catch((error: unknown) => {
      config = null;
      throw error;
    });
    return config;
  };
  const tabs = createTabsActor().start();
  const session = createSessionActor({ auth, token, loadConfig, tabs }).start();
  const loading = createActor(loadingMachine).start();
  return { auth, session, tabs, loading, errorLog: createErrorLog(), loadConfig, loadRealtime };
}

/** The services of the browser: the real API, the `token` cookie, the echo chunk. */
export function createBrowserServices(): Services {
  return createServices({
    auth: authApi,
    token: { get: getToken, set: setToken, remove: removeToken },
    loadRealtime: () => import('../api/echo-client.ts').then((m) => m.connectRealtime),
  });
}
