import { backorderedOf, shipsNextOf } from '../shared/entities/sales-order-backorder.ts';
import { salesOrderDoc } from '../shared/entities/sales-orders.entity.ts';
import { formatMeasured } from '../../../src/domain/formats/quantity.format.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What shipping a sales order moves, said before it is confirmed: line by line what leaves now
// (everything allocated and not shipped) and, for a partial shipment, what stays behind on
// backorder to ship once stock arrives.

const SHIP_EVENTS = new Set(['ship', 'ship_partial']);

export function salesOrderMoves(doc: EntityRow, event: string): string[] {
  if (!SHIP_EVENTS.has(event)) return [];
  const lines = salesOrderDoc(doc).lines ?? [];
  return lines.flatMap((line) => {
    const quantities = {
      qty: line.qty ?? 0,
      qty_allocated: line.qty_allocated ?? 0,
      qty_shipped: line.qty_shipped ?? 0,
      qty_cancelled: line.qty_cancelled ?? 0,
    };
    const sku = line.product_sku ?? '';
    const unit = line.measure_code ?? '';
    const ships = shipsNextOf(quantities);
    const stays = backorderedOf(quantities);
    return [
      ...(ships > 0 ? [`${sku}: ${formatMeasured(ships, unit)} ships now`] : []),
      ...(stays > 0 ? [`${sku}: ${formatMeasured(stays, unit)} stays on backorder`] : []),
    ];
  });
}
