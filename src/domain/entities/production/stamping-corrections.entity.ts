import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../inventory/inventory-fields.ts';
import { createdFields, numberField, statusField } from '../stock/stock-fields.ts';
import { CORRECTION_STATUSES } from './correction-values.ts';
import {
  enumColumn,
  hiddenIdColumn,
  numberColumn,
  textColumn,
  timeColumn,
} from './read-only-columns.ts';
import { STAMPING_CORRECTION_FIELDS } from './stamping-order-values.ts';
import { STAMPING_ORDER_STATUSES } from './stamping-order-values.ts';

// Stamping order corrections STC- (domain.md §3.2): a finished stamping order's stamp counter
// (applied, wasted or damaged on one of its reels), wasted bottles or stamped units, requested
// with a reason, approved by a manager who did not request it, then applied with compensating
// reel and stock movements (stamping-order-correction.machine.ts). The server reads the old
// value; the form asks for the order, the field, the reel when it is a stamp counter, the new
// value and why.

export const STAMPING_CORRECTIONS: EntityDeclaration = {
  name: 'product_stamping_order_corrections',
  label: 'Stamping order correction',
  pluralLabel: 'Stamping order corrections',
  api: '/api/production/product-stamping-order-corrections',
  area: 'production_stamping_corrections',
  channel: 'private-production.stamping-corrections',
  event: 'correction',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  deletable: false,
  fields: [
    numberField('number', 'Number'),
    ...refWithLabel(
      'stamping_order_id',
      'Stamping order',
      'product_stamping_orders',
      'stamping_order_number',
      { required: true, width: 130 },
    ),
    {
      ...enumColumn('stamping_order_status', 'Order status', STAMPING_ORDER_STATUSES),
      hidden: true,
    },
    {
      name: 'field',
      label: 'Field',
      kind: 'enum',
      enumValues: STAMPING_CORRECTION_FIELDS,
      required: true,
      width: 140,
    },
    // The reel of an applied, wasted or damaged correction.
    ...refWithLabel('reel_id', 'Reel', 'stamp_reels', 'reel_no', { width: 120 }),
    {
      name: 'old_value',
      label: 'Old value',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 100,
    },
    {
      name: 'new_value',
      label: 'New value',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 100_000_000,
      required: true,
      width: 100,
    },
    numberColumn('delta', 'Delta', 0),
    {
      name: 'reason',
      label: 'Reason',
      kind: 'textarea',
      required: true,
      maxLength: 500,
      width: 240,
    },
    statusField(CORRECTION_STATUSES),
    textColumn('approved_by_name', 'Approver', 140),
    timeColumn('approved_at', 'Approved'),
    timeColumn('applied_at', 'Applied'),
    { ...textColumn('reject_reason', 'Reject reason', 200), hidden: true },
    { ...hiddenIdColumn('created_by', 'Requested by id'), listOnly: true },
    ...createdFields.map((f) =>
      f.name === 'created_by_name' ? { ...f, label: 'Requester' } : { ...f, label: 'Requested' },
    ),
  ],
};
