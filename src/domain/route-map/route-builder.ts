import { rolesFor, type Area } from '../access.ts';
import type { Module } from '../modules.ts';
import type { Role } from '../roles.ts';
import type { RouteIconName } from './route-icons.ts';
import type { RouteMeta, RouteSpec } from './route-meta.ts';

// Terse constructors for the module route files: ~200 records read better one per line.

type Extra = Partial<Omit<RouteSpec, 'path' | 'name' | 'title' | 'icon' | 'area' | 'children'>>;

/** A menu page. */
export function page(
  path: string,
  name: string,
  title: string,
  icon: RouteIconName,
  area?: Area,
  extra: Extra = {},
): RouteSpec {
  return { path, name, title, icon, ...(area ? { area } : {}), ...extra };
}

/**
 * A create/edit or detail screen reached from a list: hidden from menu and search, and not
 * cached, so opening another record starts from a clean form.
 */
export function form(
  path: string,
  name: string,
  title: string,
  icon: RouteIconName,
  area?: Area,
  extra: Extra = {},
): RouteSpec {
  return page(path, name, title, icon, area, { hidden: true, noCache: true, ...extra });
}

/** A report the area's read-only export roles (production_reports) may open too. */
export function report(
  path: string,
  name: string,
  title: string,
  icon: RouteIconName,
  area: Area,
  extra: Extra = {},
): RouteSpec {
  return page(path, name, title, icon, area, { action: 'export', ...extra });
}

/** A menu section. */
export function group(
  path: string,
  name: string,
  title: string,
  icon: RouteIconName,
  children: readonly RouteSpec[],
  extra: Extra & { area?: Area } = {},
): RouteSpec {
  return { path, name, title, icon, ...extra, children };
}

function rolesOf(spec: RouteSpec): Role[] {
  if (!spec.area) return [];
  const areas = [spec.area, ...(spec.sharedWith ?? [])];
  const roles = areas.flatMap((area) => rolesFor(area, area === spec.area ? spec.action : 'use'));
  return [...new Set(roles)];
}

/**
 * Turns a module's specs into route records: roles derived from the areas, and the module
 * stamped on every descendant so a page can be checked without its ancestors.
 */
export function buildRoutes(spec: RouteSpec, inherited?: Module): RouteMeta {
  const module = spec.module ?? inherited;
  const { children, ...rest } = spec;
  return {
    ...rest,
    roles: rolesOf(spec),
    ...(module ? { module } : {}),
    ...(children ? { children: children.map((c) => buildRoutes(c, module)) } : {}),
  };
}
