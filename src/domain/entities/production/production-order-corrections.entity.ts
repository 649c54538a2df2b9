import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel, numberField, productFields } from '../../entity/shared-fields.ts';
import { correctionDecisionFields, correctionValueFields } from './correction-fields.ts';
import { CORRECTION_FIELDS } from './correction-values.ts';
import { ORDER_STATUSES } from './production-order-values.ts';
import { enumColumn, hiddenIdColumn, textColumn } from '../../entity/read-only-columns.ts';

// Production order corrections CR- (docs/domain/production.md §3.2): a changed count of an order
// (its batch volume, a unit or waste counter, an ingredient's consumption) requested with a reason,
// approved by a manager who did not request it, then applied with compensating `correction`
// movements (production-order-correction.machine.ts). The server reads the old value; the
// form asks for the order, the field, the ingredient when it is one, the new value and why.

export const PRODUCTION_ORDER_CORRECTIONS = declareEntity({
  name: 'production_order_corrections',
  label: 'Production order correction',
  pluralLabel: 'Production order corrections',
  api: '/api/production/production-order-corrections',
  area: 'production_order_corrections',
  channel: 'private-production.corrections',
  event: 'correction',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  // A correction is kept for the record: rejected, never deleted.
  deletable: false,
  fields: [
    numberField('number', 'Number'),
    ...refWithLabel(
      'production_order_id',
      'Order',
      'production_orders',
      'production_order_number',
      {
        required: true,
        width: 120,
      },
    ),
    { ...enumColumn('production_order_status', 'Order status', ORDER_STATUSES), hidden: true },
    {
      name: 'field',
      label: 'Field',
      kind: 'enum',
      enumValues: CORRECTION_FIELDS,
      required: true,
      width: 170,
    },
    // The ingredient of an ingredient_consumed correction.
    ...productFields(false).map((f) =>
      f.name === 'product_name'
        ? { ...f, label: 'Ingredient name', hidden: true }
        : { ...f, label: 'Ingredient' },
    ),
    hiddenIdColumn('production_order_operation_id', 'Operation id'),
    textColumn('operation_name', 'Operation', 160),
    ...correctionValueFields(3, 110),
    ...correctionDecisionFields,
  ],
});
