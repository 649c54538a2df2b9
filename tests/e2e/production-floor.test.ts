import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { launchChromiumBrowser, type ChromiumBrowser } from '../support/chromium.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../support/e2e-shell.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { demoPostgresDatabase } from '../support/test-server.ts';

// Production as the floor runs it: a planner releases an order from its form, a batcher
// and a bottler move it from their dashboard, and a supervisor's production dashboard in
// another browser shows each step live. Then a wall display rides out a server restart: it
// says it is stale while the server is away, and shows live changes again once it is back.

type Order = Row & { number: string; status: string; stage: string | null; planned_ml: number };

const api = (url: string, token: string) => entityClient(url, token);

async function orderOf(client: EntityApiClient, id: number): Promise<Order> {
  return (await client.get<Order>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
}

async function event(
  client: EntityApiClient,
  id: number,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const { version } = await orderOf(client, id);
  const reply = await client.send('POST', `${PRODUCTION_ORDERS.api}/${id}/events/${name}`, {
    version,
    ...extra,
  });
  if (reply.httpStatus !== 200)
    throw new Error(`${name}: ${reply.message} ${JSON.stringify(reply.data)}`);
}

/** A draft for a demo finished good on the standard flow, submitted and approved. */
async function approvedOrder(url: string): Promise<Order> {
  const as = async (user: string) => api(url, await tokenFor(url, user));
  const [admin, planning, manager] = await Promise.all([
    as('admin'),
    as('planning'),
    as('manager'),
  ]);
  // Products and flows are read from their own modules' lists, which planning does not open.
  const goods = await admin.get<List>('/api/inventory/products', {
    filter: [
      {
        field: 'sku',
        field_type: 'text',
        filters: [{ operator: 'equals', value: 'FG-MANGO-06-30' }],
      },
    ],
  });
  const flows = await admin.get<List>('/api/production/flows');
  const order = (await planning.create(PRODUCTION_ORDERS, {
    product_id: goods.data.rows[0]?.id,
    flow_id:
      flows.data.rows.find((f) => f.code === 'standard_eliquid')?.id ?? flows.data.rows[0]?.id,
    planned_units: 120,
    due_date: '2026-12-01',
  })) as Order;
  await event(planning, order.id, 'submit');
  await event(manager, order.id, 'approve');
  return orderOf(planning, order.id);
}

/** The card of `number` in the dashboard column `column`. */
const card = (page: Page, column: string, number: string) =>
  page.locator(`section[data-column="${column}"] [data-order="${number}"]`);

async function press(page: Page, number: string, column: string, button: string) {
  await card(page, column, number).getByRole('button', { name: button, exact: true }).click();
}

async function saveCounts(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the production floor, live', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  const pages: Record<string, Page> = {};
  let order: Order;

  beforeAll(async () => {
    suite = await startShellSuite();
    order = await approvedOrder(suite.server.url);
    for (const [user, path] of [
      ['planning', '/production/production-orders'],
      ['batcher', '/production/production-dashboard'],
      ['bottler', '/production/production-dashboard'],
      ['supervisor', '/production/production-dashboard'],
    ] as const) {
      const { context, page } = await openSignedIn(suite, user, path, {
        viewport: { width: 1600, height: 900 },
      });
      contexts.push(context);
      pages[user] = page;
    }
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [user, page] of Object.entries(pages)) {
      await saveFailureScreenshot(page, `production-floor-failed-${user}`);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  it('a planner releases the order and the watching dashboard shows it arrive', async () => {
    const planner = pages.planning!;
    await planner.getByRole('gridcell', { name: order.number, exact: true }).dblclick();
    const bar = planner.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Release', exact: true }).click();
    await bar.getByText('Released', { exact: true }).waitFor();
    await card(pages.supervisor!, 'released', order.number).waitFor();
  });

  it('a batcher picks and batches it; the dashboard follows each step', async () => {
    const batcher = pages.batcher!;
    const watcher = pages.supervisor!;
    await press(batcher, order.number, 'released', 'Record picks');
    // Each suggested lot and bin is confirmed as it is (the picks journey scans them).
    const picks = batcher.getByRole('dialog', { name: `Record picks of ${order.number}` });
    await picks.getByRole('checkbox').first().waitFor();
    for (const box of await picks.getByRole('checkbox').all()) await box.check();
    await picks.getByRole('button', { name: 'Record picks' }).click();
    await picks.waitFor({ state: 'detached' });
    await press(batcher, order.number, 'released', 'Start batching');
    await card(watcher, 'batching', order.number).waitFor();
    // The supervisor watches: no actions on their cards.
    await expect(card(watcher, 'batching', order.number).getByRole('button').count()).resolves.toBe(
      0,
    );
    await press(batcher, order.number, 'batching', 'Finish batching');
    await saveCounts(batcher);
    await card(watcher, 'hplc', order.number).getByText('HPLC pending').waitFor();
  });

  it('the lab passes the batch and a bottler bottles it, live on the dashboard', async () => {
    const lab = api(suite.server.url, await tokenFor(suite.server.url, 'hplc_tech'));
    const requests = await lab.get<List>(HPLC_REQUESTS.api, {
      filter: [
        {
          field: 'production_order_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: order.number }],
        },
      ],
    });
    const request = requests.data.rows[0];
    const result = await lab.send('POST', `${HPLC_REQUESTS.api}/${request?.id}/result`, {
      measured_mg: 6.02,
    });
    expect(result.httpStatus).toBe(200);
    const bottler = pages.bottler!;
    const watcher = pages.supervisor!;
    await card(watcher, 'hplc', order.number).getByText('HPLC passed').waitFor();
    await press(bottler, order.number, 'hplc', 'Start bottling');
    await card(watcher, 'bottling', order.number).waitFor();
    await press(bottler, order.number, 'bottling', 'Finish bottling');
    await saveCounts(bottler);
    const labeling = card(watcher, 'labeling', order.number);
    await labeling.waitFor();
    await expect(labeling.locator('[data-units]').textContent()).resolves.toBe('120 / 120 units');
    await saveScreenshot(watcher, 'production-floor-dashboard');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a wall display across a server restart', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof demoPostgresDatabase>>;
  let env: Record<string, string>;
  let server: ServerProcess | null = null;
  let browser: ChromiumBrowser;
  let wall: Page;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plantline-wall-'));
    // A database that outlives the process and a fixed port: the restarted server is the same
    // place with the same data, as after a deploy. On PostgreSQL (CI's browser runs) a copy
    // of the run's demo database; otherwise PGlite on disk, which seeds the demo itself.
    database = await demoPostgresDatabase();
    env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      PLANTLINE_DEMO: '1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    [server, browser] = await Promise.all([startServerProcess(env), launchChromiumBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows stale while the server is away and live changes once it is back', async () => {
    const url = server!.url;
    const order = await approvedOrder(url);
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const token = await tokenFor(url, 'supervisor');
    await context.addCookies([
      { name: 'token', value: encodeURIComponent(`Bearer ${token}`), url, sameSite: 'Strict' },
    ]);
    wall = await context.newPage();
    wall.setDefaultTimeout(30_000);
    await wall.goto(`${url}/production/production-dashboard?display=wall`);
    await wall.getByRole('heading', { name: 'Production dashboard' }).waitFor();
    // No chrome on a wall.
    await expect(wall.getByTestId('user-menu').count()).resolves.toBe(0);

    const board = wall.locator('[data-wall]');
    await wall
      .locator('[data-wall][data-connection="connected"]')
      .waitFor()
      .catch(async (e: unknown) => {
        throw new Error(
          `wall never connected: ${await board.getAttribute('data-connection')} ${String(e)}`,
        );
      });
    await server!.stop();
    await wall.getByTestId('stale').waitFor();
    await expect(wall.getByTestId('stale').textContent()).resolves.toMatch(
      /^Stale since \d\d:\d\d/,
    );

    server = await startServerProcess(env);
    await wall.getByTestId('stale').waitFor({ state: 'detached', timeout: 60_000 });
    const planning = api(url, await tokenFor(url, 'planning'));
    await event(planning, order.id, 'release');
    await card(wall, 'released', order.number).waitFor();
    await saveScreenshot(wall, 'production-floor-wall');
    await context.close();
  }, 180_000);
});
