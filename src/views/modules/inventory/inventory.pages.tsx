import { INVENTORY_ROUTES } from '../../../domain/route-map/inventory.routes.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Inventory is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Inventory screens keyed by route name. */
export const inventoryPages: PageMap = notBuiltPages([INVENTORY_ROUTES]);
