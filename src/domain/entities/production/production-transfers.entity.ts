import { declareEntity, type EntityDeclaration } from '../../entity/entity-declaration.ts';
import { listText, type EntityField } from '../../entity/entity-field.ts';
import type { RowOf } from '../../entity/row-of.ts';
import {
  refWithLabel,
  createdFields,
  locationFields,
  numberField,
} from '../../entity/shared-fields.ts';
import { TRANSFER_STATUSES } from '../stock/transfers.entity.ts';
import { PRODUCTION_ORDERS } from './production-orders.entity.ts';
import { ORDER_TRANSFER_STATUSES, SHIPMENT_KINDS } from './production-transfer-values.ts';
import { QR_LABEL_ENTITY_TYPES } from '../../qr-labels.ts';
import { PAIL_STATUSES, SKID_STATUSES } from './production-values.ts';

// Production transfers (docs/domain/production.md §3.2 transfer_pending → transferred, §3.5
// transfer and shipping dashboards): finished units of an order loaded on skids and sent on a
// transfer of kind production_output to a distribution centre or warehouse. The dashboards read
// these read-only views of the orders, skids, pails, transfers and shipments for the Transfer page
// roles of docs/product.md §6, on the private-production.transfer and .shipping channels.

const TRANSFER_CHANNEL = 'private-production.transfer';
const SHIPPING_CHANNEL = 'private-production.shipping';

const units = <const N extends string>(
  name: N,
  label: string,
  width = 100,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  listOnly: true,
  width,
});
const text = <const N extends string>(name: N, label: string, width = 140) =>
  listText(name, label, { width });
const when = <const N extends string>(name: N, label: string): EntityField<N, 'datetime'> => ({
  name,
  label,
  kind: 'datetime',
  readOnly: true,
  listOnly: true,
  width: 160,
});
const namedStatus = <const N extends string>(
  values: readonly string[],
  name: N,
  label: string,
): EntityField<N, 'enum'> => ({
  name,
  label,
  kind: 'enum',
  enumValues: values,
  tag: true,
  readOnly: true,
  width: 130,
});
// Its name is no type parameter: inferred from the declaration around it, a defaulted one
// widened to `string`, and RowOf then lost every column's name.
const status = (values: readonly string[]) => namedStatus(values, 'status', 'Status');
const hiddenId = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  hidden: true,
});

/** Transfers TR- of kind production_output, as the transfer crew follows them. */
export const PRODUCTION_TRANSFERS = declareEntity({
  name: 'production_transfers',
  label: 'Production transfer',
  pluralLabel: 'Production transfers',
  api: '/api/production/transfers',
  area: 'production_transfer',
  channel: TRANSFER_CHANNEL,
  event: 'transfer',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    numberField('number', 'Number'),
    text('order_numbers', 'Orders', 160),
    ...locationFields('from_location_id', 'From'),
    ...locationFields('to_location_id', 'To'),
    status(TRANSFER_STATUSES),
    units('skid_count', 'Skids', 80),
    text('skid_codes', 'Skid codes', 160),
    units('units_sent', 'Units sent'),
    units('units_received', 'Units received', 120),
    hiddenId('production_order_id', 'Production order'),
    // One site: moved in one step; between sites: shipped, then received (transfer.machine.ts).
    {
      name: 'same_site',
      label: 'Same site',
      kind: 'boolean',
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    { name: 'requested_date', label: 'Requested for', kind: 'date', readOnly: true, width: 120 },
    when('shipped_at', 'Shipped'),
    when('received_at', 'Received'),
    ...createdFields,
  ],
});

/** Orders whose finished units wait for a transfer, with how many are loaded and sent. */
export const TRANSFER_ORDERS = declareEntity({
  ...PRODUCTION_ORDERS,
  name: 'transfer_dashboard_orders',
  // Ctrl+K finds these rows once, as the entity they are a view of.
  searchable: undefined,
  api: '/api/production/transfer-dashboard/orders',
  area: 'production_transfer',
  writeArea: undefined,
  channel: TRANSFER_CHANNEL,
  event: 'order',
  writable: false,
  fields: [
    ...PRODUCTION_ORDERS.fields,
    units('produced_units', 'Produced'),
    units('loaded_units', 'On skids'),
    units('unloaded_units', 'Left to load', 110),
    namedStatus(ORDER_TRANSFER_STATUSES, 'transfer_status', 'Transfer'),
    hiddenId('finished_lot_id', 'Finished lot'),
  ],
});

/** Skids being loaded, wrapped or on the road, with what they carry. */
export const TRANSFER_SKIDS = declareEntity({
  name: 'transfer_dashboard_skids',
  label: 'Skid',
  pluralLabel: 'Skids',
  api: '/api/production/transfer-dashboard/skids',
  area: 'production_transfer',
  channel: TRANSFER_CHANNEL,
  event: 'skid',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  writable: false,
  fields: [
    text('code', 'Code', 120),
    status(SKID_STATUSES),
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 170 }),
    hiddenId('transfer_id', 'Transfer'),
    text('transfer_number', 'Transfer', 110),
    units('item_count', 'Items', 80),
    units('units', 'Units'),
    text('contents', 'Contents', 260),
  ],
});

/** Pails of bulk between batching and bottling, moved by the floor (pail_transfers). */
export const TRANSFER_PAILS = declareEntity({
  name: 'transfer_dashboard_pails',
  label: 'Pail',
  pluralLabel: 'Pails',
  api: '/api/production/transfer-dashboard/pails',
  area: 'production_transfer',
  channel: TRANSFER_CHANNEL,
  event: 'pail',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  writable: false,
  fields: [
    text('code', 'Code', 110),
    status(PAIL_STATUSES),
    {
      name: 'capacity_ml',
      label: 'Capacity (ml)',
      kind: 'number',
      precision: 2,
      readOnly: true,
      width: 120,
    },
    {
      name: 'volume_ml',
      label: 'Volume (ml)',
      kind: 'number',
      precision: 2,
      readOnly: true,
      width: 120,
    },
    hiddenId('production_order_id', 'Production order'),
    text('production_order_number', 'Order', 110),
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 160 }),
    ...refWithLabel('phase_id', 'Phase', 'phases', 'phase_code', { width: 110 }),
  ],
});

/**
 * What the shipping dashboard follows: transfers ready or on the road and packed packing lists,
 * in one list. Decision: a shipment's id is its document's id × 2 for a transfer and × 2 + 1
 * for a packing list, so both live on one channel (`shipment.updated`) without clashing.
 */
export const SHIPMENTS = declareEntity({
  name: 'production_shipments',
  label: 'Shipment',
  pluralLabel: 'Shipments',
  api: '/api/production/shipping-dashboard/shipments',
  area: 'production_transfer',
  channel: SHIPPING_CHANNEL,
  event: 'shipment',
  labelField: 'number',
  defaultSort: { field: 'number', direction: 'asc' },
  writable: false,
  fields: [
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      enumValues: SHIPMENT_KINDS,
      readOnly: true,
      width: 120,
    },
    hiddenId('document_id', 'Document'),
    numberField('number', 'Number'),
    status([...TRANSFER_STATUSES, 'packed', 'shipped']),
    text('from_name', 'From', 160),
    text('to_name', 'To', 180),
    units('units', 'Units'),
    units('skid_count', 'Skids', 80),
    text('carrier', 'Carrier', 120),
    { name: 'ship_date', label: 'Ship date', kind: 'date', readOnly: true, width: 120 },
    when('shipped_at', 'Shipped'),
  ],
});

/** qr_labels (+log): every generation of transfer QR labels (transfer_qr_code_generation). */
export const QR_LABELS = declareEntity({
  name: 'qr_labels',
  label: 'QR label',
  pluralLabel: 'QR labels',
  api: '/api/production/qr-labels',
  area: 'production_qr_codes',
  channel: 'private-production.qr-labels',
  // Never broadcast: the log is read when the page opens.
  event: 'qr_label',
  labelField: 'payload',
  defaultSort: { field: 'created_at', direction: 'desc' },
  writable: false,
  fields: [
    when('created_at', 'Printed'),
    {
      name: 'entity_type',
      label: 'Kind',
      kind: 'enum',
      enumValues: QR_LABEL_ENTITY_TYPES,
      readOnly: true,
      width: 110,
    },
    hiddenId('entity_id', 'Entity'),
    text('payload', 'Code', 140),
    units('copies', 'Copies', 90),
    text('created_by_name', 'Printed by', 150),
  ],
});

// The dashboards' rows; read models, so their types let every field be null.
export type ProductionTransferRow = RowOf<typeof PRODUCTION_TRANSFERS>;
export type TransferOrderRow = RowOf<typeof TRANSFER_ORDERS>;
export type TransferSkidRow = RowOf<typeof TRANSFER_SKIDS>;
export type TransferPailRow = RowOf<typeof TRANSFER_PAILS>;
export type ShipmentRow = RowOf<typeof SHIPMENTS>;

export const PRODUCTION_TRANSFER_ENTITIES: readonly EntityDeclaration[] = [
  PRODUCTION_TRANSFERS,
  TRANSFER_ORDERS,
  TRANSFER_SKIDS,
  TRANSFER_PAILS,
  SHIPMENTS,
  QR_LABELS,
];
