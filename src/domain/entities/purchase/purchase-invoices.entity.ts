import { declareEntity } from '../../entity/entity-declaration.ts';
import {
  declareFields,
  listText,
  type EntityField,
  type FieldExtra,
} from '../../entity/entity-field.ts';
import type { EventQuestion } from '../../entity/event-question.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  createdFields,
  noteField,
  numberField,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';
import { moneyField } from '../document-fields.ts';

// Supplier invoices PI- (docs/domain/purchase.md §5): entered from a purchase order, one line per
// PO line billed. The server computes every figure (line totals, the PO's taxes, the CAD total at
// the PO's exchange rate) and the three-way match of each line: billed so far on posted
// invoices plus this one against what was received, and the unit price against the PO's.

export const PURCHASE_INVOICE_STATUSES = ['draft', 'posted', 'paid', 'cancelled'] as const;

/** `purchase.price_variance_pct` when the setting is missing: ± this % of the PO price is no variance. */
export const DEFAULT_PRICE_VARIANCE_PCT = 2;

const shown = <const N extends string>(name: N, label: string, extra: FieldExtra = {}) =>
  listText(name, label, { width: 140, ...extra });

/** A unit price, four decimals, shown as money. */
const price = <const N extends string>(
  name: N,
  label: string,
  extra: FieldExtra,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 4,
  price: true,
  ...extra,
  width: 110,
});

const count = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  listOnly: true,
  width: 110,
  filterable: true,
});

export const PURCHASE_INVOICES = declareEntity({
  name: 'purchase_invoices',
  label: 'Supplier invoice',
  pluralLabel: 'Supplier invoices',
  api: '/api/purchase/purchase_invoices',
  area: 'purchase',
  channel: 'private-purchase.invoices',
  event: 'invoice',
  labelField: 'number',
  searchable: {
    fields: ['number', 'supplier_invoice_no'],
    page: '/invoices',
    open: (row) => `/invoice/${row.id}`,
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    {
      name: 'purchase_order_id',
      label: 'Purchase order',
      kind: 'ref',
      ref: { entity: 'purchase_orders', labelField: 'purchase_order_number' },
      required: true,
      hidden: true,
    },
    shown('purchase_order_number', 'PO', { width: 110 }),
    {
      name: 'supplier_id',
      label: 'Supplier',
      kind: 'ref',
      ref: { entity: 'suppliers', labelField: 'supplier_name' },
      readOnly: true,
      hidden: true,
    },
    shown('supplier_name', 'Supplier', { width: 200 }),
    {
      name: 'supplier_invoice_no',
      label: 'Supplier invoice no',
      kind: 'text',
      required: true,
      maxLength: 40,
      width: 150,
    },
    {
      name: 'invoice_date',
      label: 'Invoice date',
      kind: 'date',
      required: true,
      defaultToday: true,
    },
    // Left blank, the server sets the invoice date plus the supplier's payment terms.
    { name: 'due_date', label: 'Due', kind: 'date', width: 120 },
    statusField(PURCHASE_INVOICE_STATUSES),
    shown('currency_code', 'Currency', { width: 90 }),
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
    { name: 'taxes', label: 'Taxes', kind: 'json', readOnly: true, listOnly: true, hidden: true },
    count('qty_mismatches', 'Qty mismatches'),
    count('price_variances', 'Price variances'),
    {
      name: 'variance_reason',
      label: 'Variance accepted because',
      kind: 'text',
      readOnly: true,
      hidden: true,
      width: 220,
    },
    // Who entered it: they do not accept its price variance (purchase-invoice.machine.ts).
    {
      name: 'created_by',
      label: 'Entered by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'variance_accepted_by',
      label: 'Variance accepted by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    shown('variance_accepted_by_name', 'Variance accepted by', { hidden: true }),
    { name: 'paid_date', label: 'Paid', kind: 'date', readOnly: true, hidden: true, width: 120 },
    shown('payment_reference', 'Payment reference', { hidden: true }),
    noteField,
    ...createdFields,
  ],
});

export const PURCHASE_INVOICE_LINE_FIELDS = declareFields([
  {
    name: 'purchase_order_line_id',
    label: 'PO line',
    kind: 'number',
    precision: 0,
    required: true,
    hidden: true,
    // Set from the PO when the invoice starts from it; never typed.
    ownInput: true,
  },
  shown('product_sku', 'SKU'),
  shown('product_name', 'Product', { width: 220 }),
  shown('measure_code', 'Unit', { width: 70 }),
  qtyField('po_qty', 'Ordered', { readOnly: true, listOnly: true }),
  qtyField('qty_received', 'Received', { readOnly: true, listOnly: true }),
  qtyField('billed_other', 'Billed before', { readOnly: true, listOnly: true }),
  qtyField('qty', 'Qty billed', { required: true, min: 0.001 }),
  price('po_unit_price', 'PO price', { readOnly: true, listOnly: true }),
  price('unit_price', 'Unit price', { min: 0, required: true }),
  moneyField('line_total', 'Line total'),
  qtyField('qty_over', 'Over received', { readOnly: true, listOnly: true }),
  {
    name: 'price_variance_pct',
    label: 'Price variance %',
    kind: 'number',
    precision: 2,
    readOnly: true,
    width: 120,
  },
  { name: 'qty_mismatch', label: 'Qty mismatch', kind: 'boolean', readOnly: true, width: 110 },
  { name: 'price_variance', label: 'Price variance', kind: 'boolean', readOnly: true, width: 110 },
]);

/** The lines as rows: the server's payload schema and label columns. */
export const PURCHASE_INVOICE_LINES = declareEntity({
  name: 'purchase_invoice_lines',
  label: 'Supplier invoice line',
  pluralLabel: 'Supplier invoice lines',
  api: '/api/purchase/purchase_invoices',
  area: 'purchase',
  channel: 'private-purchase.invoices',
  event: 'invoice',
  labelField: 'product_sku',
  writable: false,
  fields: PURCHASE_INVOICE_LINE_FIELDS,
});

/** What paying an invoice asks: when and how it was paid. */
export const PAY_QUESTION: EventQuestion = {
  fields: [
    { name: 'paid_date', label: 'Paid on', kind: 'date', required: true, defaultToday: true },
    {
      name: 'payment_reference',
      label: 'Payment reference',
      kind: 'text',
      required: true,
      maxLength: 60,
    },
  ],
};

/** Where the draft of a PO's next invoice is prefilled (received, not yet billed, at PO prices). */
export const invoicePrefillApi = (purchaseOrderId: number) =>
  `/api/purchase/purchase_orders/${purchaseOrderId}/invoice`;

export const INVOICE_EXCEPTION_KINDS = ['quantity', 'price', 'both'] as const;

/** The report of invoice lines that fail the three-way match. */
export const INVOICE_MATCH_EXCEPTIONS = declareEntity({
  name: 'invoice_match_exceptions',
  label: 'Invoice match exception',
  pluralLabel: 'Invoice match exceptions',
  api: '/api/purchase/reports/invoice-match-exceptions',
  area: 'purchase',
  channel: 'private-purchase.invoices',
  event: 'invoice',
  labelField: 'invoice_number',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    shown('invoice_number', 'Invoice', { width: 110 }),
    shown('supplier_invoice_no', 'Supplier invoice no'),
    shown('supplier_name', 'Supplier', { width: 200 }),
    shown('purchase_order_number', 'PO', { width: 110 }),
    {
      name: 'invoice_status',
      label: 'Status',
      kind: 'enum',
      enumValues: PURCHASE_INVOICE_STATUSES,
      tag: true,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'invoice_date',
      label: 'Invoice date',
      kind: 'date',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'exception',
      label: 'Exception',
      kind: 'enum',
      enumValues: INVOICE_EXCEPTION_KINDS,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    shown('product_sku', 'SKU'),
    shown('product_name', 'Product', { width: 220, hidden: true }),
    shown('measure_code', 'Unit', { width: 70, hidden: true }),
    qtyField('qty_received', 'Received', { readOnly: true, listOnly: true }),
    qtyField('billed_other', 'Billed before', { readOnly: true, listOnly: true }),
    qtyField('qty', 'Qty billed', { readOnly: true, listOnly: true }),
    qtyField('qty_over', 'Over received', { readOnly: true, listOnly: true }),
    price('po_unit_price', 'PO price', { readOnly: true, listOnly: true }),
    price('unit_price', 'Unit price', { readOnly: true, listOnly: true }),
    {
      name: 'price_variance_pct',
      label: 'Price variance %',
      kind: 'number',
      precision: 2,
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'variance_accepted',
      label: 'Variance accepted',
      kind: 'boolean',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    shown('variance_reason', 'Accepted because', { width: 220, hidden: true }),
  ],
});

export type PurchaseInvoiceRow = RowOf<typeof PURCHASE_INVOICES>;
export type PurchaseInvoiceLineRow = RowOf<typeof PURCHASE_INVOICE_LINES>;

/** A supplier invoice as GET /:id answers it and its page reads it: the header with its lines. */
export type PurchaseInvoiceDoc = PurchaseInvoiceRow & { lines?: PurchaseInvoiceLineRow[] };

/** A row the generic document code read as a supplier invoice, its lines as its lines. */
export const purchaseInvoiceDoc = (doc: EntityRow): PurchaseInvoiceDoc =>
  rowOf(PURCHASE_INVOICES, doc);
