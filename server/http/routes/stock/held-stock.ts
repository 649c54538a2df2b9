import { stockKey, type ResourceKey } from '../../../db/resource-locks.ts';
import type { EventContext } from '../../../db/document-event.ts';

/**
 * The stock a shipping document holds or moves: each line's product at the location it ships
 * from. Free stock is on hand less what open allocations hold, so documents allocating or
 * shipping one product take turns with each other and with every posting of it.
 */
export const shipFromStock = ({ doc, lines }: EventContext): ResourceKey[] =>
  lines.map((l) => stockKey(Number(l.product_id), Number(doc.ship_from_location_id)));
