import { request as httpRequest } from 'node:http';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEB_CLIENT } from '../../../../../src/domain/auth-client.ts';
import { createMemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import type { AuthApi } from '../../../../../src/api/auth.api.ts';
import { downloadFile, type DownloadProgress } from '../../../../../src/api/download.ts';
import { entityApi } from '../../../../../src/api/entity.api.ts';
import { COUNTRIES } from '../../../../../modules/general/shared/entities/countries.entity.ts';
import { App } from '../../../../../src/views/app.tsx';
import { EntityListPage } from '../../../../../src/views/common/entity/entity-list-page.tsx';
import { createServices } from '../../../../../src/views/services.ts';
import { useSession } from '../../../../../src/views/session/use-session.ts';
import { adminUser, demoConfig } from '../../render-app.tsx';
import {
  FORM_SERVER_START_MS,
  startFormServer,
  type FormServer,
} from '../entity-form/form-server.ts';

// The countries list page against a real server in its own process (the form tests' server,
// opened from the run's seeded template): the page's requests (list with filter and sort) go
// over HTTP to the real routes. The session calls stay fake (as in render-app.tsx); every /api
// call of the page is forwarded with a real admin token. node:http carries them, since
// happy-dom's fetch applies browser CORS. The page renders every row (renderAll): happy-dom
// lays nothing out, so a virtualised grid would show none.

let server: FormServer;

let token = '';
const seen: string[] = [];

function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.join(', ') : (v ?? ''),
            ]),
          ),
          text,
        }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function api(method: string, path: string, data?: unknown) {
  const reply = await send(
    method,
    `${server.url}${path}`,
    {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    data === undefined ? undefined : JSON.stringify(data),
  );
  return JSON.parse(reply.text) as { status: boolean; message: string; data: unknown };
}

/** The browser's fetch for the page: /api/... goes to the real server with the admin token. */
const bridge = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
  const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  seen.push(path);
  const reply = await send(
    init?.method ?? 'GET',
    `${server.url}${path.replace(/^https?:\/\/[^/]+/, '')}`,
    { accept: 'application/json', authorization: `Bearer ${token}` },
    typeof init?.body === 'string' ? init.body : undefined,
  );
  return new Response(reply.text, { status: reply.status, headers: reply.headers });
});

beforeAll(async () => {
  server = await startFormServer();
  const login = await api('POST', '/api/login', {
    username: 'admin',
    password: 'plantline',
    ...WEB_CLIENT,
  });
  token = (login.data as { access_token: string }).access_token;
  // The demo data holds Canada and the United States already.
  for (const [iso2, name] of [
    ['MX', 'Mexico'],
    ['FR', 'France'],
  ] as const) {
    const created = await api('POST', '/api/general/countries', { iso2, name });
    if (!created.status) throw new Error(`seeding ${name}: ${created.message}`);
  }
}, FORM_SERVER_START_MS);

afterAll(() => server?.close());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function SignedIn() {
  const { user } = useSession();
  return user ? <EntityListPage entity={COUNTRIES} gridHeight={400} renderAll /> : null;
}

function renderPage() {
  let stored: string | null = 'Bearer session';
  const auth: AuthApi = {
    config: () => Promise.resolve(demoConfig),
    login: () => Promise.resolve({ access_token: 'abc', token_type: 'Bearer' }),
    me: () => Promise.resolve(adminUser),
    logout: () => Promise.resolve(),
  };
  const services = createServices({
    auth,
    token: {
      get: () => stored,
      set: (type, access) => void (stored = `${type} ${access}`),
      remove: () => void (stored = null),
    },
    loadRealtime: () => new Promise(() => undefined),
  });
  const router = createMemoryRouter([{ path: '/', element: <SignedIn /> }]);
  return render(<App services={services} router={router} env="test" />);
}

const rowTexts = () =>
  [...document.querySelectorAll('[role="gridcell"][col-id="name"]')].map(
    (cell) => cell.textContent,
  );

describe('the countries list against a real server', () => {
  it('lists, sorts and filters through the real routes', async () => {
    vi.stubGlobal('fetch', bridge);
    const user = userEvent.setup();
    renderPage();

    await screen.findByRole('heading', { name: 'Countries' }, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('Rows 1–4 of 4'), {
      timeout: 10_000,
    });
    // The declaration sorts by name.
    await waitFor(() =>
      expect(rowTexts()).toEqual(['Canada', 'France', 'Mexico', 'United States']),
    );

    // The list starts at the declaration's sort (name asc), so one click is desc.
    const nameHeader = screen.getByTestId('header-name');
    await waitFor(() =>
      expect(nameHeader.closest('[role="columnheader"]')?.getAttribute('aria-sort')).toBe(
        'ascending',
      ),
    );
    await user.click(within(nameHeader).getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(rowTexts()).toEqual(['United States', 'Mexico', 'France', 'Canada']),
    );
    expect(seen.some((url) => url.includes('sort%5Bdirection%5D=desc'))).toBe(true);

    // A filter: names containing "an".
    await user.click(within(nameHeader).getByRole('button', { name: 'Filter Name' }));
    const form = await screen.findByRole('form', { name: 'Filter Name' });
    await user.selectOptions(within(form).getByLabelText('Condition'), 'contains');
    await user.type(within(form).getByLabelText('Value'), 'an');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rowTexts()).toEqual(['France', 'Canada']));
    expect(screen.getByTestId('row-count').textContent).toBe('Rows 1–2 of 2');
  }, 60_000);

  it('exports the same filter and sort as CSV through the real export route', async () => {
    const filter = [
      {
        field: 'name',
        field_type: 'text' as const,
        filters: [{ operator: 'contains' as const, value: 'an' }],
      },
    ];
    const target = entityApi(COUNTRIES).exportQuery(
      'csv',
      { filter, sort: { field: 'name', direction: 'desc' } },
      ['name', 'iso2'],
    );
    const progress: DownloadProgress[] = [];
    const result = await downloadFile(
      target,
      { onProgress: (p) => progress.push(p) },
      { fetch: bridge as unknown as typeof fetch, getToken: () => null, baseUrl: '/api' },
    );
    expect(result.fileName).toMatch(/^countries-\d{8}\.csv$/);
    expect((await result.blob.text()).replace(/^\uFEFF/, '')).toBe(
      'Name,ISO code\r\nFrance,FR\r\nCanada,CA\r\n',
    );
    expect(progress.at(-1)).toMatchObject({ totalRows: 2, rows: 2 });
  });
});
