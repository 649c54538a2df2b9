// A large opening-stock CSV for the inventory import (tests and bench/imports.bench.ts): the
// given products in turn at one location, one unit each, lot-tracked ones spread over a few
// lots so the import makes lots as well as reusing them.

export type CsvProduct = { sku: string; lotTracked: boolean };

export const LOTS_PER_PRODUCT = 20;

export function inventoryCsv(products: readonly CsvProduct[], rows: number, location = 'WH-MAIN'): string {
  const lines = ['SKU,Location,Lot No,Expiry Date,Qty,Unit Cost'];
  for (let i = 0; i < rows; i += 1) {
    const product = products[i % products.length]!;
    const lot = product.lotTracked ? `BIG-${i % LOTS_PER_PRODUCT}` : '';
    lines.push(`${product.sku},${location},${lot},${lot ? '2029-12-31' : ''},1,2.5`);
  }
  return `${lines.join('\n')}\n`;
}
