import { TRAINING_ROUTES } from '../../../domain/route-map/training.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Training is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Training screens keyed by route name. */
export const trainingPages: PageMap = notBuiltPages([TRAINING_ROUTES]);
