import { SALES_ROUTES } from '../../../domain/route-map/sales.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Sales is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Sales screens keyed by route name. */
export const salesPages: PageMap = notBuiltPages([SALES_ROUTES]);
