import { declareEntity } from '../../entity/entity-declaration.ts';
import { declareFields, withFields } from '../../entity/entity-field.ts';
import type { LineItems } from '../../entity/line-fields.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  createdFields,
  locationFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';
import { moneyField, workflowFact } from '../document-fields.ts';

// Purchase orders PO- (docs/domain/purchase.md §5). The server computes every figure: line totals,
// the taxes of the order's tax setup, the total and its CAD value at the exchange rate the
// currency had when the order was created. Receipt and billing statuses are derived from the
// lines' received and billed quantities, never set.

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'sent',
  'partially_received',
  'received',
  'on_hold',
  'closed',
  'cancelled',
] as const;

export const RECEIPT_STATUSES = ['not_received', 'partially_received', 'received'] as const;
export const BILLING_STATUSES = ['to_bill', 'partially_billed', 'billed'] as const;

/** `purchase.approval_threshold` when the setting is missing: CAD at or over it needs an admin. */
export const DEFAULT_APPROVAL_THRESHOLD = 5000;

export const PURCHASE_ORDERS = declareEntity({
  name: 'purchase_orders',
  label: 'Purchase order',
  pluralLabel: 'Purchase orders',
  api: '/api/purchase/purchase_orders',
  area: 'purchase',
  channel: 'private-purchase.orders',
  event: 'purchase',
  labelField: 'number',
  searchable: { fields: ['number'], page: '/purchases', form: '/purchase' },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    {
      name: 'supplier_id',
      label: 'Supplier',
      kind: 'ref',
      ref: { entity: 'suppliers', labelField: 'supplier_name' },
      required: true,
      hidden: true,
    },
    {
      name: 'supplier_name',
      label: 'Supplier',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 200,
    },
    // Where the order goes, as the supplier reads now: its address decides the default taxes,
    // and Send emails the PDF to its email.
    {
      name: 'supplier_address',
      label: 'Supplier address',
      kind: 'text',
      readOnly: true,
      hidden: true,
      width: 260,
    },
    {
      name: 'supplier_email',
      label: 'Supplier email',
      kind: 'text',
      readOnly: true,
      hidden: true,
      width: 200,
    },
    { name: 'order_date', label: 'Ordered', kind: 'date', required: true, defaultToday: true },
    // Off the list by default (the Columns menu shows them), so Status and Total fit a desk.
    { name: 'expected_date', label: 'Expected', kind: 'date', width: 120, hidden: true },
    ...withFields(locationFields('ship_to_location_id', 'Ship to'), () => ({ hidden: true })),
    {
      name: 'currency_id',
      label: 'Currency',
      kind: 'ref',
      ref: { entity: 'currencies', labelField: 'currency_code' },
      hidden: true,
    },
    {
      name: 'currency_code',
      label: 'Currency',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'tax_setup_id',
      label: 'Tax setup',
      kind: 'ref',
      ref: { entity: 'tax_setups', labelField: 'tax_setup_name' },
      hidden: true,
    },
    {
      name: 'tax_setup_name',
      label: 'Tax setup',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 150,
    },
    statusField(PURCHASE_ORDER_STATUSES),
    {
      name: 'receipt_status',
      label: 'Receipt',
      kind: 'enum',
      enumValues: RECEIPT_STATUSES,
      tag: true,
      readOnly: true,
      width: 140,
    },
    {
      name: 'billing_status',
      label: 'Billing',
      kind: 'enum',
      enumValues: BILLING_STATUSES,
      tag: true,
      readOnly: true,
      hidden: true,
      width: 130,
    },
    moneyField('subtotal', 'Subtotal', { hidden: true }),
    moneyField('tax_total', 'Taxes', { hidden: true }),
    moneyField('total', 'Total'),
    {
      name: 'exchange_rate',
      label: 'Rate to CAD',
      kind: 'number',
      precision: 6,
      readOnly: true,
      hidden: true,
      width: 110,
    },
    moneyField('total_cad', 'Total CAD'),
    // The taxes of `total`, one per code of the tax setup: [{tax_code, rate, amount}].
    { name: 'taxes', label: 'Taxes', kind: 'json', readOnly: true, listOnly: true, hidden: true },
    {
      name: 'submitted_by',
      label: 'Submitted by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'held_from',
      label: 'Held from',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    workflowFact('needs_approval', 'Needs approval'),
    workflowFact('received_any', 'Received any'),
    noteField,
    ...createdFields,
  ],
});

export const PURCHASE_ORDER_LINE_FIELDS = declareFields([
  ...productFields(),
  { name: 'description', label: 'Description', kind: 'text', maxLength: 200, width: 200 },
  qtyField('qty', 'Qty', { required: true, min: 0.001 }),
  {
    name: 'measure_code',
    label: 'Unit',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 70,
  },
  {
    name: 'unit_price',
    label: 'Unit price',
    kind: 'number',
    precision: 4,
    min: 0,
    required: true,
    width: 110,
  },
  { name: 'taxable', label: 'Taxable', kind: 'boolean', defaultValue: true, width: 90 },
  moneyField('line_total', 'Line total'),
  qtyField('qty_received', 'Received', { readOnly: true, listOnly: true }),
  qtyField('qty_billed', 'Billed', { readOnly: true, listOnly: true, hidden: true }),
  qtyField('qty_cancelled', 'Cancelled', { readOnly: true, listOnly: true, hidden: true }),
]);

/** The lines as rows: the server's payload schema and label columns. */
export const PURCHASE_ORDER_LINES = declareEntity({
  name: 'purchase_order_lines',
  label: 'Purchase order line',
  pluralLabel: 'Purchase order lines',
  api: '/api/purchase/purchase_orders',
  area: 'purchase',
  channel: 'private-purchase.orders',
  event: 'purchase',
  labelField: 'product_sku',
  writable: false,
  fields: PURCHASE_ORDER_LINE_FIELDS,
});

export const PURCHASE_ORDER_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: PURCHASE_ORDER_LINE_FIELDS,
  minLines: 1,
};

export type PurchaseOrderRow = RowOf<typeof PURCHASE_ORDERS>;
export type PurchaseOrderLineRow = RowOf<typeof PURCHASE_ORDER_LINES>;

/** A purchase order as GET /:id answers it and its form reads it: the header with its lines. */
export type PurchaseOrderDoc = PurchaseOrderRow & { lines?: PurchaseOrderLineRow[] };

/** A row the generic document code read as a purchase order, its lines as its lines. */
export const purchaseOrderDoc = (doc: EntityRow): PurchaseOrderDoc => rowOf(PURCHASE_ORDERS, doc);
