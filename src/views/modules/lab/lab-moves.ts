import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What an irreversible lab receiving event does, said when the person confirms it.

const linesOf = (doc: EntityRow) => (Array.isArray(doc.lines) ? (doc.lines as EntityRow[]) : []);
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const goods = (l: EntityRow) =>
  `${formatMeasured(Number(l.qty ?? 0), text(l.measure_code))} × ${text(l.product_sku)} (supplier lot ${text(l.supplier_lot_no)})`;

export function labReceivingMoves(doc: EntityRow, event: string): string[] {
  const lines = linesOf(doc);
  switch (event) {
    case 'receive':
      return lines.map(
        (l) =>
          `${goods(l)} in ${text(l.container_count)} container(s), net quantities adding up to the item`,
      );
    case 'post':
      return lines.map((l) => `${goods(l)} into ${text(doc.location_name)}, lot in quarantine`);
    case 'release':
      return lines.map((l) => `Lot ${text(l.lot_no)} of ${text(l.product_sku)} leaves quarantine`);
    default:
      return [];
  }
}
