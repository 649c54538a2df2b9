import { PROJECTS_ROUTES } from '../../../domain/route-map/projects.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Project Management is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Project Management screens keyed by route name. */
export const projectsPages: PageMap = notBuiltPages([PROJECTS_ROUTES]);
