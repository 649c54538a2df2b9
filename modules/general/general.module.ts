import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { GENERAL_ROUTES } from './shared/general.route-tree.ts';

/**
 * Administration (docs/domain/general.md): users and roles, lookups, sites, currencies, taxes,
 * customers, the chart of accounts and the company's settings, which every other module reads.
 */
export const GENERAL_MODULE = {
  name: 'general',
  dependsOn: [],
  routes: GENERAL_ROUTES,
} as const satisfies ModuleManifest;
