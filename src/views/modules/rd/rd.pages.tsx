import { RD_ROUTES } from '../../../domain/route-map/rd.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so R&D is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** R&D screens keyed by route name. */
export const rdPages: PageMap = notBuiltPages([RD_ROUTES]);
