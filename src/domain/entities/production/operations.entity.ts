import { declareEntity } from '../../entity/entity-declaration.ts';
import { ROLES } from '../../roles.ts';
import { roleLabel } from '../../role-labels.ts';
import { CODE_FIELD, NAME_FIELD, refWithLabel } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';
import { MACHINE_KIND_LABELS, MACHINE_KINDS } from './production-values.ts';

/**
 * Operations (docs/domain/production.md §3.1): the work done within a phase (fill, cap, apply
 * stamp), the kind of machine it runs on, its standard time and the role that performs it.
 */
export const OPERATIONS = declareEntity({
  name: 'operations',
  label: 'Operation',
  pluralLabel: 'Operations',
  api: '/api/production/operations',
  area: 'production_main',
  channel: 'private-production.operations',
  event: 'operation',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    MODULE_FIELD,
    ...refWithLabel('phase_id', 'Phase', 'phases', 'phase_name', { required: true, width: 140 }),
    CODE_FIELD,
    NAME_FIELD,
    {
      name: 'machine_kind',
      label: 'Machine kind',
      kind: 'enum',
      enumValues: MACHINE_KINDS,
      valueLabels: MACHINE_KIND_LABELS,
      width: 170,
    },
    {
      name: 'standard_minutes',
      label: 'Standard minutes',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 99999,
      defaultValue: 0,
      width: 210,
    },
    {
      name: 'performer_role',
      label: 'Performed by',
      kind: 'enum',
      enumValues: ROLES,
      valueLabels: Object.fromEntries(ROLES.map((r) => [r, roleLabel(r)])),
      width: 160,
    },
  ],
});
