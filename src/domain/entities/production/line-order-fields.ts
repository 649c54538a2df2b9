import type { EntityField } from '../../entity/entity-field.ts';

// Field shapes every line order (production MO-, assembly AO-) declares the same way: what is
// planned, when it is due, where it stands, what each crew has done and since when. Their
// types keep the literal names and kinds, for RowOf (docs/architecture.md "Entities").

/** Units a crew has recorded on the order (made, wasted, moved); the workflow writes them. */
export const orderUnits = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  width: 110,
});

export const PLANNED_UNITS_FIELD: EntityField<'planned_units', 'number'> & {
  readonly required: true;
} = {
  name: 'planned_units',
  label: 'Planned units',
  kind: 'number',
  precision: 0,
  min: 1,
  max: 1_000_000,
  required: true,
  width: 120,
};

export const DUE_DATE_FIELD: EntityField<'due_date', 'date'> & { readonly required: true } = {
  name: 'due_date',
  label: 'Due',
  kind: 'date',
  required: true,
  width: 120,
};

/** Where a released order stands on the line, one of its flow's `stages`. */
export const orderStageField = <const V extends readonly string[]>(
  stages: V,
): EntityField<'stage', 'enum'> & { readonly enumValues: V } => ({
  name: 'stage',
  label: 'Stage',
  kind: 'enum',
  enumValues: stages,
  tag: true,
  readOnly: true,
  width: 140,
});

/** When the order entered its stage, for the dashboards' elapsed time. */
export const STAGE_SINCE_FIELD: EntityField<'stage_since', 'datetime'> = {
  name: 'stage_since',
  label: 'In stage since',
  kind: 'datetime',
  readOnly: true,
  listOnly: true,
  width: 160,
};

/** A moment the workflow stamps on the order (released, started, completed). */
export const orderMoment = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'datetime'> => ({
  name,
  label,
  kind: 'datetime',
  readOnly: true,
  width: 160,
});
