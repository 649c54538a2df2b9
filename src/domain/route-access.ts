import type { AccessAction, Area } from './access.ts';

/**
 * How a server route is guarded. Every route declares one; the server refuses to register a
 * route without it, so nothing can be reachable by accident.
 * - `public`: no token (login, register, config, docs, the SPA's files).
 * - `authenticated`: any signed-in user (me, logout, profile, broadcasting auth).
 * - `pusher-signed`: the Pusher HTTP events API, authenticated by its request signature.
 * - an area of the access table, optionally only for its read-only export.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | 'pusher-signed'
  | { readonly area: Area; readonly action?: AccessAction };
