import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';
import { MACHINE_KIND_LABELS, MACHINE_KINDS, MACHINE_STATUSES } from './production-values.ts';

/**
 * Machines (docs/domain/production.md §3.1): every machine of the floor, its kind, where it stands,
 * its state and its lifetime counter. Stamping machines are the same rows seen through their kind.
 */
export const MACHINES = declareEntity({
  name: 'machines',
  label: 'Machine',
  pluralLabel: 'Machines',
  api: '/api/production/machines',
  area: 'production_main',
  channel: 'private-production.machines',
  event: 'machine',
  labelField: 'code',
  searchable: { fields: ['code'], page: '/production/machines' },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    MODULE_FIELD,
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      enumValues: MACHINE_KINDS,
      valueLabels: MACHINE_KIND_LABELS,
      required: true,
      width: 120,
    },
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 170 }),
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: MACHINE_STATUSES,
      defaultValue: 'operational',
      tag: true,
      width: 130,
    },
    {
      name: 'counter_total',
      label: 'Counter',
      kind: 'number',
      precision: 0,
      min: 0,
      defaultValue: 0,
      width: 120,
    },
  ],
});

/**
 * The stamping-machines screen: the machines of kind stamper. Its binding scopes reads; the
 * kind can only be stamper here, and defaults to it. It shares the machines' channel so both
 * lists stay live.
 */
export const STAMPING_MACHINES = declareEntity({
  ...MACHINES,
  name: 'stamping_machines',
  searchable: { fields: ['code'], page: '/production/stamping-machines' },
  label: 'Stamping machine',
  pluralLabel: 'Stamping machines',
  api: '/api/production/stamping_machines',
  fields: MACHINES.fields.map((f) =>
    f.name === 'kind'
      ? { ...f, enumValues: ['stamper'], defaultValue: 'stamper', required: false, hidden: true }
      : f,
  ),
});
