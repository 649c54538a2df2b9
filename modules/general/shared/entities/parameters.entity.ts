import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

/** One value of a lookup family; the code is unique within its type. */
export const PARAMETERS = declareEntity({
  name: 'parameters',
  label: 'Parameter',
  pluralLabel: 'Parameters',
  api: '/api/general/parameters',
  area: 'general',
  channel: 'private-general.parameters',
  event: 'parameter',
  labelField: 'name',
  defaultSort: { field: 'sort', direction: 'asc' },
  fields: [
    {
      name: 'parameter_type_id',
      label: 'Type',
      kind: 'ref',
      required: true,
      ref: { entity: 'parameter_types', labelField: 'parameter_type_name' },
      hidden: true,
    },
    {
      name: 'parameter_type_name',
      label: 'Type',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 180,
    },
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 40, width: 140 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 220 },
    { name: 'value', label: 'Value', kind: 'text', maxLength: 255, width: 160 },
    {
      name: 'sort',
      label: 'Sort',
      kind: 'number',
      precision: 0,
      min: 0,
      defaultValue: 0,
      width: 90,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
  ],
});
