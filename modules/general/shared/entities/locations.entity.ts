import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

export const LOCATION_TYPE_VALUES = [
  'warehouse',
  'production',
  'distribution_center',
  'lab',
  'transit',
  'scrap',
  'quarantine',
] as const;

/** Sites and areas stock sits in; a location may belong to a parent site. */
export const LOCATIONS = declareEntity({
  name: 'locations',
  label: 'Location',
  pluralLabel: 'Locations',
  api: '/api/general/locations',
  area: 'general',
  // Picked in a modal of its own (transfer dashboard, QR labels), not a declared form.
  pickerAreas: ['production_transfer'],
  channel: 'private-general.locations',
  event: 'location',
  labelField: 'name',
  searchable: { fields: ['name', 'code'], page: '/general/locations' },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 220 },
    {
      name: 'type',
      label: 'Type',
      kind: 'enum',
      required: true,
      enumValues: LOCATION_TYPE_VALUES,
      tag: true,
      width: 160,
    },
    {
      name: 'parent_id',
      label: 'Parent',
      kind: 'ref',
      ref: { entity: 'locations', labelField: 'parent_name' },
      hidden: true,
    },
    {
      name: 'parent_name',
      label: 'Parent',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 180,
    },
    {
      name: 'province_id',
      label: 'Province',
      kind: 'ref',
      ref: { entity: 'provinces', labelField: 'province_name' },
      hidden: true,
    },
    {
      name: 'province_name',
      label: 'Province',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    {
      name: 'address',
      label: 'Address',
      kind: 'textarea',
      maxLength: 255,
      width: 260,
      hidden: true,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
  ],
});
