import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

export const COUNTRIES = declareEntity({
  name: 'countries',
  label: 'Country',
  pluralLabel: 'Countries',
  api: '/api/general/countries',
  area: 'general',
  channel: 'private-general.countries',
  event: 'country',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'iso2', label: 'ISO code', kind: 'text', required: true, maxLength: 2, width: 110 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 220 },
  ],
});
