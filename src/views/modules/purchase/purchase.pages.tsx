import { PURCHASE_ROUTES } from '../../../domain/route-map/purchase.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Purchase is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Purchase screens keyed by route name. */
export const purchasePages: PageMap = notBuiltPages([PURCHASE_ROUTES]);
