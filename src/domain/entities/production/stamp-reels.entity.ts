import { declareEntity } from '../../entity/entity-declaration.ts';
import { listText, type EntityField, type FieldExtra } from '../../entity/entity-field.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';
import { REEL_MOVEMENT_TYPES, REEL_STATUSES } from './stamp-reel-values.ts';

// Stamp reels and their ledger (docs/domain/production.md §3.2). A reel is created `received` by
// stamp_inventory and decided by someone else; once decided only its location and note
// change. The ledger is read-only: the server appends to it on every event.

const count = <const N extends string>(
  name: N,
  label: string,
  extra: FieldExtra = {},
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  width: 110,
  ...extra,
});

const readText = <const N extends string>(name: N, label: string, width = 150) =>
  listText(name, label, { width });

const CHANNEL = 'private-production.reels';

export const STAMP_REELS = declareEntity({
  name: 'stamp_reels',
  label: 'Reel',
  pluralLabel: 'Reels',
  api: '/api/production/stamp_reels',
  area: 'production_reels',
  writeArea: 'production_reel_edit',
  channel: CHANNEL,
  event: 'reel',
  deletable: false,
  labelField: 'reel_no',
  searchable: {
    fields: ['reel_no', 'supplier_ref'],
    page: '/production/reels',
    form: '/production/reel',
  },
  defaultSort: { field: 'received_at', direction: 'desc' },
  fields: [
    { name: 'reel_no', label: 'Reel no.', kind: 'text', required: true, maxLength: 40, width: 130 },
    MODULE_FIELD,
    ...refWithLabel(
      'stamp_jurisdiction_id',
      'Jurisdiction',
      'parameters',
      'stamp_jurisdiction_name',
      { required: true, width: 150, parameterType: 'stamp_jurisdiction' },
    ),
    ...refWithLabel('stamp_type_id', 'Stamp type', 'parameters', 'stamp_type_name', {
      required: true,
      width: 190,
      parameterType: 'stamp_type',
    }),
    {
      name: 'first_serial',
      identifier: true,
      label: 'First serial',
      kind: 'number',
      precision: 0,
      min: 0,
      required: true,
      width: 130,
    },
    {
      name: 'last_serial',
      identifier: true,
      label: 'Last serial',
      kind: 'number',
      precision: 0,
      min: 0,
      required: true,
      width: 130,
    },
    {
      name: 'stamps_qty',
      label: 'Stamps',
      kind: 'number',
      precision: 0,
      min: 1,
      required: true,
      width: 100,
    },
    { name: 'received_at', label: 'Received', kind: 'date', required: true, width: 120 },
    { name: 'supplier_ref', label: 'Supplier ref.', kind: 'text', maxLength: 60, width: 130 },
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 160 }),
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: REEL_STATUSES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    count('remaining_qty', 'Remaining'),
    { name: 'note', label: 'Note', kind: 'textarea', maxLength: 500, hidden: true },
    readText('created_by_name', 'Received by'),
    readText('approved_by_name', 'Approved by'),
    // The receiver, for the maker-checker guard the browser runs too.
    { ...count('created_by', 'Receiver id'), hidden: true, listOnly: true },
  ],
});

/** pending-reel-approvals: reels waiting for a decision (received) or an issue (requested). */
export const PENDING_REELS = declareEntity({
  ...STAMP_REELS,
  name: 'pending_reels',
  // Ctrl+K finds these rows once, as the entity they are a view of.
  searchable: undefined,
  label: 'Pending reel',
  pluralLabel: 'Pending reel approvals',
  api: '/api/production/pending_reels',
  area: 'production_pending_reel',
  writeArea: undefined,
  writable: false,
  defaultSort: { field: 'received_at', direction: 'asc' },
  // A requested reel names the stamping order waiting for it: issuing is that order's event.
  // Its number and product follow the reel's, so the row to issue is told apart at a glance.
  fields: [
    ...STAMP_REELS.fields.slice(0, 1),
    readText('stamping_order_number', 'Stamping order', 130),
    readText('stamping_order_product', 'Product to stamp', 150),
    ...STAMP_REELS.fields.slice(1),
    { ...count('stamping_order_id', 'Stamping order id'), hidden: true, listOnly: true },
    { ...count('stamping_order_version', 'Stamping order version'), hidden: true, listOnly: true },
  ],
});

export const REEL_MOVEMENT_FIELDS: readonly EntityField[] = [
  { name: 'created_at', label: 'Date', kind: 'datetime', readOnly: true, width: 170 },
  ...refWithLabel('reel_id', 'Reel', 'stamp_reels', 'reel_no', { width: 130 }),
  readText('stamp_jurisdiction_name', 'Jurisdiction', 140),
  readText('stamp_type_name', 'Stamp type', 170),
  {
    name: 'type',
    label: 'Movement',
    kind: 'enum',
    enumValues: REEL_MOVEMENT_TYPES,
    tag: true,
    readOnly: true,
    width: 110,
  },
  count('qty', 'Qty', { width: 90 }),
  count('stamping_order_id', 'Stamping order', { hidden: true }),
  readText('reason_name', 'Reason', 160),
  { name: 'note', label: 'Note', kind: 'text', readOnly: true, width: 220 },
  readText('approved_by_name', 'Approved by'),
  readText('created_by_name', 'User'),
];

/** The reel ledger: every movement, newest first. */
export const REEL_MOVEMENTS = declareEntity({
  name: 'reel_movements',
  label: 'Reel movement',
  pluralLabel: 'Reel movements',
  api: '/api/production/reel_movements',
  area: 'production_reels',
  channel: CHANNEL,
  event: 'reel',
  labelField: 'reel_no',
  defaultSort: { field: 'created_at', direction: 'desc' },
  writable: false,
  fields: REEL_MOVEMENT_FIELDS,
});

/** reel-adjustment-log: adjust, lost and damage movements with their reason and approver. */
export const REEL_ADJUSTMENT_LOG = declareEntity({
  ...REEL_MOVEMENTS,
  name: 'reel_adjustment_log',
  label: 'Reel adjustment',
  pluralLabel: 'Reel adjustment log',
  api: '/api/production/reports/reel-adjustment-log',
  area: 'production_reports',
  fields: REEL_MOVEMENT_FIELDS.map((f) =>
    f.name === 'type' ? { ...f, enumValues: ['adjust', 'lost', 'damage'] } : f,
  ),
});

/**
 * stamps-inventory: per reel (jurisdiction × type × reel) as of a date, what its ledger says
 * up to the end of that day. Issues move custody only, so they are counted, not summed.
 */
export const STAMPS_INVENTORY = declareEntity({
  name: 'stamps_inventory',
  label: 'Stamps inventory',
  pluralLabel: 'Stamps inventory',
  api: '/api/production/reports/stamps-inventory',
  area: 'production_reports',
  channel: CHANNEL,
  event: 'reel',
  labelField: 'reel_no',
  defaultSort: { field: 'stamp_jurisdiction_name', direction: 'asc' },
  writable: false,
  fields: [
    ...refWithLabel(
      'stamp_jurisdiction_id',
      'Jurisdiction',
      'parameters',
      'stamp_jurisdiction_name',
      { width: 150, parameterType: 'stamp_jurisdiction' },
    ),
    ...refWithLabel('stamp_type_id', 'Stamp type', 'parameters', 'stamp_type_name', {
      width: 190,
      parameterType: 'stamp_type',
    }),
    { name: 'reel_no', label: 'Reel no.', kind: 'text', readOnly: true, width: 130 },
    { name: 'received_at', label: 'Received on', kind: 'date', readOnly: true, width: 120 },
    {
      name: 'status',
      label: 'Status now',
      kind: 'enum',
      enumValues: REEL_STATUSES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    count('received_qty', 'Received'),
    count('issue_count', 'Issues', { width: 90 }),
    count('applied_qty', 'Applied'),
    count('wasted_qty', 'Wasted'),
    count('damaged_qty', 'Damaged'),
    count('lost_qty', 'Lost'),
    count('adjusted_qty', 'Adjusted'),
    count('remaining_qty', 'Remaining'),
  ],
});
