import type { EnumValue } from '../table-filter/filterable-field.ts';
import type { EntityField, FieldKind } from './entity-field.ts';

// The read-only columns reports, logs and documents show (figures, names, times, status
// tags), declared once so every grid reads a number, a time or a tag the same way.
// List-only: they are never form inputs. Each keeps its literal name and kind, for RowOf
// (docs/architecture.md "Entities").

const column = <N extends string, K extends FieldKind>(
  field: Omit<EntityField<N, K>, 'readOnly' | 'listOnly'>,
): EntityField<N, K> => ({
  ...field,
  readOnly: true,
  listOnly: true,
});

/** A figure with `precision` decimals. */
export const numberColumn = <const N extends string>(
  name: N,
  label: string,
  precision: number,
  width = 110,
) => column({ name, label, kind: 'number', precision, width });

/** Whole units (bottles, batches, tests). */
export const unitsColumn = <const N extends string>(name: N, label: string, width = 100) =>
  numberColumn(name, label, 0, width);

/** Millilitres, two decimals. */
export const mlColumn = <const N extends string>(name: N, label: string, width = 120) =>
  numberColumn(name, label, 2, width);

/** A percentage, two decimals. */
export const pctColumn = <const N extends string>(name: N, label: string, width = 100) =>
  numberColumn(name, label, 2, width);

export const textColumn = <const N extends string>(name: N, label: string, width = 130) =>
  column({ name, label, kind: 'text', width });

/** A moment, or a day with `kind: 'date'`. */
export const timeColumn = <const N extends string, K extends 'date' | 'datetime' = 'datetime'>(
  name: N,
  label: string,
  kind?: K,
) => {
  const k = kind ?? ('datetime' as K);
  return column({ name, label, kind: k, width: k === 'date' ? 120 : 160 });
};

/** One of a closed list, shown as a status tag unless `tag` is false. */
export const enumColumn = <const N extends string>(
  name: N,
  label: string,
  values: readonly EnumValue[],
  width = 120,
  tag = true,
) => column({ name, label, kind: 'enum', enumValues: values, width, ...(tag ? { tag } : {}) });

/** A key the grid filters and links by but does not show. */
export const hiddenIdColumn = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  hidden: true,
});
