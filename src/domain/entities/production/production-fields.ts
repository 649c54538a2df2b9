import type { EntityField } from '../../entity/entity-field.ts';
import { PRODUCTION_MODULES } from './production-values.ts';

// Field shapes Production's configuration declarations repeat.

/** Which line a phase, operation, machine, flow or skid belongs to. */
export const MODULE_FIELD: EntityField<'module', 'enum'> & {
  readonly enumValues: typeof PRODUCTION_MODULES;
} = {
  name: 'module',
  label: 'Module',
  kind: 'enum',
  enumValues: PRODUCTION_MODULES,
  defaultValue: 'production',
  width: 120,
};
