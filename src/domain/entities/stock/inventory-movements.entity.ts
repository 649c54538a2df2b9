import { declareEntity } from '../../entity/entity-declaration.ts';
import {
  binFields,
  locationFields,
  lotFields,
  productFields,
  productFilterFields,
  reportQty,
} from '../../entity/shared-fields.ts';

export const MOVEMENT_TYPES = [
  'opening',
  'receipt',
  'receipt_reversal',
  'adjustment',
  'count_variance',
  'transfer_out',
  'transfer_in',
  'ship',
  'consume',
  'produce',
  'scrap',
  'recovery',
  'correction',
] as const;

/**
 * Which document a movement came from (its table): every writer of the ledger names one, so
 * each row of the movements report reads as a document type and number.
 */
export const MOVEMENT_SOURCES = [
  'receivings',
  'stock_adjustments',
  'stock_counts',
  'transfers',
  'allocations',
  'production_orders',
  'production_recoveries',
  'production_order_corrections',
  'product_stamping_orders',
  'product_stamping_order_corrections',
  'lab_receivings',
  'assembly_orders',
] as const;

export type MovementSource = (typeof MOVEMENT_SOURCES)[number];

/** How each document type reads beside its number: 'Production order' MO-00106. */
export const MOVEMENT_SOURCE_LABELS: Readonly<Record<MovementSource, string>> = {
  receivings: 'Receiving',
  stock_adjustments: 'Stock adjustment',
  stock_counts: 'Stock count',
  transfers: 'Transfer',
  allocations: 'Packing list',
  production_orders: 'Production order',
  production_recoveries: 'Recovery',
  production_order_corrections: 'Order correction',
  product_stamping_orders: 'Stamping order',
  product_stamping_order_corrections: 'Stamping correction',
  lab_receivings: 'Lab receiving',
  assembly_orders: 'Assembly order',
};

/**
 * inventory-movements-details (docs/domain/inventory.md §2): the ledger, one row per movement, with
 * the running balance of its product at its location after it (whatever the filter shows).
 */
export const INVENTORY_MOVEMENTS = declareEntity({
  name: 'inventory_movements',
  label: 'Stock movement',
  pluralLabel: 'Inventory movements',
  api: '/api/inventory/reports/inventory-movements-details',
  area: 'inventory',
  channel: 'private-inventory.stock',
  event: 'stock',
  labelField: 'document_number',
  defaultSort: { field: 'moved_at', direction: 'desc' },
  writable: false,
  fields: [
    { name: 'moved_at', label: 'Moved', kind: 'datetime', readOnly: true, width: 160 },
    {
      name: 'movement_type',
      label: 'Type',
      kind: 'enum',
      enumValues: MOVEMENT_TYPES,
      tag: true,
      readOnly: true,
      width: 140,
    },
    {
      name: 'source_type',
      label: 'Document type',
      kind: 'enum',
      enumValues: MOVEMENT_SOURCES,
      valueLabels: MOVEMENT_SOURCE_LABELS,
      readOnly: true,
      width: 175,
    },
    {
      name: 'source_id',
      label: 'Document id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
      // Ids of a dozen document tables side by side: filtered to find one document's
      // movements, but in id order they mean nothing.
      sortable: false,
    },
    {
      name: 'document_number',
      label: 'Document',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'document_route',
      label: 'Document link',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      filterable: false,
      sortable: false,
    },
    ...productFields(),
    ...lotFields(),
    ...locationFields(),
    ...binFields(),
    reportQty('qty', 'Qty', 100),
    reportQty('qty_in', 'In', 100),
    reportQty('qty_out', 'Out', 100),
    reportQty('running_balance', 'Balance', 110),
    {
      name: 'unit_cost',
      price: true,
      label: 'Unit cost',
      kind: 'number',
      precision: 4,
      readOnly: true,
      width: 110,
    },
    { name: 'note', label: 'Note', kind: 'text', readOnly: true, hidden: true },
    {
      name: 'created_by_name',
      label: 'User',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    ...productFilterFields(),
  ],
});
