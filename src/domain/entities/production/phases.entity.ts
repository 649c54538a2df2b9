import { declareEntity } from '../../entity/entity-declaration.ts';
import { CODE_FIELD, NAME_FIELD } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';

/**
 * Production phases (docs/domain/production.md §3.1): the steps an order goes through (batching,
 * hplc, bottling…), ordered by `sort`. Codes are unique within a module.
 */
export const PHASES = declareEntity({
  name: 'phases',
  label: 'Phase',
  pluralLabel: 'Phases',
  api: '/api/production/phases',
  area: 'production_main',
  // Picked in a modal of its own (transfer dashboard, QR labels), not a declared form.
  pickerAreas: ['production_transfer'],
  channel: 'private-production.phases',
  event: 'phase',
  labelField: 'name',
  defaultSort: { field: 'sort', direction: 'asc' },
  fields: [
    MODULE_FIELD,
    CODE_FIELD,
    NAME_FIELD,
    {
      name: 'sort',
      label: 'Sort',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 9999,
      defaultValue: 0,
      width: 90,
    },
  ],
});
