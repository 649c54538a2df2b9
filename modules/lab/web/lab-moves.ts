import { formatMeasured } from '../../../src/domain/formats/quantity.format.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import {
  labReceivingDoc,
  type LabReceivingItemRow,
} from '../shared/entities/lab-receivings.entity.ts';

// What an irreversible lab receiving event does, said when the person confirms it.

const goods = (l: LabReceivingItemRow) =>
  `${formatMeasured(l.qty ?? 0, l.measure_code ?? '')} × ${l.product_sku ?? ''} (supplier lot ${l.supplier_lot_no ?? ''})`;

export function labReceivingMoves(row: EntityRow, event: string): string[] {
  const doc = labReceivingDoc(row);
  const lines = doc.lines ?? [];
  switch (event) {
    case 'receive':
      return lines.map(
        (l) =>
          `${goods(l)} in ${l.container_count ?? ''} container(s), net quantities adding up to the item`,
      );
    case 'post':
      return lines.map((l) => `${goods(l)} into ${doc.location_name ?? ''}, lot in quarantine`);
    case 'release':
      return lines.map((l) => `Lot ${l.lot_no ?? ''} of ${l.product_sku ?? ''} leaves quarantine`);
    default:
      return [];
  }
}
