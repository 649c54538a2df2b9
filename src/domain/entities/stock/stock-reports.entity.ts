import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import type { EntityField } from '../../entity/entity-field.ts';
import {
  binFields,
  locationFields,
  lotFields,
  productFields,
  productFilterFields,
  reportQty,
} from '../../entity/shared-fields.ts';

// The inventory reports over the stock ledger (docs/domain/inventory.md §2 "Reports"); read-only
// lists on the entity pattern, so each is filterable, sortable and exportable like any grid.
// Each keeps its fields' literal names and kinds in its type, so RowOf names its columns
// (docs/architecture.md "Entities"); `writable: false` makes every one of them nullable.

const report = <const F extends readonly EntityField[]>(
  name: string,
  label: string,
  path: string,
  fields: F,
  defaultSort: EntityDeclaration['defaultSort'],
): EntityDeclaration<F> & { readonly writable: false } => ({
  name,
  label,
  pluralLabel: label,
  api: `/api/inventory/reports/${path}`,
  area: 'inventory',
  channel: 'private-inventory.stock',
  event: 'stock',
  // Reports of products carry `sku`; those of lots and places carry `product_sku`.
  labelField: fields.some((f) => f.name === 'product_sku') ? 'product_sku' : 'sku',
  defaultSort,
  writable: false,
  fields,
});

const money = <const N extends string>(name: N, label: string): EntityField<N, 'money'> => ({
  name,
  label,
  kind: 'money',
  readOnly: true,
  listOnly: true,
  width: 120,
});
const days = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  listOnly: true,
  width: 100,
});
const sku: EntityField<'sku', 'text'> = {
  name: 'sku',
  label: 'SKU',
  kind: 'text',
  readOnly: true,
  width: 140,
};
const productName: EntityField<'name', 'text'> = {
  name: 'name',
  label: 'Product',
  kind: 'text',
  readOnly: true,
  width: 220,
};

export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '91-180', '181-365', '>365'] as const;

/** inventory-aging: per lot with stock, age from received_at in buckets, qty and value. */
export const INVENTORY_AGING = report(
  'inventory_aging',
  'Inventory aging',
  'inventory-aging',
  [
    ...productFields(),
    { name: 'lot_no', label: 'Lot', kind: 'text', readOnly: true, width: 120 },
    { name: 'received_at', label: 'Received', kind: 'datetime', readOnly: true, width: 160 },
    { name: 'expiry_date', label: 'Expiry', kind: 'date', readOnly: true, width: 120 },
    days('age_days', 'Age (days)'),
    {
      name: 'age_bucket',
      label: 'Age bucket',
      kind: 'enum',
      enumValues: AGE_BUCKETS,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    reportQty('qty_on_hand', 'On hand'),
    reportQty('qty_0_30', '0–30'),
    reportQty('qty_31_60', '31–60'),
    reportQty('qty_61_90', '61–90'),
    reportQty('qty_91_180', '91–180'),
    reportQty('qty_181_365', '181–365'),
    reportQty('qty_over_365', '>365'),
    money('value', 'Value'),
    days('days_to_expiry', 'Days to expiry'),
    ...productFilterFields(),
  ],
  { field: 'age_days', direction: 'desc' },
);

export const PURCHASE_STATUSES = ['in_purchase', 'not_in_purchase'] as const;

/** inventory-products-low-stock: available at or under the reorder point. */
export const LOW_STOCK = {
  ...report(
    'inventory_low_stock',
    'Low stock products',
    'inventory-products-low-stock',
    [
      sku,
      productName,
      reportQty('on_hand', 'On hand'),
      reportQty('allocated', 'Allocated'),
      reportQty('available', 'Available'),
      { ...reportQty('reorder_point', 'Reorder point'), listOnly: false },
      { ...reportQty('reorder_qty', 'Reorder qty'), listOnly: false },
      reportQty('open_po_qty', 'Open PO'),
      {
        name: 'purchase_status',
        label: 'Purchase',
        kind: 'enum',
        enumValues: PURCHASE_STATUSES,
        tag: true,
        readOnly: true,
        listOnly: true,
        width: 140,
      },
      reportQty('suggested', 'Suggested order', 130),
      ...productFilterFields(),
    ],
    { field: 'sku', direction: 'asc' },
  ),
  // One row per product: its own sku, not a product_sku column, names it in a picker.
  labelField: 'sku',
};

/** products-availability: on hand split into quarantine, allocated, reserved, available. */
export const PRODUCTS_AVAILABILITY = {
  ...report(
    'products_availability',
    'Products availability',
    'products-availability',
    [
      sku,
      productName,
      reportQty('on_hand', 'On hand'),
      reportQty('quarantine', 'Quarantine'),
      reportQty('allocated', 'Allocated'),
      reportQty('reserved', 'Reserved'),
      reportQty('available', 'Available'),
      reportQty('incoming', 'Incoming'),
      ...productFilterFields(),
    ],
    { field: 'sku', direction: 'asc' },
  ),
  labelField: 'sku',
};

/** products-diff: system quantity against the last posted count of the same place. */
export const PRODUCTS_DIFF = report(
  'products_diff',
  'Products diff',
  'products-diff',
  [
    ...productFields(),
    ...locationFields(),
    ...lotFields(),
    ...binFields(),
    reportQty('system_qty', 'System qty'),
    reportQty('counted_qty', 'Last counted'),
    reportQty('diff_qty', 'Diff'),
    money('diff_value', 'Diff value'),
    {
      name: 'count_number',
      label: 'Count',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'counted_at',
      label: 'Count date',
      kind: 'datetime',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    ...productFilterFields(),
  ],
  { field: 'product_sku', direction: 'asc' },
);
