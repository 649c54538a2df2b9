import { MODULE_MANIFESTS } from '../../../modules/modules.ts';
import { MODULES } from '../modules.ts';
import { CORE_ROUTES } from './core.routes.ts';
import { IMPORTS_ROUTES } from './imports.routes.ts';
import { INVENTORY_ROUTES } from './inventory.routes.ts';
import { PRODUCTION_ROUTES } from './production.routes.ts';
import { PURCHASE_ROUTES } from './purchase.routes.ts';
import type { RouteMeta } from './route-meta.ts';

// The modules still in their layer folders; the slices' records come from their manifests.
const LAYERED_ROUTES: readonly RouteMeta[] = [
  INVENTORY_ROUTES,
  PRODUCTION_ROUTES,
  PURCHASE_ROUTES,
  IMPORTS_ROUTES,
];

const productOrder = (route: RouteMeta) =>
  route.module === undefined ? MODULES.length : MODULES.indexOf(route.module);

/**
 * Every module's top record, in the order of docs/product.md §1; the sidebar shows them in this
 * order.
 */
export const MODULE_ROUTES: readonly RouteMeta[] = [
  ...LAYERED_ROUTES,
  ...MODULE_MANIFESTS.map((module) => module.routes),
].sort((a, b) => productOrder(a) - productOrder(b));

/** The whole authenticated route table (docs/product.md §2): core routes, then the modules. */
export const ROUTE_MAP: readonly RouteMeta[] = [...CORE_ROUTES, ...MODULE_ROUTES];
