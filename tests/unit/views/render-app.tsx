import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { AuthApi } from '../../../src/api/auth.api.ts';
import type { AppConfig, UserInfo } from '../../../src/api/auth.types.ts';
import type { RealtimeConnection } from '../../../src/api/echo-client.ts';
import { routes } from '../../../src/views/routes.tsx';
import type { Services } from '../../../src/views/services.context.ts';
import { ServicesContext } from '../../../src/views/services.context.ts';
import { createSessionStore } from '../../../src/views/session/session.store.ts';
import { theme } from '../../../src/views/theme.ts';

// Renders the real route table with fake services: an in-memory token, a scripted auth api
// and a realtime connection that reports `connected` and one member.

export const demoConfig: AppConfig = {
  app_title: 'Plantline',
  timezone: 'America/Toronto',
  demo: { enabled: 1, password: 'plantline', usernames: ['admin', 'batcher', 'planner'] },
  auth_client: { client_id: 'plantline-web', client_secret: 'plantline-web-public' },
  echo: {
    broadcaster: 'pusher',
    key: 'k',
    cluster: 'mt1',
    wsHost: null,
    wsPort: null,
    wssPort: null,
    forceTLS: 0,
    enabledTransports: ['ws', 'wss'],
    authEndpoint: '/api/broadcasting/auth',
  },
};

export const adminUser: UserInfo = {
  id: 1,
  username: 'admin',
  name: 'Ada Admin',
  company: 'Maple Vapour Labs',
  email: 'admin@example.com',
  timezone: 'America/Toronto',
  roles: ['admin'],
  modules: ['general', 'production'],
  config: {},
  is_demo: 1,
};

export interface Options {
  path?: string;
  token?: string | null;
  config?: AppConfig;
  auth?: Partial<AuthApi>;
}

export function renderApp({
  path = '/login',
  token = null,
  config = demoConfig,
  auth = {},
}: Options = {}) {
  let stored = token;
  const tokenStorage = {
    get: () => stored,
    set: (type: string, access: string) => void (stored = `${type} ${access}`),
    remove: () => void (stored = null),
  };
  const fakeAuth: AuthApi = {
    config: vi.fn(() => Promise.resolve(config)),
    login: vi.fn(() => Promise.resolve({ access_token: 'abc', token_type: 'Bearer' })),
    me: vi.fn(() => Promise.resolve(adminUser)),
    logout: vi.fn(() => Promise.resolve()),
    ...auth,
  };
  const connection: RealtimeConnection = {
    status: () => 'connected',
    onStatus: () => () => undefined,
    joinPresence: <M,>(_: string, on: { here: (m: M[]) => void }) => {
      on.here([{ id: 1, info: { name: 'Ada Admin' } }] as M[]);
      return () => undefined;
    },
    socketId: () => undefined,
    disconnect: () => undefined,
    reconnect: () => undefined,
  };
  const services: Services = {
    auth: fakeAuth,
    session: createSessionStore({ auth: fakeAuth, token: tokenStorage }),
    loadConfig: () => fakeAuth.config(),
    connectRealtime: vi.fn(() => connection),
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <ServicesContext value={services}>
        <RouterProvider router={router} />
      </ServicesContext>
    </MantineProvider>,
  );
  return { ...view, router, auth: fakeAuth, services, token: () => stored };
}
