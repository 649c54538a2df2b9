import { declareEntity } from '../../entity/entity-declaration.ts';
import { MEASURE_KINDS } from './inventory-values.ts';

export const MEASURES = declareEntity({
  name: 'measures',
  label: 'Measure',
  pluralLabel: 'Measures',
  api: '/api/inventory/measures',
  area: 'inventory',
  channel: 'private-inventory.measures',
  event: 'measure',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 20, width: 100 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 60, width: 180 },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      required: true,
      enumValues: MEASURE_KINDS,
      width: 110,
    },
    {
      name: 'to_base_factor',
      label: 'Factor to base unit',
      kind: 'number',
      required: true,
      precision: 6,
      min: 0.000001,
      width: 150,
    },
  ],
});
