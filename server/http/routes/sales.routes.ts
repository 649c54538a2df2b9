import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import { discountsBinding } from './sales/discounts.binding.ts';
import { registerPackingSlipRoutes } from './sales/packing-slip.routes.ts';
import { registerSalesOrderRoutes } from './sales/sales-orders.routes.ts';

// Sales (domain.md §6): discounts, sales orders with their workflow and the packing slip of
// a shipped order. Sale writes; the sales section (director, manager) reads (spec §6).

export function registerSalesRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, discountsBinding);
  const orders = registerSalesOrderRoutes(app, deps);
  registerPackingSlipRoutes(app, deps, orders);
}
