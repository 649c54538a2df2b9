import { GENERAL_ROUTES } from '../../../domain/route-map/general.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Administration is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Administration screens keyed by route name. */
export const generalPages: PageMap = notBuiltPages([GENERAL_ROUTES]);
