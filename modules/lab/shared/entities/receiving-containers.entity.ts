import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  binFields,
  locationFields,
  productFields,
  qtyField,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import { CONTAINER_STATUSES } from './lab-values.ts';

// Containers CT- (docs/domain/lab-receiving.md §10): the drums and bottles a lab receiving item
// arrived in, each with its QR label (payload = code). The server makes them when the item is
// received (Σ net = item qty) and moves their status with the receiving, and to in_use at the first
// batching pick of their lot; the supervisor keeps the place and tare of each, marks it empty
// and disposes of it (receiving-container.machine.ts).

export const RECEIVING_CONTAINERS = declareEntity({
  name: 'receiving_containers',
  label: 'Container',
  pluralLabel: 'Containers',
  api: '/api/lab/receiving-containers',
  // The QR labels page (warehouse too) picks containers; their edits are the supervisor's.
  area: 'lab_receiving',
  writeArea: 'lab_receiving_containers',
  channel: 'private-lab.receiving',
  event: 'container',
  labelField: 'code',
  eventLabels: { mark_empty: 'Mark empty', dispose: 'Dispose' },
  deletable: false,
  searchable: {
    fields: ['code'],
    page: '/lab/receiving-containers',
    form: '/lab/receiving-container',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', readOnly: true, width: 110 },
    {
      name: 'lab_receiving_number',
      label: 'Receiving',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    ...productFields().map((f) => ({ ...f, readOnly: true, required: false })),
    {
      name: 'supplier_lot_no',
      label: 'Supplier lot',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'lot_no',
      label: 'Lot',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 120,
    },
    {
      name: 'flashpoint_class',
      label: 'Flashpoint class',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 160,
    },
    {
      name: 'container_type_id',
      label: 'Container type',
      kind: 'ref',
      ref: {
        entity: 'parameters',
        labelField: 'container_type_name',
        parameterType: 'container_type',
      },
      hidden: true,
    },
    {
      name: 'container_type_name',
      label: 'Container type',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 130,
    },
    qtyField('net_qty', 'Net', { readOnly: true }),
    qtyField('tare_qty', 'Tare', { min: 0, defaultValue: 0 }),
    ...locationFields(),
    ...binFields(),
    statusField(CONTAINER_STATUSES),
    {
      // What stops "Mark empty", so the button says why before the server would.
      name: 'empty_blocker',
      label: 'Before it is empty',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      filterable: false,
      sortable: false,
    },
  ],
});
