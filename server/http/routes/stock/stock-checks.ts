import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bins } from '../../../db/schema/inventory.ts';
import { lotsAt } from '../../../db/stock/lots-at.ts';
import { ruleError } from '../../../errors/api-error.ts';

// Checks a draft's lines share: a line's bin belongs to the document's location; a line's lot
// is one of its product's lots on hand there (the lot picker's choices, lots-at.ts).

export async function checkBinsAt(
  tx: Tx,
  locationId: number,
  binIds: readonly unknown[],
  field = 'bin_id',
): Promise<void> {
  const wanted = binIds.filter((b): b is number => typeof b === 'number');
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: bins.id, locationId: bins.locationId })
    .from(bins)
    .where(inArray(bins.id, wanted));
  const at = new Map(rows.map((b) => [b.id, b.locationId]));
  binIds.forEach((bin, index) => {
    if (typeof bin !== 'number') return;
    if (!at.has(bin)) throw ruleError(`lines.${index}.${field}`, 'exists');
    if (at.get(bin) !== locationId) {
      throw ruleError(`lines.${index}.${field}`, 'This bin is not in the document’s location');
    }
  });
}

/**
 * Every line with a lot (and, when `takes` says so, only lines that take stock out) names a lot
 * of its product that is on hand at `locationId`; else 422 under `lines.N.lot_id`.
 */
export async function checkLotsAt(
  tx: Tx,
  locationId: number,
  lines: readonly Record<string, unknown>[],
  takes: (line: Record<string, unknown>) => boolean = () => true,
): Promise<void> {
  const known = new Map<number, Set<number>>();
  for (const [index, line] of lines.entries()) {
    const lot = line.lot_id;
    if (typeof lot !== 'number' || !takes(line)) continue;
    const product = Number(line.product_id);
    let here = known.get(product);
    if (!here) {
      here = new Set((await lotsAt(tx, product, locationId)).map((l) => l.lot_id));
      known.set(product, here);
    }
    if (!here.has(lot)) {
      throw ruleError(
        `lines.${index}.lot_id`,
        'Choose a lot of this product that is on hand at this location',
      );
    }
  }
}
