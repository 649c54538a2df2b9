import type { LineItems } from '../../../../src/domain/entity/line-fields.ts';
import { ADDRESS_KIND_VALUES } from './customers.entity.ts';
import { TAX_CODE_VALUES } from './tax-setups.entity.ts';

// The line items of Administration's documents, as their forms edit them. The server checks
// the same payload with the schemas beside each declaration.

export const CUSTOMER_ADDRESS_LINES: LineItems = {
  name: 'addresses',
  label: 'Addresses',
  fields: [
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      enumValues: ADDRESS_KIND_VALUES,
      required: true,
      width: 90,
    },
    { name: 'address', label: 'Address', kind: 'text', required: true, maxLength: 255, width: 280 },
    {
      name: 'province_id',
      label: 'Province',
      kind: 'ref',
      ref: { entity: 'provinces', labelField: 'province_name' },
      width: 160,
    },
    {
      name: 'postal_code',
      label: 'Postal code',
      kind: 'text',
      required: true,
      maxLength: 7,
      width: 110,
    },
    { name: 'is_default', label: 'Default', kind: 'boolean', defaultValue: false, width: 80 },
  ],
};

export const TAX_SETUP_LINES: LineItems = {
  name: 'lines',
  label: 'Taxes',
  minLines: 1,
  fields: [
    {
      name: 'tax_code',
      label: 'Tax',
      kind: 'enum',
      enumValues: TAX_CODE_VALUES,
      // Tax codes are acronyms: shown as written, not in sentence case like statuses.
      valueLabels: Object.fromEntries(TAX_CODE_VALUES.map((code) => [code, code])),
      required: true,
      width: 90,
    },
    {
      name: 'rate',
      label: 'Rate %',
      kind: 'number',
      precision: 4,
      min: 0,
      max: 100,
      required: true,
      width: 100,
    },
    { name: 'compound', label: 'Compound', kind: 'boolean', defaultValue: false, width: 100 },
    {
      name: 'gl_account_id',
      label: 'GL account',
      kind: 'ref',
      ref: { entity: 'gl_accounts', labelField: 'gl_account_name' },
      width: 200,
    },
  ],
};
