import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthApi } from '../../../../../src/api/auth.api.ts';
import type { RealtimeConnection } from '../../../../../src/api/echo-client.ts';
import type { EntityApi } from '../../../../../src/api/entity.api.ts';
import { COUNTRIES } from '../../../../../modules/general/shared/entities/countries.entity.ts';
import { App } from '../../../../../src/views/app.tsx';
import { EntityListPage } from '../../../../../src/views/common/entity/entity-list-page.tsx';
import { createServices } from '../../../../../src/views/services.ts';
import { useSession } from '../../../../../src/views/session/use-session.ts';
import { RealtimeProvider } from '../../../../../src/views/shell/realtime/realtime.context.tsx';
import { adminUser, demoConfig } from '../../render-app.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// The list page kept live by broadcasts on the entity's channel: the data provider and the
// realtime connection are fakes, the page, its live store and the grid are real.

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const country = (id: number, name: string, version = 1): EntityRow => ({
  id,
  version,
  seq: 10,
  iso2: name.slice(0, 2).toUpperCase(),
  name,
});

/** `total` above the page size makes the list longer than its page. */
function fakeApi(rows: EntityRow[], total = rows.length): EntityApi {
  return {
    list: vi.fn(() => Promise.resolve({ rows, total, page: 1, per_page: 50, seq: 10 })),
    changes: vi.fn((since: number) =>
      Promise.resolve({ rows: [], deleted: [], seq: since, more: 0 as const }),
    ),
    options: vi.fn(() => Promise.resolve([])),
    get: vi.fn((id: number) => Promise.resolve(country(id, 'Fetched', 9))),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    exportQuery: vi.fn(() => ({ url: 'x', params: {} })),
  };
}

function fakeConnection() {
  const listeners: { channel: string; event: string; handler: (data: unknown) => void }[] = [];
  const connection: RealtimeConnection = {
    status: () => 'connected',
    onStatus: () => () => undefined,
    joinPresence: () => () => undefined,
    listen: <T,>(
      channel: string,
      event: string,
      handler: (data: T) => void,
      onSubscribed?: () => void,
    ) => {
      listeners.push({ channel, event, handler: handler as (data: unknown) => void });
      if (onSubscribed) queueMicrotask(onSubscribed);
      return () => undefined;
    },
    socketId: () => undefined,
    disconnect: () => undefined,
    reconnect: () => undefined,
  };
  const broadcast = (channel: string, event: string, data: unknown) =>
    listeners
      .filter((l) => l.channel === channel && l.event === event)
      .forEach((l) => l.handler(data));
  return { connection, listeners, broadcast };
}

function renderLive(api: EntityApi, connection: RealtimeConnection, created?: EntityRow) {
  const auth: AuthApi = {
    config: () => Promise.resolve(demoConfig),
    login: () => Promise.resolve({ access_token: 'abc', token_type: 'Bearer' }),
    me: () => Promise.resolve(adminUser),
    logout: () => Promise.resolve(),
  };
  let stored: string | null = 'Bearer session';
  const services = createServices({
    auth,
    token: {
      get: () => stored,
      set: (type, access) => void (stored = `${type} ${access}`),
      remove: () => void (stored = null),
    },
    loadRealtime: () => Promise.resolve(() => connection),
  });
  function SignedIn() {
    const { user } = useSession();
    return user ? (
      <RealtimeProvider>
        <EntityListPage entity={COUNTRIES} api={api} gridHeight={400} renderAll created={created} />
      </RealtimeProvider>
    ) : null;
  }
  const router = createMemoryRouter([{ path: '/', element: <SignedIn /> }]);
  return render(<App services={services} router={router} env="test" />);
}

describe('a live entity list', () => {
  it('shows the record this screen just created on top, and its broadcast is not news', async () => {
    // A long list sorted by name: Zambia would fall on another page.
    const api = fakeApi([country(1, 'Canada'), country(2, 'France')], 120);
    const live = fakeConnection();
    renderLive(api, live.connection, country(9, 'Zambia'));
    await screen.findByText('Zambia');
    const names = () =>
      [...document.querySelectorAll('[col-id="name"][role="gridcell"]')].map((c) => c.textContent);
    await waitFor(() => expect(names()).toEqual(['Zambia', 'Canada', 'France']));
    await waitFor(() => expect(live.listeners.length).toBe(3));
    live.broadcast('general.countries', 'country.created', {
      id: 9,
      seq: 11,
      version: 1,
      data: country(9, 'Zambia'),
    });
    live.broadcast('general.countries', 'country.updated', {
      id: 9,
      seq: 12,
      version: 2,
      data: country(9, 'Zambia (edited)', 2),
    });
    await screen.findByText('Zambia (edited)');
    expect(screen.queryByText(/changed elsewhere/)).toBeNull();
  });

  it('applies broadcasts on the entity channel: newer versions, refetches, deletes, rows elsewhere', async () => {
    const get = vi.fn((id: number) => Promise.resolve(country(id, 'Fetched', 9)));
    // A long list: a row created elsewhere may fall on another page, so it is only counted.
    const api = { ...fakeApi([country(1, 'Canada'), country(2, 'France')], 120), get };
    const live = fakeConnection();
    renderLive(api, live.connection);
    await screen.findByText('France');
    // Echo adds `private-` itself.
    await waitFor(() =>
      expect(live.listeners.map((l) => `${l.channel} ${l.event}`)).toEqual([
        'general.countries country.created',
        'general.countries country.updated',
        'general.countries country.deleted',
      ]),
    );

    live.broadcast('general.countries', 'country.updated', {
      id: 1,
      seq: 11,
      version: 2,
      data: country(1, 'Canada (live)', 2),
    });
    await screen.findByText('Canada (live)');

    // An older version never replaces a newer one.
    live.broadcast('general.countries', 'country.updated', {
      id: 1,
      seq: 12,
      version: 1,
      data: country(1, 'Canada (stale)', 1),
    });
    // Too big to broadcast: the row is fetched.
    live.broadcast('general.countries', 'country.updated', {
      id: 2,
      seq: 13,
      version: 9,
      data: null,
    });
    await screen.findByText('Fetched');
    expect(get).toHaveBeenCalledWith(2);
    expect(screen.queryByText('Canada (stale)')).toBeNull();

    live.broadcast('general.countries', 'country.created', {
      id: 3,
      seq: 14,
      version: 1,
      data: country(3, 'Japan'),
    });
    await screen.findByText('1 changed elsewhere · refresh');

    live.broadcast('general.countries', 'country.deleted', {
      id: 1,
      seq: 15,
      version: 2,
      data: null,
    });
    await waitFor(() => expect(screen.queryByText('Canada (live)')).toBeNull());
    expect(screen.getByTestId('row-count').textContent).toBe('Rows 1–50 of 119');
  });

  it('reads a list that fits on its page again when a row is created elsewhere', async () => {
    const page = (rows: EntityRow[], seq: number) => ({
      rows,
      total: rows.length,
      page: 1,
      per_page: 50,
      seq,
    });
    const list = vi
      .fn<EntityApi['list']>()
      .mockResolvedValueOnce(page([country(1, 'Canada')], 10))
      .mockResolvedValue(page([country(1, 'Canada'), country(3, 'Japan')], 14));
    const api = { ...fakeApi([]), list };
    const live = fakeConnection();
    renderLive(api, live.connection);
    await screen.findByText('Canada');
    await waitFor(() => expect(live.listeners).toHaveLength(3));
    live.broadcast('general.countries', 'country.created', {
      id: 3,
      seq: 14,
      version: 1,
      data: country(3, 'Japan'),
    });
    await screen.findByText('Japan');
    expect(screen.queryByText(/changed elsewhere/)).toBeNull();
    expect(screen.getByTestId('row-count').textContent).toBe('Rows 1–2 of 2');
  });

  it('says "10,000+" and offers the pages up to it when the server stopped counting', async () => {
    const rows = [country(1, 'Canada'), country(2, 'Chile')];
    const list = vi.fn<EntityApi['list']>().mockResolvedValue({
      rows,
      total: 10_000,
      total_capped: 1,
      page: 1,
      per_page: 50,
      seq: 10,
    });
    renderLive({ ...fakeApi(rows), list }, fakeConnection().connection);
    await screen.findByText('Canada');
    expect(screen.getByTestId('row-count').textContent).toBe('Rows 1–50 of 10,000+');
    expect(screen.getByRole('button', { name: 'Page 200' })).toBeTruthy();
  });
});
