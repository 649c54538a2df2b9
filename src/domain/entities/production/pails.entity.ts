import { declareEntity } from '../../entity/entity-declaration.ts';
import { PAIL_STATUSES } from './production-values.ts';

/**
 * Pails (docs/domain/production.md §3.1): the containers bulk liquid travels in from batching to
 * bottling.
 */
export const PAILS = declareEntity({
  name: 'pails',
  label: 'Pail',
  pluralLabel: 'Pails',
  api: '/api/production/pails',
  area: 'production_main',
  // Picked in a modal of its own (transfer dashboard, QR labels), not a declared form.
  pickerAreas: ['production_qr_codes'],
  channel: 'private-production.pails',
  event: 'pail',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    {
      name: 'capacity_ml',
      label: 'Capacity (ml)',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 999_999,
      required: true,
      width: 130,
    },
    {
      name: 'volume_ml',
      label: 'Volume (ml)',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 999_999,
      defaultValue: 0,
      width: 130,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: PAIL_STATUSES,
      defaultValue: 'empty',
      tag: true,
      width: 130,
    },
  ],
});
