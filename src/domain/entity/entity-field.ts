import type { EnumValue, FieldType } from '../table-filter/filterable-field.ts';

// One column of a business entity as every layer needs it: the server derives its validation
// and filter whitelist from it, the views their grid column, filter widget and form input.

export const FIELD_KINDS = {
  /** Free text on one line (codes, names). */
  text: 'text',
  /** Free text over several lines (notes, addresses). */
  textarea: 'textarea',
  /** A decimal or integer; `precision` says how many decimals it keeps. */
  number: 'number',
  /** CAD with two decimals (docs/product.md §9). */
  money: 'money',
  /** A calendar day, yyyy-MM-dd. */
  date: 'date',
  /** A moment, yyyy-MM-dd HH:mm:ss in the user's time zone. */
  datetime: 'datetime',
  /** Yes/No, or Active/Inactive for an `active` field (docs/product.md §9). */
  boolean: 'boolean',
  /** One of `enumValues`, shown as a status tag when `tag` is set. */
  enum: 'enum',
  /** Several of `enumValues`, sent as an array of them (a user's roles); required = at least one. */
  multi: 'multi',
  /** The id of a row of another entity; shows and filters by that row's label. */
  ref: 'ref',
  /** A JSON value edited by a bespoke screen. */
  json: 'json',
} as const;

export type FieldKind = (typeof FIELD_KINDS)[keyof typeof FIELD_KINDS];

/** The other end of a `ref` field. */
export type FieldRef = {
  /** The referenced entity's name, as in its declaration (`countries`). */
  readonly entity: string;
  /** The wire name of the read-only column carrying the referenced row's label. */
  readonly labelField: string;
  /**
   * The family a picker offers and the server accepts: a reference to `parameters` names its
   * lookup type (`stamp_jurisdiction`), one to `products` its product type (`kit`). A row of
   * another family is refused (`exists`).
   */
  readonly parameterType?: string;
};

/**
 * When a field not required on its own becomes required, from the other values of the same
 * record (a finished good with nicotine needs its recipe): every condition must hold. The
 * form shows the asterisk and checks it as soon as the conditions hold; the server refuses
 * the write with `requiredif`.
 */
export type RequiredWhen = readonly (
  | { readonly field: string; readonly equals: string | number | boolean }
  | { readonly field: string; readonly greaterThan: number }
  | { readonly field: string; readonly notEquals: string | number | boolean }
)[];

export type FieldLink =
  | { readonly path: string; readonly idField: string }
  | { readonly path: string; readonly filterBy: string };

/**
 * A reference whose entity follows another field of the same record (a discount's scope:
 * a customer, a product, a family…): the picker offers rows of `refs[value of field]`, and
 * none while that value names no entity (every line). The field keeps its own kind (an id).
 */
export type RefFollows = {
  readonly field: string;
  readonly refs: Readonly<Record<string, FieldRef>>;
  /** The picker's label per value ('Product'); the field's own label otherwise. */
  readonly labels?: Readonly<Record<string, string>>;
};

/** Whether `when` holds for a record's values (wire names). */
export function requiredWhenHolds(
  when: RequiredWhen | undefined,
  values: Readonly<Record<string, unknown>>,
): boolean {
  if (!when || when.length === 0) return false;
  return when.every((c) => {
    const value = values[c.field];
    if ('equals' in c) return value === c.equals;
    if ('notEquals' in c) return value !== c.notEquals;
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value !== ''
          ? Number(value)
          : NaN;
    return Number.isFinite(n) && n > c.greaterThan;
  });
}

/**
 * `N` and `K` are the field's name and kind as literals when a declaration keeps them
 * (declareEntity): a row's type is inferred from them (row-of.ts). Plain `EntityField` is any field.
 */
export type EntityField<N extends string = string, K extends FieldKind = FieldKind> = {
  /** Wire name (snake_case): the API's rows, the filter object and form payloads use it. */
  readonly name: N;
  /** What a person reads: grid header, form label, messages ('{label} is required'). */
  readonly label: string;
  readonly kind: K;
  /** Required on create; the form checks it on blur (docs/product.md §5 rule builder). */
  readonly required?: boolean;
  /** Required only while these conditions hold on the record's other values. */
  readonly requiredWhen?: RequiredWhen;
  /**
   * Its column's default: a new record's form starts with it, and a create (or an update
   * that clears the field) that leaves it blank gets it instead of a "required" refusal.
   */
  readonly defaultValue?: string | number | boolean;
  /** `date` fields: a new record's form starts at the person's today (a receipt's date). */
  readonly defaultToday?: boolean;
  /** Shown but never written by the client (numbers, derived statuses, label columns). */
  readonly readOnly?: boolean;
  /** Left out of the grid's default columns (still in the column chooser). */
  readonly hidden?: boolean;
  /** Left out of forms (a list-only column such as a referenced row's label). */
  readonly listOnly?: boolean;
  /**
   * Written, but through the screen's own input rather than the derived one (a receiving's
   * purchase order, picked among its supplier's receivable orders; a line's PO line, filled by
   * "Receive against PO"): the derived form and line editor leave it out and still send it.
   */
  readonly ownInput?: boolean;
  /** Filterable unless false. */
  readonly filterable?: boolean;
  /** Sortable unless false. */
  readonly sortable?: boolean;
  /** `enum` and `multi` fields: the closed list of values. */
  readonly enumValues?: readonly EnumValue[];
  /** `enum` and `multi` fields: how a value reads in a picker (`qa_manager` → 'QA Manager'). */
  readonly valueLabels?: Readonly<Record<string, string>>;
  /** `enum` fields shown as a status tag (docs/product.md §4 colours). */
  readonly tag?: boolean;
  /**
   * `boolean` fields that flag a row needing attention (an order past its due date): a true
   * value shows as this word in the failed-verdict colour, a false one as nothing.
   */
  readonly alert?: string;
  /** `number` fields holding a share of 0–100 (a task's progress): shown as a bar in grids. */
  readonly progress?: boolean;
  /** `ref` fields. */
  readonly ref?: FieldRef;
  /**
   * A list cell that leads somewhere (a log row's order or its import): to the record the
   * row's `idField` names (`/sale/12`), or to the list at `path` filtered to the row's
   * `filterBy` value. The cell shows the field's own text; a row without that id, none.
   */
  readonly link?: FieldLink;
  /** An id field picked among the rows of the entity another field names (RefFollows). */
  readonly refFollows?: RefFollows;
  /**
   * A line's lot picker: it offers the lots of the line's product (`product`, a line field)
   * on hand at the document's location (`location`, a header field), first to expire first.
   */
  readonly lotAt?: { readonly product: string; readonly location: string };
  /** `number` fields: decimals kept (0 = integer). */
  readonly precision?: number;
  /**
   * `number` fields counted in the unit of measure of the row's product: the wire name of the
   * row's column carrying its code ('ea', 'ml', 'kg'). The value is shown with that unit and
   * its decimals (a count is whole: '45,000 ea'), not with `precision`.
   */
  readonly unitField?: string;
  /**
   * `number` fields holding a unit cost or price (docs/domain/README.md `price`, sub-cent): shown
   * as CAD with two decimals and up to `precision` when the cents do not say it all ('$0.0125').
   */
  readonly price?: boolean;
  /** `number` fields that name rather than count (a stamp serial): shown without grouping. */
  readonly identifier?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** `text` fields: longest accepted value. */
  readonly maxLength?: number;
  /** Grid column width in pixels before the user resizes it. */
  readonly width?: number;
};

/**
 * What a field helper (`qtyField('qty', 'Qty', { min: 0 })`) lets its caller add: anything but
 * the name and kind, which the helper sets and its return type keeps as literals.
 */
export type FieldExtra = Partial<Omit<EntityField, 'name' | 'kind'>>;

/**
 * A text column a list shows and nobody writes: a label or figure the server reads from
 * elsewhere (a customer's name, a product's SKU). Its name stays a literal, for RowOf.
 */
export const listText = <const N extends string>(
  name: N,
  label: string,
  extra: FieldExtra = {},
): EntityField<N, 'text'> => ({
  name,
  label,
  kind: 'text',
  readOnly: true,
  listOnly: true,
  ...extra,
});

/**
 * The keys of a literal list's fields that EntityField (or, in its `ref`, FieldRef) does not
 * know (a misspelt option): `never` when there are none.
 */
export type UnknownFieldKeys<F extends readonly EntityField[]> = {
  [I in keyof F]:
    | Exclude<keyof F[I], keyof EntityField>
    | (F[I] extends { readonly ref: infer R } ? Exclude<keyof R, keyof FieldRef> : never);
}[number];

/**
 * Nothing when `Unknown` is `never`, else one required argument no call passes: a call with a
 * misspelt key fails to compile, the message naming it. (An intersection on the argument itself
 * would, but TypeScript then widens the literals that follow a spread and refuses valid lists.)
 */
export type NoUnknownKeys<Unknown> = [Unknown] extends [never]
  ? []
  : [unknownKeys: { readonly unknown: Unknown }];

/**
 * A list of fields declared apart from its entity (shared by two declarations), its literal
 * names and kinds kept for RowOf (row-of.ts), each field still checked as an EntityField.
 */
export function declareFields<const F extends readonly EntityField[]>(
  fields: F,
  ...unknownKeys: NoUnknownKeys<UnknownFieldKeys<F>>
): F {
  void unknownKeys;
  return fields;
}

/**
 * `fields` with the one named `name` changed (hidden in a narrower view of the same rows), its
 * type kept. What the row holds stays as declared: its name, kind and `required` do not change.
 */
export function withField<const F extends readonly EntityField[]>(
  fields: F,
  name: F[number]['name'],
  change: Partial<Omit<EntityField, 'name' | 'kind' | 'required'>>,
): F {
  return fields.map((f) => (f.name === name ? { ...f, ...change } : f)) as unknown as F;
}

/** Every field of `fields` changed alike (a pair of fields hidden), their type kept. */
export function withFields<const F extends readonly EntityField[]>(
  fields: F,
  change: (field: EntityField) => Partial<Omit<EntityField, 'name' | 'kind' | 'required'>>,
): F {
  return fields.map((f) => ({ ...f, ...change(f) })) as unknown as F;
}

/** How a field is filtered: the table filter model knows six types. */
export function filterTypeOf(field: EntityField): FieldType {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return 'text';
    case 'number':
    case 'money':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    case 'multi':
      // The server filters and sorts a list of codes as its text, the codes joined by commas.
      return 'text';
    case 'ref':
      // A reference is filtered by its id (the checkbox list of options); its label column
      // is the text field people type into.
      return 'number';
    case 'json':
      return 'text';
  }
}
