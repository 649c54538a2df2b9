import type { ImportColumn } from './import-column.ts';

// What the import columns that name a record by its code refer to (ImportColumn `refers`),
// each with a code of the shape the plant's records use, so a row naming a code that is not
// there says what was looked for and what a code looks like.

type Refers = NonNullable<ImportColumn['refers']>;

export const REFERS = {
  customer: { what: 'active customer', codes: 'customer codes', example: 'C-0001' },
  supplier: { what: 'supplier', codes: 'supplier codes', example: 'SUP-GLYC' },
  location: { what: 'location', codes: 'location codes', example: 'WH-MAIN' },
  product: { what: 'product with SKU', codes: 'SKUs', example: 'RM-PG-USP' },
  bulkLiquid: { what: 'bulk liquid with SKU', codes: 'SKUs', example: 'BL-MANGO-06' },
  ingredient: { what: 'ingredient with SKU', codes: 'SKUs', example: 'RM-PG-USP' },
  currency: { what: 'currency', codes: 'currency codes', example: 'CAD' },
  priceTier: { what: 'price tier', codes: 'price tier codes', example: 'RETAIL' },
  unit: { what: 'unit', codes: 'unit codes', example: 'ea' },
  category: { what: 'category', codes: 'category codes', example: 'ELIQ-FRUIT' },
  brand: { what: 'brand', codes: 'brand codes', example: 'NCLOUD' },
  bin: { what: 'bin in that location', codes: 'bin codes', example: 'A-01-1' },
} as const satisfies Record<string, Refers>;
