import type { EntityRow } from '../entities/entity-row.ts';
import type { EntityDeclaration, StandardFields } from './entity-declaration.ts';
import type { EntityField, FieldKind } from './entity-field.ts';

// The type of an entity's rows, read off its declaration (docs/architecture.md "Entities"):
// `RowOf<typeof TRAININGS>` has each declared field by name with the value its kind carries,
// so a misspelt field fails to compile. It follows the wire schema the server answers with
// (server/http/entity/entity-row-schema.ts); a declaration written with declareEntity keeps the
// literal names it needs, a plain `EntityDeclaration` gives a row of any names.

/**
 * The value a field of kind `K` carries in a row, on the server as read from the database and
 * in the browser as it arrives. Two kinds differ between the two, so both are allowed:
 * a boolean is true/false as the database reads it but 1/0 on the wire (docs/product.md §7),
 * and a computed flag may be a count read for its truthiness; a datetime is a Date as the
 * server reads a timestamp column, ISO text on the wire. A date is always yyyy-MM-dd text.
 */
export type ValueOfKind<K extends FieldKind> = {
  text: string;
  textarea: string;
  date: string;
  datetime: string | Date;
  enum: string;
  multi: string[];
  number: number;
  money: number;
  ref: number;
  boolean: boolean | number;
  json: unknown;
}[K];

/** An enum field's value: one of its literal `enumValues`, when the declaration kept them. */
type EnumOf<F, ReadModel extends boolean> = ReadModel extends true
  ? string
  : F extends { readonly enumValues: readonly (infer E)[] }
    ? string extends E
      ? string
      : E
    : string;

type ValueOf<F extends EntityField, ReadModel extends boolean> = F['kind'] extends 'enum'
  ? EnumOf<F, ReadModel>
  : ValueOfKind<F['kind']>;

/**
 * Whether a field's value may be null, as the wire schema says: every field may be, except
 * `id` and `version`, and a `required` one of an entity people write. A read model (a ledger,
 * a report: `writable: false`) declares `required` for its filters' and forms' sake, and its
 * rows may still lack the value. A field built by a helper that does not keep `required` as a
 * literal counts as nullable, which is never wrong, only stricter.
 */
type NullOf<F extends EntityField, ReadModel extends boolean> = F['name'] extends 'id' | 'version'
  ? never
  : ReadModel extends true
    ? null
    : F extends { readonly required: true }
      ? never
      : null;

type ReadModelOf<D> = D extends { readonly writable: false } ? true : false;

type FieldValues<Fields extends readonly EntityField[], ReadModel extends boolean> = {
  -readonly [F in Fields[number] as F['name']]: ValueOf<F, ReadModel> | NullOf<F, ReadModel>;
};

/** A reference carries the label of the row it points at (entity-row-schema.ts). */
type RefLabels<Fields extends readonly EntityField[]> = {
  -readonly [
    F in Fields[number] as F extends { readonly ref: { readonly labelField: infer L } }
      ? L extends string
        ? string extends L
          ? never
          : L
        : never
      : never
  ]: string | null;
};

type Names<Fields extends readonly EntityField[]> = Fields[number]['name'];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * One row of entity `D`: its fields by name, the labels of its references, and the standard
 * columns (STANDARD_FIELDS) it does not declare itself, with the `seq` of its last change.
 * Assignable to EntityRow, so it flows into the generic entity code.
 */
export type RowOf<D extends EntityDeclaration> = Simplify<
  FieldValues<D['fields'], ReadModelOf<D>> &
    Omit<RefLabels<D['fields']>, Names<D['fields']>> &
    Omit<FieldValues<StandardFields, false>, Names<D['fields']>> & { seq: number }
>;

/**
 * A row the generic entity code read for `entity` (its binding, its list or event route), seen
 * as that entity's row. Nothing is checked: the server read it through the entity's own
 * binding, whose selection the declaration's fields name.
 */
export function rowOf<D extends EntityDeclaration>(entity: D, row: EntityRow): RowOf<D> {
  void entity;
  return row as unknown as RowOf<D>;
}
