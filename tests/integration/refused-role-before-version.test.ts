import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess } from '../../src/domain/access.ts';
import { ROLES, type Role } from '../../src/domain/roles.ts';
import type { GuardedRoute } from '../../server/http/access-hook.ts';
import { callerRoles } from '../../server/http/route-callers.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The order of checks on every write is authentication, then the module and
// role (the route's, and the workflow's for an event), then the row, its version, its guards.
// A caller without the role hears 403 and nothing of the record: a stale version sent by them
// must not earn the 409 that names the current version and who saved it. Every write route
// the server registered is walked, with every event its declaration names, on a real row of
// the demo data where its list has one.

type Case = { route: GuardedRoute; role: Role; event?: string };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a refused answer must not carry: the row's version, editor or status. */
const ROW_DETAILS = /"(version|current|updated_by|updated_by_name|updated_at|status)"/;

const passesArea = (route: GuardedRoute, role: Role) =>
  typeof route.access !== 'object' || canAccess([role], route.access.area, route.access.action);

/** A role the route refuses, for the route (its area) and for each event it declares. */
function refusedCases(route: GuardedRoute): Case[] {
  const cases: Case[] = [];
  const events =
    route.callers && 'events' in route.callers ? Object.keys(route.callers.events) : [];
  if (typeof route.access === 'object') {
    const access = route.access;
    const outsider = ROLES.find((r) => !canAccess([r], access.area, access.action));
    if (outsider) cases.push({ route, role: outsider, ...(events[0] ? { event: events[0] } : {}) });
  }
  const callers = route.callers;
  if (!callers) return cases;
  for (const event of events.length > 0 ? events : [undefined]) {
    const allowed = callerRoles(callers, { event }) ?? [];
    const refused = ROLES.find(
      (r) => r !== 'admin' && passesArea(route, r) && !allowed.includes(r),
    );
    if (refused) cases.push({ route, role: refused, ...(event ? { event } : {}) });
  }
  return cases;
}

/** The list a `/:id…` route's rows come from: its path before the id. */
const listOf = (url: string) => url.slice(0, url.indexOf('/:id'));

describe('a refused role before the version on every write route', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const tokenOf = async (user: string) => {
    let token = tokens.get(user);
    if (!token) {
      token = await tokenFor(t.url, user);
      tokens.set(user, token);
    }
    return token;
  };
  /** A row of the list (id and version), or a missing one: 403 either way. */
  const rows = new Map<string, { id: number; version: number } | null>();
  const rowOf = async (list: string) => {
    if (!rows.has(list)) {
      const reply = await call<{ rows?: { id: number; version: number }[] }>(
        t.url,
        'GET',
        `${list}?per_page=1`,
        { token: await tokenOf('admin') },
      );
      const row = reply.httpStatus === 200 ? reply.data.rows?.[0] : undefined;
      rows.set(list, row && typeof row.version === 'number' ? row : null);
    }
    return rows.get(list) ?? null;
  };

  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(async () => t.close());

  it('answers 403 naming nothing of the row, however stale the version', async () => {
    const writes = t.server.app.guardedRoutes.filter((r) => WRITES.has(r.method));
    const cases = writes.flatMap(refusedCases);
    // The document event routes are walked event by event.
    const walked = new Set(cases.map((c) => `${c.route.method} ${c.route.url}`));
    expect([...walked]).toEqual(
      expect.arrayContaining([
        'POST /api/inventory/receivings/:id/events/:event',
        'POST /api/inventory/transfers/:id/events/:event',
        'POST /api/inventory/allocations/:id/events/:event',
        'POST /api/inventory/stock-counts/:id/events/:event',
        'POST /api/inventory/product_changes/:id/events/:event',
        'POST /api/production/daily-orders/:id/events/:event',
        'POST /api/production/product-stamping-orders/:id/events/:event',
        'POST /api/production/product-stamping-order-corrections/:id/events/:event',
        'POST /api/production/stamp_reels/:id/events/:event',
        'PUT /api/production/recoveries/:id',
      ]),
    );

    const leaks: string[] = [];
    let onRealRows = 0;
    for (const { route, role, event } of cases) {
      const row = route.url.includes('/:id') ? await rowOf(listOf(route.url)) : null;
      if (row) onRealRows += 1;
      const stale = row ? row.version + 1 : 1;
      const path = `${route.url
        .replace(':id', String(row?.id ?? 999_999))
        .replace(':event', event ?? 'submit')
        .replace(/:\w+/g, '1')}${route.method === 'DELETE' ? `?version=${stale}` : ''}`;
      const reply = await call(t.url, route.method, path, {
        token: await tokenOf(role),
        ...(route.method === 'DELETE' ? {} : { body: { version: stale } }),
      });
      const shown = JSON.stringify(reply.data ?? null);
      if (reply.httpStatus !== 403 || ROW_DETAILS.test(shown)) {
        const label = `${role} ${route.method} ${path}`;
        leaks.push(`${label} → ${reply.httpStatus} ${reply.message} ${shown}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(cases.length).toBeGreaterThan(writes.length);
    // Most routes are tried on a row that exists, where a stale version would answer 409.
    expect(onRealRows).toBeGreaterThan(cases.length / 2);
  }, 180_000);
});
