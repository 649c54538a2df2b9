import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerInventoryReportRoutes } from './inventory/inventory-reports.routes.ts';
import { registerMasterDataRoutes } from './inventory/master-data.routes.ts';
import { registerPriceTierRoutes } from './inventory/price-tiers.routes.ts';
import { registerProductChangeRoutes } from './inventory/product-changes.routes.ts';
import { registerProductRoutes } from './inventory/products.routes.ts';

// Inventory's master data (docs/domain/inventory.md §2) on the entity pattern, product change
// control and the master-data reports.

export function registerInventoryEntityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerMasterDataRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerPriceTierRoutes(app, deps);
  registerProductChangeRoutes(app, deps);
  registerInventoryReportRoutes(app, deps);
}
