import { ASSEMBLY_ROUTES } from '../../../domain/route-map/assembly.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Assembly is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Assembly screens keyed by route name. */
export const assemblyPages: PageMap = notBuiltPages([ASSEMBLY_ROUTES]);
