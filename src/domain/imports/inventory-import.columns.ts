import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Inventory import (docs/product.md §2 inventory-import; docs/domain/imports.md §12): opening stock
 * per product, location, bin and lot, posted as one stock adjustment of `opening` movements.
 */
export const INVENTORY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'sku',
    label: 'SKU',
    required: true,
    hint: 'An existing product SKU',
    refers: REFERS.product,
  },
  {
    key: 'location',
    label: 'Location',
    required: true,
    hint: 'Location code, e.g. WH-MAIN',
    refers: REFERS.location,
  },
  { key: 'bin', label: 'Bin', hint: 'Bin code in that location (optional)', refers: REFERS.bin },
  { key: 'lot_no', label: 'Lot No', hint: 'Required for lot-tracked products' },
  { key: 'expiry_date', label: 'Expiry Date', hint: 'yyyy-MM-dd (optional)' },
  { key: 'qty', label: 'Qty', required: true, hint: 'Quantity in the product’s unit, above 0' },
  { key: 'unit_cost', label: 'Unit Cost', hint: 'CAD; the product’s standard cost when empty' },
];
