import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { RD_ROUTES } from './shared/rd.route-tree.ts';

/** R&D (docs/domain/rd.md): projects, samples from request to decision, their promotion. */
export const RD_MODULE = {
  name: 'rd',
  dependsOn: ['general', 'inventory', 'my-work', 'production'],
  routes: RD_ROUTES,
} as const satisfies ModuleManifest;
