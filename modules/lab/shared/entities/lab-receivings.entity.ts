import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import type { LineItems } from '../../../../src/domain/entity/line-fields.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  createdFields,
  locationFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
  refWithLabel,
} from '../../../../src/domain/entity/shared-fields.ts';
import { LAB_RECEIVING_STATUSES } from './lab-values.ts';

// Lab receivings LR- (docs/domain/lab-receiving.md §10): chemicals (nicotine, flavour concentrates,
// PG/VG) received into a lab or quarantine location, inspected and posted by the supervisor into a
// quarantine lot, released only after QC. Warehouse writes drafts (docs/product.md §6 "Receiving").

/** A reference the form picks through an input of its own; its label column as declared. */
const ownInput = <const Id extends EntityField, const Rest extends readonly EntityField[]>([
  id,
  ...rest
]: readonly [Id, ...Rest]): [Id, ...Rest] => [{ ...id, ownInput: true }, ...rest];

export const LAB_RECEIVINGS = declareEntity({
  name: 'lab_receivings',
  label: 'Lab receiving',
  pluralLabel: 'Lab receivings',
  api: '/api/lab/receivings',
  area: 'lab_receiving',
  writeArea: 'receiving',
  channel: 'private-lab.receiving',
  event: 'lab_receiving',
  labelField: 'number',
  searchable: { fields: ['number', 'carrier'], page: '/lab/receiving', form: '/lab/receiving' },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    ...refWithLabel('supplier_id', 'Supplier', 'suppliers', 'supplier_name', {
      required: true,
      width: 130,
    }),
    // Both picked through the form's own inputs: the supplier's orders that take goods, and
    // only lab or quarantine locations (LAB_LOCATION_TYPES).
    ...ownInput(
      refWithLabel(
        'purchase_order_id',
        'Purchase order',
        'purchase_orders',
        'purchase_order_number',
        {
          width: 130,
        },
      ),
    ),
    ...ownInput(locationFields('location_id', 'Lab / quarantine location')),
    {
      name: 'received_at',
      label: 'Received',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 120,
    },
    { name: 'carrier', label: 'Carrier', kind: 'text', maxLength: 80, width: 140 },
    statusField(LAB_RECEIVING_STATUSES),
    {
      // What still stops inspection, so the button says why before the server would.
      name: 'inspection_blocker',
      label: 'Before inspection',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      filterable: false,
      sortable: false,
    },
    noteField,
    ...createdFields,
  ],
});

export const LAB_RECEIVING_ITEMS = declareEntity({
  name: 'lab_receiving_items',
  label: 'Receiving item',
  pluralLabel: 'Receiving items',
  api: '/api/lab/receiving-items',
  area: 'lab_receiving',
  channel: 'private-lab.receiving',
  event: 'lab_receiving',
  labelField: 'product_sku',
  writable: false,
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    {
      name: 'lab_receiving_number',
      label: 'Receiving',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'lab_receiving_status',
      label: 'Receiving status',
      kind: 'enum',
      enumValues: LAB_RECEIVING_STATUSES,
      tag: true,
      readOnly: true,
      listOnly: true,
      width: 130,
    },
    ...productFields(),
    {
      // A nicotine item needs its CoA before inspection: the form marks the field required.
      name: 'product_type',
      label: 'Product type',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 140,
    },
    {
      name: 'supplier_lot_no',
      label: 'Supplier lot',
      kind: 'text',
      maxLength: 40,
      required: true,
      width: 120,
    },
    qtyField('qty', 'Qty', { required: true, min: 0.001 }),
    // The product's own unit (decision: a lab item is counted in its product's measure).
    {
      name: 'measure_code',
      label: 'Measure',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'container_count',
      label: 'Containers',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 500,
      required: true,
      defaultValue: 1,
      width: 100,
    },
    ...refWithLabel('container_type_id', 'Container type', 'parameters', 'container_type_name', {
      parameterType: 'container_type',
      width: 130,
    }),
    { name: 'expiry_date', label: 'Expiry', kind: 'date', width: 120 },
    // The PO line received against, when the receiving names its order (after the goods, so
    // the keyboard reaches the product first).
    {
      name: 'purchase_order_line_id',
      label: 'PO line',
      kind: 'number',
      precision: 0,
      hidden: true,
      // Set by the receiving's PO, never typed (no raw ids in forms).
      ownInput: true,
    },
    {
      name: 'flashpoint_c',
      label: 'Flashpoint °C',
      kind: 'number',
      precision: 1,
      min: -200,
      max: 1000,
      width: 110,
    },
    {
      name: 'flashpoint_class_code',
      label: 'Flashpoint class',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      // Set through the item's lab results (an upload), never typed as an id in the lines.
      name: 'coa_attachment_id',
      label: 'CoA file',
      kind: 'number',
      precision: 0,
      identifier: true,
      hidden: true,
      readOnly: true,
      listOnly: true,
    },
    {
      name: 'coa_file_name',
      label: 'CoA',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    {
      // The CoA's download address (its random token; the serial id is never a URL).
      name: 'coa_file_token',
      label: 'CoA file token',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      filterable: false,
      sortable: false,
    },
    { name: 'lot_id', label: 'Lot id', kind: 'number', precision: 0, readOnly: true, hidden: true },
    { name: 'lot_no', label: 'Lot', kind: 'text', readOnly: true, listOnly: true, width: 120 },
  ],
});

/** The items as the receiving form's lines edit them. */
export const LAB_RECEIVING_ITEM_LINES: LineItems = {
  name: 'lines',
  label: 'Items',
  fields: LAB_RECEIVING_ITEMS.fields.filter(
    (f) => !['lab_receiving_number', 'lab_receiving_status'].includes(f.name),
  ),
  minLines: 1,
};

export type LabReceivingRow = RowOf<typeof LAB_RECEIVINGS>;
export type LabReceivingItemRow = RowOf<typeof LAB_RECEIVING_ITEMS>;

/** A lab receiving as GET /:id answers it and its form reads it: the header with its items. */
export type LabReceivingDoc = LabReceivingRow & { lines?: LabReceivingItemRow[] };

/** A row the generic document code read as a lab receiving, its lines as its items. */
export const labReceivingDoc = (doc: EntityRow): LabReceivingDoc => rowOf(LAB_RECEIVINGS, doc);
