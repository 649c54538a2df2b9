import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { nicotineLimit, nicotineLimitMessage } from '../nicotine-limit.ts';

// Product invariants of docs/domain/inventory.md §2 that span fields or rows (beside the
// declaration's references and `requiredWhen`, checked with them in products.binding.ts), checked
// on every write of a product: direct edits, imports and applied change requests alike. `row` is
// the product as it would be saved, in wire names.

const UPC = /^\d{8,14}$/;

/** The products that are vaping liquid, which the nicotine limit holds (nicotine-limit.ts). */
const VAPING_LIQUIDS: readonly unknown[] = ['finished_good', 'bulk_liquid'];

/**
 * Field → docs/product.md §5 code (or a message shown as given); empty when the product may be
 * saved.
 */
export async function productRuleErrors(
  tx: Tx,
  row: Record<string, unknown>,
  id: number | null,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (
    row.upc !== null &&
    row.upc !== undefined &&
    !(typeof row.upc === 'string' && UPC.test(row.upc))
  ) {
    errors.upc = 'digitsbetween';
  }
  if (typeof row.sku === 'string' && (await skuTaken(tx, row.sku, id))) errors.sku = 'unique';
  // Presence (volume, recipe, HPLC category) is the declaration's `requiredWhen`; its size here.
  if (row.status === 'active' && row.type === 'finished_good') {
    const volume =
      row.volume_ml === null || row.volume_ml === undefined ? null : Number(row.volume_ml);
    if (volume !== null && !(volume > 0)) errors.volume_ml = 'Volume must be greater than 0';
  }
  if (row.status === 'active' && VAPING_LIQUIDS.includes(row.type)) {
    const mg = Number(row.nicotine_mg ?? 0);
    const limit = await nicotineLimit(tx);
    if (mg > limit) errors.nicotine_mg = nicotineLimitMessage('The product', mg, limit);
  }
  return errors;
}

/** SKUs are unique whatever their case. */
async function skuTaken(tx: Tx, sku: string, id: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where lower(sku) = lower(${sku}) and id <> ${id ?? 0} limit 1`,
  );
  return rows.length > 0;
}
