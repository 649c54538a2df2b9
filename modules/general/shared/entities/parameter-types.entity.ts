import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

/** Lookup families: waste, adjustment, hold and damage reasons, container and stamp types… */
export const PARAMETER_TYPES = declareEntity({
  name: 'parameter_types',
  label: 'Parameter type',
  pluralLabel: 'Parameter types',
  api: '/api/general/parameter_types',
  area: 'general',
  channel: 'private-general.parameter_types',
  event: 'parameter_type',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 40, width: 180 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 240 },
  ],
});
