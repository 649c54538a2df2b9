import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

/** The base currency: every rate is to it, and it is always CAD (docs/product.md §9). */
export const BASE_CURRENCY = 'CAD';

export const CURRENCIES = declareEntity({
  name: 'currencies',
  label: 'Currency',
  pluralLabel: 'Currencies',
  api: '/api/general/currencies',
  area: 'general',
  channel: 'private-general.currencies',
  event: 'currency',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 3, width: 100 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 60, width: 200 },
    { name: 'symbol', label: 'Symbol', kind: 'text', required: true, maxLength: 5, width: 100 },
    {
      name: 'rate_to_cad',
      label: 'Rate to CAD',
      kind: 'number',
      required: true,
      precision: 6,
      min: 0.000001,
      width: 130,
    },
    { name: 'is_base', label: 'Base', kind: 'boolean', defaultValue: false, width: 90 },
  ],
});
