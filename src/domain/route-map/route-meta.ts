import type { AccessAction, Area } from '../access.ts';
import type { Module } from '../modules.ts';
import type { Role } from '../roles.ts';
import type { RouteIconName } from './route-icons.ts';

/**
 * One record of the route map (docs/product.md §2 "Route visibility"). Plain data, so the server,
 * the menu, the search and the router all read the same table.
 *
 * A record with `children` is a group (a menu section): its `path` is the menu key and
 * breadcrumb prefix, never a page, unless it carries a `redirect`.
 */
export interface RouteMeta {
  /** Absolute path in react-router syntax: `/general/customer/:id?`. */
  readonly path: string;
  /** Unique over the whole map, `<module file>.<slug>`; pages are keyed by it. */
  readonly name: string;
  /** Menu, breadcrumb and page title (the page title adds the app title). */
  readonly title: string;
  /** A @tabler/icons-react export name; the domain stays React-free. */
  readonly icon: RouteIconName;
  /**
   * The docs/product.md §6 row that governs the page; the server authorises its API with it too.
   */
  readonly area?: Area;
  /**
   * Further rows whose roles may open the page, where one screen serves two rows
   * (work orders: maintenance admins and technicians).
   */
  readonly sharedWith?: readonly Area[];
  /** `export` on reports that the area's read-only export roles may open. */
  readonly action?: AccessAction;
  /** Derived from `area` (+ `sharedWith`) with `rolesFor`; empty means visible to all. */
  readonly roles: readonly Role[];
  /** The enabled module the page needs; inherited from the group it sits in. */
  readonly module?: Module;
  /** A pinned tab: close-others and close-all never close it. */
  readonly affix?: boolean;
  /** The view is not kept alive when its tab is left (forms that must start fresh). */
  readonly noCache?: boolean;
  /** `false` leaves the record out of the breadcrumb. */
  readonly breadcrumb?: boolean;
  /** Never shown in the menu or the search (forms reached from a list, redirects). */
  readonly hidden?: boolean;
  /** Where the path sends the user instead of showing a page. */
  readonly redirect?: string;
  readonly children?: readonly RouteMeta[];
}

/** What a module file writes: everything but the roles, which are derived. */
export type RouteSpec = Omit<RouteMeta, 'roles' | 'children'> & {
  readonly children?: readonly RouteSpec[];
};
