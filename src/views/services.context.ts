import { createContext, useContext } from 'react';
import type { AuthApi } from '../api/auth.api.ts';
import type { AppConfig } from '../api/auth.types.ts';
import type { ConnectRealtime } from '../api/echo-client.ts';
import type { SessionStore } from './session/session.store.ts';

// Everything views reach outside React, in one object: main.tsx passes the real ones, tests
// pass fakes. Components read it through hooks, never import the api directly.

export interface Services {
  auth: AuthApi;
  session: SessionStore;
  /** Public configuration, fetched once and shared. */
  loadConfig: () => Promise<AppConfig>;
  connectRealtime: ConnectRealtime;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a <ServicesContext> provider');
  return services;
}
