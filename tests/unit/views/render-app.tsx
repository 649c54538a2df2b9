import { configure, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { AuthApi } from '../../../src/api/auth.api.ts';
import type { AppConfig, UserInfo } from '../../../src/api/auth.types.ts';
import type { RealtimeConnection } from '../../../src/api/echo-client.ts';
import { request, type Request } from '../../../src/api/request.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { App } from '../../../src/views/app.tsx';
import { routerOptions, routes } from '../../../src/views/routes.tsx';
import { createServices } from '../../../src/views/services.ts';

// Renders the real route table with fake services: an in-memory token, a scripted auth api
// and a realtime connection that reports `connected` and one member.

// The whole app renders here, with lazy chunks and animations: on a busy shared machine a
// second is not always enough for it to settle, so waits get four before they fail.
configure({ asyncUtilTimeout: 4_000 });

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
  version: 1,
  guides_read: [],
};

/**
 * The home page's "My work" and the top bar's approval badge answer that nothing waits, as no
 * server runs behind most of these tests (a call to one would fail and print its network error);
 * every other call goes out as before.
 */
const nothingWaits: Record<string, unknown> = {
  'my-work': { queues: [], live: [] },
  'approvals/count': { count: 0, live: [] },
};
const requestWithoutWork = ((options: Parameters<Request>[0]) =>
  options.url in nothingWaits
    ? Promise.resolve({ status: true, message: 'ok', data: nothingWaits[options.url] })
    : request(options)) as Request;

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
  const disconnect = vi.fn();
  // What views listen to, so a test can play a broadcast to them.
  const listeners: { channel: string; event: string; handler: (data: unknown) => void }[] = [];
  const listenersOf = (channel: string, event: string) =>
    listeners.filter((l) => l.channel === channel && l.event === event);
  const broadcast = (channel: string, event: string, data: unknown) =>
    listenersOf(channel, event).forEach((l) => l.handler(data));
  // Being connected does not mean every view has bound its handlers yet: a test waits for
  // this before it plays a broadcast, or the broadcast can fall on no one.
  const isListening = (channel: string, event: string) => listenersOf(channel, event).length > 0;
  const connection: RealtimeConnection = {
    status: () => 'connected',
    onStatus: () => () => undefined,
    joinPresence: <M,>(_: string, on: { here: (m: M[]) => void }) => {
      on.here([{ id: 1, info: { name: 'Ada Admin' } }] as M[]);
      return () => undefined;
    },
    listen: <T,>(channel: string, event: string, handler: (data: T) => void) => {
      const listener = { channel, event, handler: handler as (data: unknown) => void };
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
      };
    },
    socketId: () => undefined,
    disconnect,
    reconnect: () => undefined,
  };
  const connect = vi.fn(() => connection);
  const services = createServices({
    auth: fakeAuth,
    token: tokenStorage,
    loadRealtime: () => Promise.resolve(connect),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path], ...routerOptions() });
  const view = render(
    <EntityRequestContext value={requestWithoutWork}>
      <App services={services} router={router} env="test" />
    </EntityRequestContext>,
  );
  return {
    ...view,
    router,
    auth: fakeAuth,
    services,
    connect,
    disconnect,
    broadcast,
    isListening,
    token: () => stored,
  };
}
