import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { SALES_ROUTES } from './shared/sales.route-tree.ts';

/**
 * Sales (docs/domain/sales.md): discounts, sales orders from quote to shipment with their
 * documents, order imports and the vaping duty report.
 */
export const SALES_MODULE = {
  name: 'sales',
  dependsOn: ['general', 'imports', 'inventory', 'purchase', 'stock'],
  routes: SALES_ROUTES,
} as const satisfies ModuleManifest;
