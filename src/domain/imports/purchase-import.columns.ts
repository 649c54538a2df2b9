import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Purchase import (docs/product.md §2 /purchases/import; docs/domain/imports.md §12): one row per
 * order line; rows with the same PO reference (the external key) are one draft purchase order,
 * which then goes through approval like any other. Idempotent: a reference imported before is
 * skipped, even when its rows changed (the order belongs to the purchase workflow from then on:
 * change it on its form).
 */
export const PURCHASE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'po_ref',
    label: 'PO Ref',
    required: true,
    hint: 'Your order reference; one order per ref',
  },
  {
    key: 'supplier',
    label: 'Supplier',
    required: true,
    hint: 'Supplier code',
    refers: REFERS.supplier,
  },
  {
    key: 'ship_to',
    label: 'Ship To',
    required: true,
    hint: 'Location code, e.g. WH-MAIN',
    refers: REFERS.location,
  },
  {
    key: 'sku',
    label: 'SKU',
    required: true,
    hint: 'An existing product SKU',
    refers: REFERS.product,
  },
  { key: 'qty', label: 'Qty', required: true, hint: 'Above 0' },
  {
    key: 'unit_price',
    label: 'Unit Price',
    hint: 'In the supplier’s currency; the supplier’s price for the product when empty',
  },
  { key: 'expected_date', label: 'Expected Date', hint: 'yyyy-MM-dd (optional)' },
];
