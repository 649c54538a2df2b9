import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
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
} from './stock-fields.ts';

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

/** Transfers TR- (domain.md §2); goods on the road sit in the transit location. */
export const TRANSFERS: EntityDeclaration = {
  name: 'transfers',
  label: 'Transfer',
  pluralLabel: 'Transfers',
  api: '/api/inventory/transfers',
  area: 'inventory',
  channel: 'private-inventory.documents',
  event: 'transfer',
  labelField: 'number',
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
    { name: 'requested_date', label: 'Requested for', kind: 'date', width: 120 },
    { name: 'shipped_at', label: 'Shipped', kind: 'datetime', readOnly: true, width: 160 },
    { name: 'received_at', label: 'Received', kind: 'datetime', readOnly: true, width: 160 },
    statusField(TRANSFER_STATUSES),
    noteField,
    ...createdFields,
  ],
};

export const TRANSFER_LINES: EntityDeclaration = {
  name: 'transfer_lines',
  label: 'Transfer line',
  pluralLabel: 'Transfer lines',
  api: '/api/inventory/transfers',
  area: 'inventory',
  channel: 'private-inventory.documents',
  event: 'transfer',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    ...lotFields(),
    ...binFields('from_bin_id', 'From bin'),
    ...binFields('to_bin_id', 'To bin'),
    { name: 'skid_id', label: 'Skid', kind: 'number', precision: 0, hidden: true },
    qtyField('qty_sent', 'Sent', { required: true, min: 0.001 }),
    qtyField('qty_received', 'Received', { readOnly: true }),
  ],
};
