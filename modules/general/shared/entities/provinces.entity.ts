import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

export const PROVINCES = declareEntity({
  name: 'provinces',
  label: 'Province',
  pluralLabel: 'Provinces',
  api: '/api/general/provinces',
  area: 'general',
  channel: 'private-general.provinces',
  event: 'province',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    {
      name: 'country_id',
      label: 'Country',
      kind: 'ref',
      required: true,
      ref: { entity: 'countries', labelField: 'country_name' },
      hidden: true,
    },
    {
      name: 'country_name',
      label: 'Country',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 2, width: 90 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 220 },
  ],
});
