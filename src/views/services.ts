import { authApi } from '../api/auth.api.ts';
import type { AppConfig } from '../api/auth.types.ts';
import { connectRealtime } from '../api/echo-client.ts';
import { getToken, removeToken, setToken } from '../api/token-cookie.ts';
import type { Services } from './services.context.ts';
import { createSessionStore } from './session/session.store.ts';

/** The real services of the browser. The config is fetched once; a failure is retried next time. */
export function createServices(): Services {
  let config: Promise<AppConfig> | null = null;
  const loadConfig = () => {
    config ??= authApi.config().catch((error: unknown) => {
      config = null;
      throw error;
    });
    return config;
  };
  const token = { get: getToken, set: setToken, remove: removeToken };
  return {
    auth: authApi,
    session: createSessionStore({ auth: authApi, token }),
    loadConfig,
    connectRealtime: (settings, token) => connectRealtime(settings, token),
  };
}
