import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  binFields,
  createdFields,
  locationFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';

export const RECEIVING_STATUSES = ['draft', 'posted', 'reversed', 'cancelled'] as const;

/** Receivings RC- (docs/domain/inventory.md §2); written through their own document routes. */
export const RECEIVINGS = declareEntity({
  name: 'receivings',
  label: 'Receiving',
  pluralLabel: 'Receivings',
  api: '/api/inventory/receivings',
  area: 'stock_receivings',
  channel: 'private-inventory.documents',
  event: 'receiving',
  labelField: 'number',
  searchable: {
    fields: ['number', 'packing_slip_no'],
    page: '/inventory/receivings',
    form: '/inventory/receiving',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    // Goods that come against a purchase order name it and its supplier; the server checks
    // they match and that the order is receivable (sent or partially received).
    {
      name: 'supplier_id',
      label: 'Supplier',
      kind: 'ref',
      ref: { entity: 'suppliers', labelField: 'supplier_name' },
      hidden: true,
    },
    {
      name: 'supplier_name',
      label: 'Supplier',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 180,
    },
    {
      name: 'purchase_order_id',
      label: 'Purchase order',
      kind: 'ref',
      ref: { entity: 'purchase_orders', labelField: 'purchase_order_number' },
      hidden: true,
      ownInput: true,
    },
    {
      name: 'purchase_order_number',
      label: 'PO',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    ...locationFields(),
    {
      name: 'received_date',
      label: 'Received',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 120,
    },
    { name: 'packing_slip_no', label: 'Packing slip', kind: 'text', maxLength: 40, width: 130 },
    statusField(RECEIVING_STATUSES),
    noteField,
    ...createdFields,
  ],
});

export const RECEIVING_LINES = declareEntity({
  name: 'receiving_lines',
  label: 'Receiving line',
  pluralLabel: 'Receiving lines',
  api: '/api/inventory/receivings',
  area: 'stock_receivings',
  channel: 'private-inventory.documents',
  event: 'receiving',
  labelField: 'product_sku',
  writable: false,
  fields: [
    // Filled by "Receive against PO"; the line's product must be the PO line's.
    {
      name: 'purchase_order_line_id',
      label: 'PO line',
      kind: 'number',
      precision: 0,
      hidden: true,
      ownInput: true,
    },
    ...productFields(),
    { name: 'lot_no', label: 'Lot', kind: 'text', maxLength: 40, width: 120 },
    { name: 'expiry_date', label: 'Expiry', kind: 'date', width: 120 },
    { name: 'lot_id', label: 'Lot id', kind: 'number', precision: 0, readOnly: true, hidden: true },
    qtyField('qty', 'Qty', { required: true, min: 0.001 }),
    qtyField('qty_rejected', 'Rejected', { min: 0, defaultValue: 0 }),
    {
      name: 'reject_reason_id',
      label: 'Reject reason',
      kind: 'ref',
      ref: {
        entity: 'parameters',
        labelField: 'reject_reason_name',
        parameterType: 'reject_reason',
      },
      hidden: true,
    },
    {
      name: 'reject_reason_name',
      label: 'Reject reason',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    ...binFields(),
    {
      name: 'unit_cost',
      price: true,
      label: 'Unit cost',
      kind: 'number',
      precision: 4,
      min: 0,
      defaultValue: 0,
      width: 110,
    },
  ],
});

export type ReceivingRow = RowOf<typeof RECEIVINGS>;
export type ReceivingLineRow = RowOf<typeof RECEIVING_LINES>;

/** A receiving as GET /:id answers it and its page reads it: the header with its lines. */
export type ReceivingDoc = ReceivingRow & { lines?: ReceivingLineRow[] };

/** A row the generic document code read as a receiving, its lines as its lines. */
export const receivingDoc = (doc: EntityRow): ReceivingDoc => rowOf(RECEIVINGS, doc);
