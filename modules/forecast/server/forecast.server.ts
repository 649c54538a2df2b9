import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { registerEntityRoutes } from '../../../server/http/entity/entity-routes.ts';
import { registerForecastAllocationRoutes } from './routes/forecast-allocations.routes.ts';
import { registerForecastPeriodRoutes } from './routes/forecast-periods.routes.ts';
import { registerForecastPlanRoutes } from './routes/forecast-plans.routes.ts';
import { registerForecastReportRoutes } from './routes/forecast-reports.routes.ts';
import { qtyRangesBinding } from './routes/qty-ranges.binding.ts';
import { seedDemoForecast } from './demo-forecast.ts';

// Forecast (docs/domain/forecast.md §11), admin and manager: periods with their workflow,
// allocations, the production plan and its orders, quantity ranges, and the sales and stock
// reports. Live on private-forecast (forecast_period.*, forecast_allocation.*, plan.generated,
// plan.updated).

function registerForecastRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, qtyRangesBinding);
  const periods = registerForecastPeriodRoutes(app, deps);
  registerForecastAllocationRoutes(app, deps);
  registerForecastPlanRoutes(app, deps, periods);
  registerForecastReportRoutes(app, deps);
}

/** Forecast on the server: its routes and its demo periods, allocations and plans. */
export const serverModule: ServerModule = {
  register: registerForecastRoutes,
  seedDemo: (tx) => seedDemoForecast(tx),
};
