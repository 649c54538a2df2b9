import { FORECAST_PERIODS } from '../shared/entities/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from '../shared/entities/forecast-production-plans.entity.ts';
import { FORECAST_QTY_RANGES } from '../shared/entities/forecast-qty-ranges.entity.ts';
import { FORECAST_ROUTES } from '../shared/forecast.route-tree.ts';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { ForecastAllocationPlanPage } from './forecast-allocation-plan.page.tsx';
import { ForecastAllocationsPage } from './forecast-allocations.page.tsx';
import { ForecastPeriodPage, PERIODS_PATH } from './forecast-period.page.tsx';
import { ForecastProductionPlansPage } from './forecast-production-plans.page.tsx';
import { SalesReportPage } from './sales-report.page.tsx';
import { StockReportPage } from './stock-report.page.tsx';

// Loaded lazily by the router, so Forecast is a chunk of its own. A period's allocations and
// plan are pages of their own with the period picked (…/{period_id?}); forecast-production-plan
// is every period's plan rows in one read-only list.

/** Forecast screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([FORECAST_ROUTES]),
  'forecast.periods': entityScreen(FORECAST_PERIODS, { formPath: PERIODS_PATH }),
  'forecast.period': ForecastPeriodPage,
  'forecast.allocations': ForecastAllocationsPage,
  'forecast.allocation-plan': ForecastAllocationPlanPage,
  'forecast.production-plans': ForecastProductionPlansPage,
  'forecast.production-plan': entityScreen(FORECAST_PRODUCTION_PLANS),
  'forecast.qty-ranges': entityScreen(FORECAST_QTY_RANGES),
  'forecast.sales-report': SalesReportPage,
  'forecast.stock-report': StockReportPage,
};
