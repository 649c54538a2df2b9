import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Price tier import (docs/domain/imports.md §12): one row per quantity break, keyed by tier, SKU,
 * minimum quantity and valid-from date. A tier the file names that does not exist is made (its name
 * then required). A known break is updated when its price or end date differ, else skipped.
 */
export const PRICE_TIER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'tier', label: 'Tier', required: true, hint: 'Price tier code' },
  { key: 'tier_name', label: 'Tier Name', hint: 'Required for a tier not yet in the system' },
  {
    key: 'currency',
    label: 'Currency',
    hint: 'For a new tier; CAD when empty',
    refers: REFERS.currency,
  },
  {
    key: 'sku',
    label: 'SKU',
    required: true,
    hint: 'An existing product SKU',
    refers: REFERS.product,
  },
  { key: 'min_qty', label: 'Min Qty', hint: '1 when empty' },
  { key: 'unit_price', label: 'Unit Price', required: true, hint: 'In the tier’s currency' },
  { key: 'valid_from', label: 'Valid From', required: true, hint: 'yyyy-MM-dd' },
  { key: 'valid_to', label: 'Valid To', hint: 'yyyy-MM-dd (optional)' },
];
