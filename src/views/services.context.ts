import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AuthApi } from '../api/auth.api.ts';
import type { AppConfig } from '../api/auth.types.ts';
import type { ConnectRealtime } from '../api/echo-client.ts';
import type { loadingMachine } from '../machines/ui/loading.machine.ts';
import type { ErrorLog } from './shell/error-log/error-log.store.ts';
import type { SessionActor } from './session/session-actor.ts';
import type { TabsActor } from './shell/tabs/tabs-actor.ts';

// Everything views reach outside React, in one object: main.tsx passes the real ones, tests
// pass fakes. Components read it through hooks, never import the api directly.

export interface Services {
  auth: AuthApi;
  /** The session machine (docs/product.md §4): token, user, login and logout. */
  session: SessionActor;
  /** Visited and cached views (docs/product.md §2, §4). */
  tabs: TabsActor;
  /** The shared loading flag behind the full-screen overlay (docs/product.md §1, §4, §9). */
  loading: ActorRefFrom<typeof loadingMachine>;
  /** Uncaught UI errors (docs/product.md §8). */
  errorLog: ErrorLog;
  /** Public configuration, fetched once and shared. */
  loadConfig: () => Promise<AppConfig>;
  /** laravel-echo and pusher-js are a lazy chunk: the login page never downloads them. */
  loadRealtime: () => Promise<ConnectRealtime>;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a <ServicesContext> provider');
  return services;
}
