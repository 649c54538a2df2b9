import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import { registerForecastAllocationRoutes } from './forecast/forecast-allocations.routes.ts';
import { registerForecastPeriodRoutes } from './forecast/forecast-periods.routes.ts';
import { registerForecastPlanRoutes } from './forecast/forecast-plans.routes.ts';
import { registerForecastReportRoutes } from './forecast/forecast-reports.routes.ts';
import { qtyRangesBinding } from './forecast/qty-ranges.binding.ts';

// Forecast (docs/domain/forecast.md §11), admin and manager: periods with their workflow,
// allocations, the production plan and its orders, quantity ranges, and the sales and stock
// reports. Live on private-forecast (forecast_period.*, forecast_allocation.*, plan.generated,
// plan.updated).

export function registerForecastRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, qtyRangesBinding);
  const periods = registerForecastPeriodRoutes(app, deps);
  registerForecastAllocationRoutes(app, deps);
  registerForecastPlanRoutes(app, deps, periods);
  registerForecastReportRoutes(app, deps);
}
