// The statuses of a forecast period and of a production plan row (docs/domain/forecast.md §11).

/** draft → open (generate) → locked (read-only; create orders) → closed. */
export const FORECAST_PERIOD_STATUSES = ['draft', 'open', 'locked', 'closed'] as const;
export type ForecastPeriodStatus = (typeof FORECAST_PERIOD_STATUSES)[number];

/** proposed → accepted → ordered (a draft production order made from it). */
export const FORECAST_PLAN_STATUSES = ['proposed', 'accepted', 'ordered'] as const;
export type ForecastPlanStatus = (typeof FORECAST_PLAN_STATUSES)[number];

/** Every forecast list and event is broadcast on the module's one channel. */
export const FORECAST_CHANNEL = 'private-forecast';
