import type { ImportColumn } from '../../../../src/domain/imports/import-column.ts';
import { REFERS } from '../../../../src/domain/imports/import-refs.ts';

/**
 * Sales import (docs/domain/sales.md §6 and docs/domain/imports.md §12): one row per order line;
 * rows with the same order reference (the order's `external_ref`) are one draft sales order, priced
 * by the server as any draft is. Idempotent on the reference: a reference seen before updates its
 * order while it is a draft and differs, and is skipped when unchanged or no longer a draft. Each
 * row's outcome is logged in `sales_import_logs` (/sales-import-logs).
 */
export const SALES_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'order_ref',
    label: 'Order Ref',
    required: true,
    hint: 'Your order reference; one order per ref',
  },
  {
    key: 'customer',
    label: 'Customer',
    required: true,
    hint: 'An active customer code',
    refers: REFERS.customer,
  },
  {
    key: 'ship_from',
    label: 'Ship From',
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
  { key: 'order_date', label: 'Order Date', hint: 'yyyy-MM-dd; today when empty' },
  { key: 'ship_by', label: 'Ship By', hint: 'yyyy-MM-dd (optional)' },
];
