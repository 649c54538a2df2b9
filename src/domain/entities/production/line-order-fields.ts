import type { EntityField } from '../../entity/entity-field.ts';

// Field shapes every line order (production MO-, assembly AO-) declares the same way: what is
// planned, when it is due, where it stands, what each crew has done and since when.

/** Units a crew has recorded on the order (made, wasted, moved); the workflow writes them. */
export const orderUnits = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  width: 110,
});

export const PLANNED_UNITS_FIELD: EntityField = {
  name: 'planned_units',
  label: 'Planned units',
  kind: 'number',
  precision: 0,
  min: 1,
  max: 1_000_000,
  required: true,
  width: 120,
};

export const DUE_DATE_FIELD: EntityField = {
  name: 'due_date',
  label: 'Due',
  kind: 'date',
  required: true,
  width: 120,
};

/** Where a released order stands on the line, one of its flow's `stages`. */
export const orderStageField = (stages: readonly string[]): EntityField => ({
  name: 'stage',
  label: 'Stage',
  kind: 'enum',
  enumValues: stages,
  tag: true,
  readOnly: true,
  width: 140,
});

/** When the order entered its stage, for the dashboards' elapsed time. */
export const STAGE_SINCE_FIELD: EntityField = {
  name: 'stage_since',
  label: 'In stage since',
  kind: 'datetime',
  readOnly: true,
  listOnly: true,
  width: 160,
};

/** A moment the workflow stamps on the order (released, started, completed). */
export const orderMoment = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'datetime',
  readOnly: true,
  width: 160,
});
