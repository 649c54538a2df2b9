import { z } from 'zod';
import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { flag01Schema } from '../../../../src/domain/entity/field-schema.ts';

export const TAX_CODE_VALUES = ['GST', 'HST', 'PST', 'QST'] as const;

/** One tax of a setup as the tax setup form sends it. */
export const taxSetupLineSchema = z.strictObject({
  tax_code: z.enum(TAX_CODE_VALUES, { message: 'in' }),
  rate: z.coerce
    .number({ message: 'numeric' })
    .min(0, { message: 'Must be 0 or more' })
    .max(100, { message: 'Must be 100 or less' }),
  compound: flag01Schema.optional(),
  gl_account_id: z.coerce.number().int().positive({ message: 'exists' }).nullable().optional(),
});

export type TaxSetupLineInput = z.infer<typeof taxSetupLineSchema>;

/** The sales taxes of one province over a period; periods of one province never overlap. */
export const TAX_SETUPS = declareEntity({
  name: 'tax_setups',
  label: 'Tax setup',
  pluralLabel: 'Tax setups',
  api: '/api/general/tax_setups',
  area: 'general',
  channel: 'private-general.tax_setups',
  event: 'tax_setup',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 200 },
    {
      name: 'province_id',
      label: 'Province',
      kind: 'ref',
      required: true,
      ref: { entity: 'provinces', labelField: 'province_name' },
      hidden: true,
    },
    {
      name: 'province_name',
      label: 'Province',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    { name: 'effective_from', label: 'Effective from', kind: 'date', required: true, width: 130 },
    { name: 'effective_to', label: 'Effective to', kind: 'date', width: 130 },
    { name: 'tax_codes', label: 'Taxes', kind: 'text', readOnly: true, listOnly: true, width: 130 },
    {
      name: 'total_rate',
      label: 'Total rate %',
      kind: 'number',
      precision: 4,
      readOnly: true,
      listOnly: true,
      width: 120,
    },
  ],
});
