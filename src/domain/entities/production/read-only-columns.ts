import type { EnumValue } from '../../table-filter/filterable-field.ts';
import type { EntityField } from '../../entity/entity-field.ts';

// The read-only columns production's reports, logs and documents show (figures, names, times,
// status tags), declared once so every grid reads a number, a time or a tag the same way.
// List-only: they are never form inputs.

const column = (field: Omit<EntityField, 'readOnly' | 'listOnly'>): EntityField => ({
  ...field,
  readOnly: true,
  listOnly: true,
});

/** A figure with `precision` decimals. */
export const numberColumn = (name: string, label: string, precision: number, width = 110) =>
  column({ name, label, kind: 'number', precision, width });

/** Whole units (bottles, batches, tests). */
export const unitsColumn = (name: string, label: string, width = 100) =>
  numberColumn(name, label, 0, width);

/** Millilitres, two decimals. */
export const mlColumn = (name: string, label: string, width = 120) =>
  numberColumn(name, label, 2, width);

/** A percentage, two decimals. */
export const pctColumn = (name: string, label: string, width = 100) =>
  numberColumn(name, label, 2, width);

export const textColumn = (name: string, label: string, width = 130) =>
  column({ name, label, kind: 'text', width });

/** A moment, or a day with `kind: 'date'`. */
export const timeColumn = (name: string, label: string, kind: 'date' | 'datetime' = 'datetime') =>
  column({ name, label, kind, width: kind === 'date' ? 120 : 160 });

/** One of a closed list, shown as a status tag unless `tag` is false. */
export const enumColumn = (
  name: string,
  label: string,
  values: readonly EnumValue[],
  width = 120,
  tag = true,
) => column({ name, label, kind: 'enum', enumValues: values, width, ...(tag ? { tag } : {}) });

/** A key the grid filters and links by but does not show. */
export const hiddenIdColumn = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  hidden: true,
});
