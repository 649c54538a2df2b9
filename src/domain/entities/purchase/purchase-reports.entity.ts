import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import type { EntityField } from '../../entity/entity-field.ts';
import { PURCHASE_ORDER_STATUSES, RECEIPT_STATUSES } from './purchase-orders.entity.ts';

// The Purchase reports: read-only lists on the entity pattern, so each is
// filterable, sortable and exportable like any grid. Open orders: what suppliers still owe us
// and by when. Receipts vs orders: per supplier, what was ordered against what arrived, and
// how long it took from the order to its first and its last receipt.

/** Orders the supplier still has to deliver: committed, not finished, not cancelled. */
export const OPEN_PURCHASE_STATUSES = [
  'approved',
  'sent',
  'partially_received',
  'on_hold',
] as const;

// Each report keeps its fields' literal names and kinds in its type, so RowOf names its columns
// (docs/architecture.md "Entities"); `writable: false` makes every one of them nullable.
const report = <const F extends readonly EntityField[]>(
  name: string,
  label: string,
  path: string,
  fields: F,
  defaultSort: EntityDeclaration['defaultSort'],
  labelField: string,
): EntityDeclaration<F> & { readonly writable: false } => ({
  name,
  label,
  pluralLabel: label,
  api: `/api/purchase/reports/${path}`,
  area: 'purchase',
  channel: 'private-purchase.orders',
  event: 'purchase',
  labelField,
  defaultSort,
  writable: false,
  fields,
});

const money = <const N extends string>(
  name: N,
  label: string,
  hidden = false,
): EntityField<N, 'money'> => ({
  name,
  label,
  kind: 'money',
  readOnly: true,
  listOnly: true,
  width: 130,
  ...(hidden ? { hidden } : {}),
});

const count = <const N extends string>(
  name: N,
  label: string,
  precision = 0,
  width = 110,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision,
  readOnly: true,
  listOnly: true,
  width,
});

const supplierRef: EntityField<'supplier_id', 'ref'> = {
  name: 'supplier_id',
  label: 'Supplier',
  kind: 'ref',
  ref: { entity: 'suppliers', labelField: 'supplier_name' },
  readOnly: true,
  hidden: true,
};

/** purchase/reports/open-orders: one row per open order, soonest due first. */
export const OPEN_PURCHASE_ORDERS = report(
  'purchase_open_orders',
  'Open purchase orders',
  'open-orders',
  [
    { name: 'number', label: 'Number', kind: 'text', readOnly: true, width: 120 },
    supplierRef,
    { name: 'supplier_name', label: 'Supplier', kind: 'text', readOnly: true, width: 200 },
    { name: 'order_date', label: 'Ordered', kind: 'date', readOnly: true, width: 120 },
    { name: 'expected_date', label: 'Due', kind: 'date', readOnly: true, width: 120 },
    {
      name: 'overdue',
      label: 'Overdue',
      kind: 'boolean',
      readOnly: true,
      listOnly: true,
      alert: 'Overdue',
      width: 110,
    },
    count('days_overdue', 'Days late', 0, 100),
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: PURCHASE_ORDER_STATUSES.filter((s) =>
        (OPEN_PURCHASE_STATUSES as readonly string[]).includes(s),
      ),
      tag: true,
      readOnly: true,
      width: 150,
    },
    {
      name: 'receipt_status',
      label: 'Receipt',
      kind: 'enum',
      enumValues: RECEIPT_STATUSES,
      tag: true,
      readOnly: true,
      width: 150,
    },
    { name: 'currency_code', label: 'Currency', kind: 'text', readOnly: true, width: 90 },
    money('total', 'Total', true),
    money('total_cad', 'Total CAD'),
    money('open_value_cad', 'Still to receive CAD'),
    count('open_lines', 'Open lines', 0, 100),
  ],
  { field: 'expected_date', direction: 'asc' },
  'number',
);

/** purchase/reports/receipts-vs-orders: one row per supplier that has been sent orders. */
export const RECEIPTS_VS_ORDERS = report(
  'purchase_receipts_vs_orders',
  'Receipts vs orders',
  'receipts-vs-orders',
  [
    { name: 'code', label: 'Code', kind: 'text', readOnly: true, width: 110 },
    { name: 'name', label: 'Supplier', kind: 'text', readOnly: true, width: 200 },
    count('orders', 'Orders'),
    count('qty_ordered', 'Ordered qty', 3, 130),
    count('qty_received', 'Received qty', 3, 130),
    count('qty_cancelled', 'Cancelled qty', 3, 130),
    {
      name: 'fill_rate',
      label: 'Received %',
      kind: 'number',
      precision: 1,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    count('receipts', 'Receipts'),
    count('lead_time_days', 'Promised lead (days)', 0, 150),
    count('avg_first_receipt_days', 'First receipt (avg days)', 1, 170),
    count('avg_last_receipt_days', 'Last receipt (avg days)', 1, 170),
    count('max_last_receipt_days', 'Slowest (days)', 0, 130),
  ],
  { field: 'name', direction: 'asc' },
  'name',
);
