import { IMPORTS_ROUTES } from '../../../domain/route-map/imports.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { ImportsCentrePage } from './imports-centre.page.tsx';

// Loaded lazily by the router, so Imports is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Imports screens keyed by route name. */
export const importsPages: PageMap = {
  ...notBuiltPages([IMPORTS_ROUTES]),
  imports: ImportsCentrePage,
};
