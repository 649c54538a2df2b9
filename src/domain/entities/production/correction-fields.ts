import { declareFields } from '../../entity/entity-field.ts';
import { createdFields, statusField } from '../../entity/shared-fields.ts';
import { CORRECTION_STATUSES } from './correction-values.ts';
import {
  hiddenIdColumn,
  numberColumn,
  textColumn,
  timeColumn,
} from '../../entity/read-only-columns.ts';

// Fields every correction (production order CR-, stamping order STC-) declares the same way:
// the old value the server read and the new one asked for, why, and who decided it when.

/** Old value (read by the server), new value and their delta, with `precision` decimals. */
export const correctionValueFields = (precision: number, width: number) =>
  declareFields([
    { name: 'old_value', label: 'Old value', kind: 'number', precision, readOnly: true, width },
    {
      name: 'new_value',
      label: 'New value',
      kind: 'number',
      precision,
      min: 0,
      max: 100_000_000,
      required: true,
      width,
    },
    numberColumn('delta', 'Delta', precision),
  ]);

/** The reason asked for, the decision, and who requested it. */
export const correctionDecisionFields = declareFields([
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
  // Who requested it: maker-checker in the browser's action list.
  { ...hiddenIdColumn('created_by', 'Requested by id'), listOnly: true },
  ...createdFields.map((f) =>
    f.name === 'created_by_name' ? { ...f, label: 'Requester' } : { ...f, label: 'Requested' },
  ),
]);
