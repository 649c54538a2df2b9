import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Forecast (docs/product.md §2, base /forecast chosen here); the "Forecast" row. Allocations and
// production plans take an optional period, so they are menu pages that open on the
// current period when none is given. Titles are short: the menu group already says Forecast,
// and the login page's budget carries every route map.

const F = 'forecast' as const;

export const FORECAST_ROUTES = buildRoutes(
  group(
    '/forecast',
    'forecast',
    'Forecast',
    'IconChartLine',
    [
      page(
        '/forecast/forecast-periods',
        'forecast.periods',
        'Forecast Periods',
        'IconCalendarStats',
        F,
      ),
      form(
        '/forecast/forecast-periods/:id?',
        'forecast.period',
        'Forecast Period',
        'IconCalendarStats',
        F,
      ),
      page(
        '/forecast/forecast-allocations/:period_id?',
        'forecast.allocations',
        'Forecast Allocations',
        'IconChartPie',
        F,
      ),
      page(
        '/forecast/forecast-allocation-plan',
        'forecast.allocation-plan',
        'Allocation Plan',
        'IconTable',
        F,
      ),
      page(
        '/forecast/forecast-production-plans/:period_id?',
        'forecast.production-plans',
        'Production Plans',
        'IconCalendarTime',
        F,
      ),
      page(
        '/forecast/forecast-production-plan',
        'forecast.production-plan',
        'Production Plan',
        'IconCalendarEvent',
        F,
      ),
      page(
        '/forecast/forecast-production-qty-ranges',
        'forecast.qty-ranges',
        'Quantity Ranges',
        'IconRulerMeasure',
        F,
      ),
      page('/forecast/sales-report', 'forecast.sales-report', 'Sales Report', 'IconChartLine', F),
      page('/forecast/stock-report', 'forecast.stock-report', 'Stock Report', 'IconChartBar', F),
    ],
    { module: F, area: F },
  ),
);
