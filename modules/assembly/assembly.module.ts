import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { ASSEMBLY_ROUTES } from './shared/assembly.route-tree.ts';

/** Assembly (docs/domain/assembly.md): kits sealed, stamped and cartoned at the line. */
export const ASSEMBLY_MODULE = {
  name: 'assembly',
  dependsOn: ['general', 'my-work', 'production', 'stock'],
  routes: ASSEMBLY_ROUTES,
} as const satisfies ModuleManifest;
