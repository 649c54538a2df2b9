import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { HAZARD_CATEGORIES } from './lab-values.ts';

// Flashpoint classes (docs/domain/lab-receiving.md §10): a measured flashpoint resolves to the one
// class whose [min_c, max_c] range holds it, so ranges may not overlap (the server refuses an
// overlap).

export const FLASHPOINT_CLASSES = declareEntity({
  name: 'flashpoint_classes',
  label: 'Flashpoint class',
  pluralLabel: 'Flashpoint classes',
  api: '/api/lab/flashpoint-classes',
  area: 'lab_receiving',
  writeArea: 'lab_receiving_containers',
  channel: 'private-lab.flashpoint-classes',
  event: 'flashpoint_class',
  labelField: 'code',
  defaultSort: { field: 'min_c', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 20, width: 110 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 200 },
    {
      name: 'min_c',
      label: 'Min °C',
      kind: 'number',
      precision: 1,
      required: true,
      min: -200,
      max: 1000,
      width: 100,
    },
    {
      name: 'max_c',
      label: 'Max °C',
      kind: 'number',
      precision: 1,
      required: true,
      min: -200,
      max: 1000,
      width: 100,
    },
    {
      name: 'hazard_category',
      label: 'WHMIS flammable category',
      kind: 'enum',
      enumValues: HAZARD_CATEGORIES,
      required: true,
      width: 190,
    },
    {
      name: 'storage_requirement',
      label: 'Storage requirement',
      kind: 'text',
      maxLength: 200,
      width: 240,
    },
    {
      name: 'max_storage_qty',
      label: 'Max storage qty',
      kind: 'number',
      precision: 3,
      min: 0,
      width: 140,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 90 },
  ],
});
