import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import { refWithLabel } from '../../../../src/domain/entity/shared-fields.ts';
import { VAPING_DUTY_KINDS } from './vaping-duty.ts';

// The vaping duty rates (docs/domain/sales.md "Vaping duty"), kept by admin under
// Administration: the federal duty and each specified province's additional duty, from the
// date each starts. A sales order takes the rates in force on its order date.

const mlField = <const N extends string>(
  name: N,
  label: string,
  defaultValue: number,
): EntityField<N, 'number'> & { readonly required: true } => ({
  name,
  label,
  kind: 'number',
  precision: 2,
  min: 0,
  required: true,
  defaultValue,
  width: 110,
});

const amountField = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'number'> & { readonly required: true } => ({
  name,
  label,
  kind: 'number',
  precision: 4,
  price: true,
  min: 0,
  required: true,
  width: 120,
});

export const VAPING_DUTY_KIND_LABELS: Readonly<Record<string, string>> = {
  federal: 'Federal',
  additional: 'Provincial additional',
};

export const VAPING_DUTY_RATES = declareEntity({
  name: 'vaping_duty_rates',
  label: 'Vaping duty rate',
  pluralLabel: 'Vaping duty rates',
  api: '/api/general/vaping_duty_rates',
  area: 'general',
  channel: 'private-general.vaping_duty_rates',
  event: 'vaping_duty_rate',
  labelField: 'effective_from',
  defaultSort: { field: 'effective_from', direction: 'desc' },
  fields: [
    {
      name: 'kind',
      label: 'Duty',
      kind: 'enum',
      required: true,
      enumValues: VAPING_DUTY_KINDS,
      valueLabels: VAPING_DUTY_KIND_LABELS,
      defaultValue: 'federal',
      width: 170,
    },
    // The province whose stamp carries the additional duty; none for the federal duty.
    ...refWithLabel(
      'stamp_jurisdiction_id',
      'Stamp jurisdiction',
      'parameters',
      'stamp_jurisdiction_name',
      {
        width: 140,
        parameterType: 'stamp_jurisdiction',
        requiredWhen: [{ field: 'kind', equals: 'additional' }],
      },
    ),
    { name: 'effective_from', label: 'Effective from', kind: 'date', required: true, width: 130 },
    mlField('first_tier_ml', 'First tier (mL)', 10),
    mlField('first_step_ml', 'First tier step (mL)', 2),
    amountField('first_step_amount', 'Per first-tier step'),
    mlField('step_ml', 'Step above (mL)', 10),
    amountField('step_amount', 'Per step above'),
    { name: 'note', label: 'Note', kind: 'text', maxLength: 200, width: 220 },
  ],
});
