import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { PRODUCTION_ORDERS } from '../src/domain/entities/production/production-orders.entity.ts';
import { login, tokenFor } from '../tests/support/api-client.ts';
import { entityClient, type EntityApiClient, type List } from '../tests/support/entity-crud.ts';
import type { ChromiumBrowser } from '../tests/support/chromium.ts';
import { epochNow } from './epoch-now.ts';

// What the browser benchmarks share: the built SPA check, a context signed in through the
// token cookie (as tests/e2e/production-floor.test.ts does), orders driven through the API,
// and the offset between the page's clock and this process's clock.

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export function requireDist(): void {
  if (!existsSync(`${ROOT}dist/index.html`)) {
    throw new Error(
      'dist/index.html is missing: run `npx vite build` before the browser benchmarks',
    );
  }
}

export { epochNow } from './epoch-now.ts';

export async function signedInPage(
  browser: ChromiumBrowser,
  baseUrl: string,
  username: string,
  path: string,
  viewport = { width: 1920, height: 1080 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const reply = await login(baseUrl, username);
  if (!reply.status) throw new Error(`login as ${username} failed: ${reply.message}`);
  await context.addCookies([
    {
      name: 'token',
      value: encodeURIComponent(`${reply.data.token_type} ${reply.data.access_token}`),
      url: baseUrl,
      sameSite: 'Strict',
    },
  ]);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: 'Production dashboard' }).waitFor();
  return { context, page };
}

/**
 * page clock − this process's clock, in ms: the page's `timeOrigin + now()` against the middle
 * of the round trip that read it, from the round trip with the least time (its error is at
 * most half of that round trip, which is returned too).
 */
export async function clockOffset(
  page: Page,
  samples = 15,
): Promise<{ offsetMs: number; errorMs: number }> {
  let best = { offsetMs: 0, errorMs: Number.POSITIVE_INFINITY };
  for (let i = 0; i < samples; i += 1) {
    const t1 = epochNow();
    const tp = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t2 = epochNow();
    if ((t2 - t1) / 2 < best.errorMs)
      best = { offsetMs: tp - (t1 + t2) / 2, errorMs: (t2 - t1) / 2 };
  }
  return best;
}

export type OrderRow = { id: number; version: number; number: string; status: string };

const as = async (url: string, user: string) => entityClient(url, await tokenFor(url, user));

async function orderEvent(
  client: EntityApiClient,
  id: number,
  name: string,
  version: number,
  extra: Record<string, unknown> = {},
): Promise<OrderRow> {
  const reply = await client.send<OrderRow>(
    'POST',
    `${PRODUCTION_ORDERS.api}/${id}/events/${name}`,
    { version, ...extra },
  );
  if (reply.httpStatus !== 200)
    throw new Error(`${name}: ${reply.httpStatus} ${reply.message} ${JSON.stringify(reply.data)}`);
  return reply.data;
}

/** A demo finished good on the standard flow: drafted, submitted, approved and released. */
export async function releasedOrder(url: string): Promise<OrderRow> {
  const [admin, planning, manager] = await Promise.all([
    as(url, 'admin'),
    as(url, 'planning'),
    as(url, 'manager'),
  ]);
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
  const draft = (await planning.create(PRODUCTION_ORDERS, {
    product_id: goods.data.rows[0]?.id,
    flow_id:
      flows.data.rows.find((f) => f.code === 'standard_eliquid')?.id ?? flows.data.rows[0]?.id,
    planned_units: 120,
    due_date: '2026-12-01',
  })) as OrderRow;
  let row = await orderEvent(planning, draft.id, 'submit', draft.version);
  row = await orderEvent(manager, draft.id, 'approve', row.version);
  return orderEvent(planning, draft.id, 'release', row.version);
}

export { as as clientAs, orderEvent };
