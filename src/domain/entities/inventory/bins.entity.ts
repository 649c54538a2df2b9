import { declareEntity } from '../../entity/entity-declaration.ts';
import { ACTIVE_FIELD, refWithLabel } from '../../entity/shared-fields.ts';

export const BINS = declareEntity({
  name: 'bins',
  label: 'Bin',
  pluralLabel: 'Bins',
  api: '/api/inventory/bins',
  area: 'inventory',
  channel: 'private-inventory.bins',
  event: 'bin',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', {
      required: true,
      width: 180,
    }),
    { name: 'code', label: 'Bin', kind: 'text', required: true, maxLength: 30, width: 120 },
    { name: 'zone', label: 'Zone', kind: 'text', maxLength: 30, width: 110 },
    ACTIVE_FIELD,
  ],
});
