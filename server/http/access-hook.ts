import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canUseArea } from '../../src/domain/area-modules.ts';
import type { RouteAccess } from '../../src/domain/route-access.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { ApiError } from '../errors/api-error.ts';
import type { RouteCallers } from './route-callers.ts';

export type GuardedRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  /** The roles beyond the area, checked by the route before its input (route-callers.ts). */
  callers?: RouteCallers;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api and /apps route as Fastify registered it, with its access rule. */
    guardedRoutes: GuardedRoute[];
    /** Who each bearer token is; routes that change sessions call `sessions.changed()`. */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    callers?: RouteCallers;
  }
}

/** Paths whose routes must declare an access rule; anything else is the SPA's static files. */
const GUARDED = /^\/(api|apps)(\/|$)/;

export class RouteWithoutAccessError extends Error {}

/**
 * Authorisation for every route from the access table, the user's enabled modules included
 * (docs/product.md §2). Registration fails for an /api or
 * /apps route without an access rule, so no route can be reachable by accident.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionCache): void {
  app.decorateRequest('user', null);
  app.decorate('sessions', sessions);
  const guarded: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guarded);

  app.addHook('onRoute', (route) => {
    if (!GUARDED.test(route.url)) return;
    const access = route.config?.access;
    if (!access) {
      throw new RouteWithoutAccessError(
        `${String(route.method)} ${route.url} declares no access rule (config.access)`,
      );
    }
    const callers = route.config?.callers;
    for (const method of [route.method].flat()) {
      guarded.push({ method, url: route.url, access, ...(callers ? { callers } : {}) });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public' || access === 'pusher-signed') return;
    const token = bearerToken(request);
    const user = token ? await sessions.find(token) : null;
    if (!user) throw new ApiError('not_authorized');
    request.user = user;
    if (access !== 'authenticated' && !canUseArea(user, access.area, access.action)) {
      throw new ApiError('no_privileges');
    }
  });
}

/**
 * `Authorization: Bearer …`, or `?token=` on GET /api/me only (docs/product.md §7). A token in a
 * URL ends up in proxy logs and browser history, so no other route takes one.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    return match?.[1];
  }
  if (request.method === 'GET' && request.routeOptions.url === '/api/me') {
    const query = request.query as Record<string, unknown> | undefined;
    const token = query?.token;
    return typeof token === 'string' ? token : undefined;
  }
  return undefined;
}
