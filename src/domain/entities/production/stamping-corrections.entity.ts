import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel, numberField } from '../../entity/shared-fields.ts';
import { correctionDecisionFields, correctionValueFields } from './correction-fields.ts';
import { enumColumn } from '../../entity/read-only-columns.ts';
import { STAMPING_CORRECTION_FIELDS } from './stamping-order-values.ts';
import { STAMPING_ORDER_STATUSES } from './stamping-order-values.ts';

// Stamping order corrections STC- (docs/domain/production.md §3.2): a finished stamping order's
// stamp counter (applied, wasted or damaged on one of its reels), wasted bottles or stamped units,
// requested with a reason, approved by a manager who did not request it, then applied with
// compensating reel and stock movements (stamping-order-correction.machine.ts). The server reads
// the old value; the form asks for the order, the field, the reel when it is a stamp counter, the
// new value and why.

export const STAMPING_CORRECTIONS = declareEntity({
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
    ...correctionValueFields(0, 100),
    ...correctionDecisionFields,
  ],
});
