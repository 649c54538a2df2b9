import { LAB_ROUTES } from '../../../domain/route-map/lab.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Lab Receiving is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Lab Receiving screens keyed by route name. */
export const labPages: PageMap = notBuiltPages([LAB_ROUTES]);
