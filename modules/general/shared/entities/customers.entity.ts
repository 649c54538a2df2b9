import { z } from 'zod';
import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { flag01Schema } from '../../../../src/domain/entity/field-schema.ts';

export const CUSTOMER_TYPE_VALUES = ['retail', 'wholesale', 'distributor', 'online'] as const;
export const ADDRESS_KIND_VALUES = ['bill', 'ship'] as const;

/** Canadian postal code, `A1A 1A1`; typed lower case or without the space it is normalised. */
export const POSTAL_CODE = /^[A-Z]\d[A-Z] \d[A-Z]\d$/;

function normalisedPostalCode(value: string): string {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '');
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value.trim();
}

/** One bill or ship address as the customer form sends it. */
export const customerAddressSchema = z.strictObject({
  kind: z.enum(ADDRESS_KIND_VALUES, { message: 'in' }),
  address: z.string().trim().min(1).max(255),
  province_id: z.coerce.number().int().positive({ message: 'exists' }).nullable().optional(),
  postal_code: z
    .string()
    .transform(normalisedPostalCode)
    .refine((v) => POSTAL_CODE.test(v), { message: 'Postal code must look like A1A 1A1' }),
  is_default: flag01Schema.optional(),
});

export type CustomerAddressInput = z.infer<typeof customerAddressSchema>;

export const CUSTOMERS = declareEntity({
  name: 'customers',
  label: 'Customer',
  pluralLabel: 'Customers',
  api: '/api/general/customers',
  area: 'general',
  channel: 'private-general.customers',
  event: 'customer',
  labelField: 'name',
  searchable: { fields: ['name', 'code'], page: '/general/customers', form: '/general/customer' },
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 120 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 240 },
    {
      name: 'type',
      label: 'Type',
      kind: 'enum',
      required: true,
      enumValues: CUSTOMER_TYPE_VALUES,
      tag: true,
      width: 130,
    },
    {
      name: 'price_tier_id',
      label: 'Price tier',
      kind: 'ref',
      ref: { entity: 'price_tiers', labelField: 'price_tier_name' },
      hidden: true,
    },
    {
      name: 'price_tier_name',
      label: 'Price tier',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 140,
    },
    {
      name: 'currency_id',
      label: 'Currency',
      kind: 'ref',
      required: true,
      ref: { entity: 'currencies', labelField: 'currency_code' },
      hidden: true,
    },
    {
      name: 'currency_code',
      label: 'Currency',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 100,
    },
    {
      name: 'tax_setup_id',
      label: 'Tax setup',
      kind: 'ref',
      ref: { entity: 'tax_setups', labelField: 'tax_setup_name' },
      hidden: true,
    },
    {
      name: 'tax_setup_name',
      label: 'Tax setup',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    {
      name: 'payment_terms_days',
      defaultValue: 30,
      label: 'Terms (days)',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 365,
      width: 120,
    },
    { name: 'credit_limit', label: 'Credit limit', kind: 'money', defaultValue: 0, width: 130 },
    {
      name: 'vape_licence_no',
      label: 'Vape licence',
      kind: 'text',
      maxLength: 40,
      width: 150,
      hidden: true,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
  ],
});
