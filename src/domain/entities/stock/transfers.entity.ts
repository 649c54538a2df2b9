import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  binFields,
  createdFields,
  locationFields,
  lotFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';

export const TRANSFER_STATUSES = [
  'draft',
  'requested',
  'ready',
  'in_transit',
  'partially_received',
  'discrepancy',
  'received',
  'cancelled',
] as const;
export const TRANSFER_KINDS = ['stock', 'production_output', 'dc_replenishment'] as const;

/** Transfers TR- (docs/domain/inventory.md §2); goods on the road sit in the transit location. */
export const TRANSFERS = declareEntity({
  name: 'transfers',
  label: 'Transfer',
  pluralLabel: 'Transfers',
  api: '/api/inventory/transfers',
  area: 'stock_transfers',
  writeArea: 'inventory',
  channel: 'private-inventory.transfers',
  event: 'transfer',
  labelField: 'number',
  searchable: { fields: ['number'], page: '/inventory/transfers', form: '/inventory/transfer' },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      enumValues: TRANSFER_KINDS,
      required: true,
      width: 130,
    },
    ...locationFields('from_location_id', 'From'),
    ...locationFields('to_location_id', 'To'),
    // Set when a production order's goods move; never typed by hand.
    {
      name: 'production_order_id',
      label: 'Production order',
      kind: 'number',
      precision: 0,
      hidden: true,
      readOnly: true,
    },
    // Both ends on one site (the same top location): moved in one step (transfer.machine.ts).
    {
      name: 'same_site',
      label: 'One step',
      kind: 'boolean',
      readOnly: true,
      hidden: true,
      width: 100,
    },
    { name: 'requested_date', label: 'Requested for', kind: 'date', width: 120 },
    { name: 'shipped_at', label: 'Shipped', kind: 'datetime', readOnly: true, width: 160 },
    { name: 'received_at', label: 'Received', kind: 'datetime', readOnly: true, width: 160 },
    statusField(TRANSFER_STATUSES),
    noteField,
    ...createdFields,
  ],
});

export const TRANSFER_LINES = declareEntity({
  name: 'transfer_lines',
  label: 'Transfer line',
  pluralLabel: 'Transfer lines',
  api: '/api/inventory/transfers',
  area: 'stock_transfers',
  writeArea: 'inventory',
  channel: 'private-inventory.transfers',
  event: 'transfer',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    ...lotFields('from_location_id'),
    ...binFields('from_bin_id', 'From bin'),
    ...binFields('to_bin_id', 'To bin'),
    {
      name: 'skid_id',
      label: 'Skid',
      kind: 'ref',
      ref: { entity: 'skids', labelField: 'skid_code' },
      hidden: true,
    },
    { name: 'skid_code', label: 'Skid', kind: 'text', readOnly: true, listOnly: true, width: 110 },
    qtyField('qty_sent', 'Sent', { required: true, min: 0.001 }),
    qtyField('qty_received', 'Received', { readOnly: true }),
  ],
});

export type TransferRow = RowOf<typeof TRANSFERS>;
export type TransferLineRow = RowOf<typeof TRANSFER_LINES>;

/** A transfer as GET /:id answers it and its page reads it: the header with its lines. */
export type TransferDoc = TransferRow & { lines?: TransferLineRow[] };

/** A row the generic document code read as a transfer, its lines as its lines. */
export const transferDoc = (doc: EntityRow): TransferDoc => rowOf(TRANSFERS, doc);
