import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { FORECAST_ROUTES } from './shared/forecast.route-tree.ts';

/** Forecast (docs/domain/forecast.md): periods, allocations, production plans and reports. */
export const FORECAST_MODULE = {
  name: 'forecast',
  // A plan drafts production orders.
  dependsOn: ['production'],
  routes: FORECAST_ROUTES,
} as const satisfies ModuleManifest;
