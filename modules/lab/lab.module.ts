import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { LAB_ROUTES } from './shared/lab.route-tree.ts';

/**
 * Lab Receiving (docs/domain/lab-receiving.md): chemicals received against purchase orders
 * into containers, inspected, posted into quarantine lots and released.
 */
export const LAB_MODULE = {
  name: 'lab',
  dependsOn: ['my-work', 'purchase', 'stock'],
  routes: LAB_ROUTES,
} as const satisfies ModuleManifest;
