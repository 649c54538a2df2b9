import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bins } from '../../../db/schema/inventory.ts';
import { ruleError } from '../../api-error.ts';

// Checks a draft's lines share: a line's bin belongs to the document's location.

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
