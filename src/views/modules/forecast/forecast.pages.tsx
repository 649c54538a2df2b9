import { FORECAST_ROUTES } from '../../../domain/route-map/forecast.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Forecast is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Forecast screens keyed by route name. */
export const forecastPages: PageMap = notBuiltPages([FORECAST_ROUTES]);
