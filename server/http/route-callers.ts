import type { SessionUser } from '../auth/session-user.ts';
import { ApiError, validationError } from '../errors/api-error.ts';

// The role check a route makes beyond its area (docs/product.md §6, docs/domain/README.md §0 "role
// before version"): a route only some of its area's roles may call, or a workflow event route whose
// every event names the roles that may ever send it. It runs before the body is parsed and before
// any row is read, so a caller without the role learns nothing of the record: not whether it
// exists, not its version or who saved it last, not its status.

export type RouteCallers =
  /** Only these roles of the area (and admin) call the route. */
  | { readonly roles: readonly string[] }
  /**
   * `/:id/events/:event`: the roles that may send each event in some status (admin always
   * may). An event not listed is not the route's: 422 under `params.event`.
   */
  | { readonly events: Readonly<Record<string, readonly string[]>> };

/** The roles `callers` lets call the route with these params; undefined for an unknown event. */
export function callerRoles(callers: RouteCallers, params: unknown): readonly string[] | undefined {
  if ('roles' in callers) return callers.roles;
  const event = (params as { event?: unknown } | undefined)?.event;
  return typeof event === 'string' && Object.hasOwn(callers.events, event)
    ? callers.events[event]
    : undefined;
}

export function refuseCaller(callers: RouteCallers, user: SessionUser, params: unknown): void {
  const roles = callerRoles(callers, params);
  if (!roles) throw validationError({ 'params.event': 'in' });
  if (user.roles.includes('admin') || roles.some((r) => user.roles.includes(r))) return;
  throw new ApiError(`Only ${['admin', ...roles].join(', ')} may do this`, null, 403);
}

/** The events' roles of a workflow given as rules per event (orders, stamping, work orders). */
export function rolesOfRules(
  rules: Readonly<Record<string, { readonly roles: readonly string[] }>>,
): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(rules).map(([event, rule]) => [event, rule.roles]));
}
