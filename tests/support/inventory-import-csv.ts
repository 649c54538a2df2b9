import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/query-rows.ts';

// A large opening-stock CSV for the inventory import (tests and bench/imports.bench.ts): the
// given products in turn at one location, one unit each, lot-tracked ones spread over a few
// lots so the import makes lots as well as reusing them.

export type CsvProduct = { sku: string; lotTracked: boolean };

/** Every product of the database, in id order, as the CSV takes them. */
export async function csvProductsOf(db: Db): Promise<CsvProduct[]> {
  const rows = await queryRows<{ sku: string; lot: boolean }>(
    db,
    sql`select sku, is_lot_tracked as lot from products order by id`,
  );
  return rows.map((p) => ({ sku: p.sku, lotTracked: p.lot }));
}

export const LOTS_PER_PRODUCT = 20;

export function inventoryCsv(
  products: readonly CsvProduct[],
  rows: number,
  location = 'WH-MAIN',
): string {
  const lines = ['SKU,Location,Lot No,Expiry Date,Qty,Unit Cost'];
  for (let i = 0; i < rows; i += 1) {
    const product = products[i % products.length]!;
    const lot = product.lotTracked ? `BIG-${i % LOTS_PER_PRODUCT}` : '';
    lines.push(`${product.sku},${location},${lot},${lot ? '2029-12-31' : ''},1,2.5`);
  }
  return `${lines.join('\n')}\n`;
}
