import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What QA reads before scrapping a recovery whose HPLC test failed: the whole recovered lot
// leaves stock as scrap and is blocked (recovery-effects.ts scrapRecovery), from the row the
// drawer shows.

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value ? value : fallback;

export function recoveryMoves(doc: EntityRow, event: string): string[] {
  if (event !== 'scrap') return [];
  const lot = text(doc.target_lot_no, 'the recovered lot');
  const bulk = text(doc.bulk_product_sku, 'bulk');
  const source = text(doc.source_label, 'its source');
  const units = Number(doc.units ?? 0);
  return [
    `${Number(doc.recovered_ml ?? 0)} ml of ${bulk}, lot ${lot}: out of stock as scrap`,
    `Lot ${lot} is blocked`,
    `Recovered from ${source}${units > 0 ? ` (${units} units)` : ''}: nothing goes back to it`,
  ];
}
