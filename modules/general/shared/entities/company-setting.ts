import { z } from 'zod';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';

// The company's own particulars (setting `general.company`): what documents print in their
// heading and the province whose taxes apply at the plant. An object setting, so it is edited
// as a form of labelled fields rather than as its JSON (docs/journeys.md, Administration).

export const COMPANY_SETTING_KEY = 'general.company';

const text = (max: number) =>
  z
    .string({ message: 'required' })
    .trim()
    .max(max, { message: 'max' })
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/**
 * The shape the server keeps. Keys the form does not know are kept as they are (a module may
 * keep more particulars there), and the value stays an object.
 */
export const companySettingSchema = z.looseObject(
  {
    name: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(120, {
      message: 'max',
    }),
    address: text(255),
    phone: text(40),
    province_id: z.coerce
      .number({ message: 'exists' })
      .int()
      .positive({ message: 'exists' })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    business_number: text(40),
    excise_licence: text(40),
  },
  { message: 'Must stay a object' },
);

export type CompanySetting = z.infer<typeof companySettingSchema>;

/** The form's fields, in the order a person fills them. */
export const COMPANY_FIELDS: readonly EntityField[] = [
  { name: 'name', label: 'Company name', kind: 'text', required: true, maxLength: 120 },
  { name: 'address', label: 'Address', kind: 'textarea', maxLength: 255 },
  { name: 'phone', label: 'Phone', kind: 'text', maxLength: 40 },
  {
    name: 'province_id',
    label: 'Province',
    kind: 'ref',
    ref: { entity: 'provinces', labelField: 'province_name' },
  },
  { name: 'business_number', label: 'Business number (GST/HST)', kind: 'text', maxLength: 40 },
  { name: 'excise_licence', label: 'Excise licence', kind: 'text', maxLength: 40 },
];
