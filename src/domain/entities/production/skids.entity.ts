import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';
import { SKID_STATUSES } from './production-values.ts';

/**
 * Skids (docs/domain/production.md §3.1): pallets of finished cases on their way to transfer and
 * shipping.
 */
export const SKIDS = declareEntity({
  name: 'skids',
  label: 'Skid',
  pluralLabel: 'Skids',
  api: '/api/production/skids',
  area: 'production_main',
  // Picked in a modal of its own (transfer dashboard, QR labels), not a declared form.
  pickerAreas: ['production_qr_codes'],
  channel: 'private-production.skids',
  event: 'skid',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    MODULE_FIELD,
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: SKID_STATUSES,
      defaultValue: 'open',
      tag: true,
      width: 130,
    },
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 170 }),
  ],
});
