import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { AREAS, canAccess, rolesFor } from '../../src/domain/access.ts';
import { ROLES } from '../../src/domain/roles.ts';
import { SessionCache } from '../../server/auth/session-cache.ts';
import { registerAccessControl, RouteWithoutAccessError } from '../../server/http/access-hook.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, templateDatabase, type TestServer } from '../support/test-server.ts';

// Every registered route, judged by the access table itself. Requests use
// a nonexistent id and an empty body, so an allowed call fails validation or finds nothing
// (never 401/403) and nothing is changed.

describe('the access table on every route', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestServer();
    for (const role of ROLES) tokens.set(role, await tokenFor(t.url, role));
  }, 120_000);
  afterAll(async () => t.close());

  const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

  it('has the 36 roles and an entry for every area of docs/product.md §6', () => {
    expect(ROLES).toHaveLength(36);
    expect(AREAS.length).toBeGreaterThanOrEqual(48);
    for (const area of AREAS) expect(rolesFor(area)[0]).toBe('admin');
    expect(canAccess(['production_reports'], 'production_reports')).toBe(false);
    expect(canAccess(['production_reports'], 'production_reports', 'export')).toBe(true);
  });

  // What Fastify actually registered, HEAD twins aside: the walk below covers exactly this.
  const registered = () => t.server.app.guardedRoutes.filter((r) => r.method !== 'HEAD');

  it('registers the spine routes, each in the OpenAPI catalogue or the signed Pusher API', () => {
    const urls = registered().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'GET /api/me',
        'GET /api/general/users',
        'DELETE /api/general/users/:id',
        'GET /api/production/hplc_ranges',
        'POST /api/broadcasting/auth',
        'POST /apps/:appId/events',
      ]),
    );
    for (const route of registered()) {
      const documented = t.server.app.routeCatalogue.some(
        (c) => c.method === route.method && c.url === route.url,
      );
      expect(documented || route.access === 'pusher-signed', `${route.method} ${route.url}`).toBe(
        true,
      );
    }
  });

  // The hook judges a route by the area and action it declares, so every role is walked on one
  // route of each area (the table itself) and every route gets one allowed and one refused role,
  // rotating through the roles (the route's declaration reaches the hook). Walking every role on
  // every route was tens of thousands of calls and the slowest file of the suite.
  it('allows and denies every role on every area route exactly as the table says', async () => {
    const areaRoutes = registered().flatMap((route) =>
      typeof route.access === 'string' ? [] : [{ route, access: route.access }],
    );
    const walkedAreas = new Set<string>();
    const checked: string[] = [];
    let turn = 0;
    for (const { route, access } of areaRoutes) {
      const key = `${access.area}:${access.action ?? ''}`;
      const everyRole = !walkedAreas.has(key);
      walkedAreas.add(key);
      const allowedRoles = ROLES.filter((r) => canAccess([r], access.area, access.action));
      const refusedRoles = ROLES.filter((r) => !canAccess([r], access.area, access.action));
      turn += 1;
      const sample = [
        allowedRoles[turn % allowedRoles.length],
        refusedRoles[turn % refusedRoles.length],
      ];
      const roles = everyRole ? ROLES : sample.filter((r): r is (typeof ROLES)[number] => !!r);
      const replies = await Promise.all(
        roles.map(async (role) => ({
          role,
          reply: await call(t.url, String(route.method), concrete(route.url), {
            token: tokens.get(role),
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
          }),
        })),
      );
      for (const { role, reply } of replies) {
        const allowed = canAccess([role], access.area, access.action);
        const label = `${role} ${String(route.method)} ${route.url} → ${reply.httpStatus}`;
        // A route only some of its area's roles call refuses the others itself, before the
        // input (refused-role-before-version.test.ts walks those).
        const callers = route.callers && 'roles' in route.callers ? route.callers.roles : null;
        if (allowed && callers && role !== 'admin' && !callers.includes(role)) {
          expect(reply.httpStatus, label).toBe(403);
        } else if (allowed) expect([401, 403], label).not.toContain(reply.httpStatus);
        else {
          expect(reply.httpStatus, label).toBe(403);
          expect(reply.message, label).toBe('no_privileges');
        }
        checked.push(label);
      }
    }
    expect(walkedAreas.size).toBeGreaterThanOrEqual(30);
    expect(checked.length).toBeGreaterThan(areaRoutes.length);
  }, 180_000);

  it('refuses every non-public route without a token', async () => {
    for (const route of registered()) {
      if (route.access === 'public' || route.access === 'pusher-signed') continue;
      const reply = await call(t.url, String(route.method), concrete(route.url), {
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      expect(reply.httpStatus, `${String(route.method)} ${route.url}`).toBe(401);
      expect(reply.message).toBe('not_authorized');
    }
  });
});

describe('route registration', () => {
  it('fails for an /api route without an access rule', async () => {
    const database = await templateDatabase('bare');
    const app = Fastify();
    registerAccessControl(app, new SessionCache(database.db));
    expect(() => app.get('/api/unguarded', async () => 'oops')).toThrow(RouteWithoutAccessError);
    await app.close();
    await database.close();
  });
});
