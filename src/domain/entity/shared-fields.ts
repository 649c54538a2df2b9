import {
  declareFields,
  listText,
  type EntityField,
  type FieldExtra,
  type RequiredWhen,
} from './entity-field.ts';

// Fields the modules' declarations share, declared once so every grid shows them the same way:
// a product, a location, a lot or a bin of the stock documents and reports (the id, filtered
// by option, and its label column), any reference with its label, a code, a name, an active
// flag, an append-only row's author and time.
// Each keeps its fields' literal names and kinds in its type, so a declaration built of them
// still infers its rows (RowOf, docs/architecture.md "Entities").

/** A reference's id field and the label column named after it (`bin_id` → `bin_code`). */
type Labelled<N extends string, Suffix extends string> = N extends `${infer P}_id`
  ? `${P}_${Suffix}`
  : N;

/** `required: true` in the type when the call said so, for RowOf's nullability. */
type RequiredIf<R extends boolean> = R extends true ? { readonly required: true } : unknown;

type RefPair<N extends string, L extends string, R extends boolean = false> = [
  EntityField<N, 'ref'> & RequiredIf<R>,
  EntityField<L, 'text'>,
];

function refPair<const N extends string, const L extends string, R extends boolean>(
  name: N,
  label: string,
  entity: string,
  labelField: L,
  width: number,
  required: R,
): RefPair<N, L, R> {
  return [
    {
      name,
      label,
      kind: 'ref',
      ref: { entity, labelField },
      hidden: true,
      ...(required ? { required: true } : {}),
    } as EntityField<N, 'ref'> & RequiredIf<R>,
    { name: labelField, label, kind: 'text', readOnly: true, listOnly: true, width },
  ];
}

export const productFields = <R extends boolean = true>(
  required?: R,
): [...RefPair<'product_id', 'product_sku', R>, EntityField<'product_name', 'text'>] => [
  ...refPair('product_id', 'Product', 'products', 'product_sku', 140, required ?? (true as R)),
  listText('product_name', 'Product name', { width: 220 }),
];

export const locationFields = <const N extends string = 'location_id', R extends boolean = true>(
  name?: N,
  label = 'Location',
  required?: R,
): RefPair<N, Labelled<N, 'name'>, R> => {
  const id = name ?? ('location_id' as N);
  const r = required ?? (true as R);
  return refPair(id, label, 'locations', labelled(id, 'name'), 160, r);
};

function labelled<N extends string, S extends string>(name: N, suffix: S): Labelled<N, S> {
  return name.replace(/_id$/, `_${suffix}`) as Labelled<N, S>;
}

/**
 * A line's lot; given the header field naming where the stock is taken from, its picker
 * offers only the line product's lots on hand there (FEFO), as the server accepts them.
 */
export const lotFields = (takenFrom?: string): RefPair<'lot_id', 'lot_no'> => {
  const [lot, label] = refPair('lot_id', 'Lot', 'stock_lots', 'lot_no', 120, false);
  return [
    takenFrom ? { ...lot, width: 260, lotAt: { product: 'product_id', location: takenFrom } } : lot,
    label,
  ];
};

export const binFields = <const N extends string = 'bin_id'>(
  name?: N,
  label = 'Bin',
): RefPair<N, Labelled<N, 'code'>> => {
  const id = name ?? ('bin_id' as N);
  return refPair(id, label, 'bins', labelled(id, 'code'), 100, false);
};

export const numberField = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'text'> => ({
  name,
  label,
  kind: 'text',
  readOnly: true,
  width: 120,
});

/** The column a row carries its product's unit of measure in ('ea', 'ml'), when it does. */
export const MEASURE_CODE = 'measure_code';

/** A quantity in the product's unit: shown with that unit's decimals when the row names it. */
export const qtyField = <const N extends string>(
  name: N,
  label: string,
  extra: FieldExtra = {},
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 3,
  unitField: MEASURE_CODE,
  width: 110,
  ...extra,
});

/** A document's status; its type keeps the literal statuses (`RowOf` narrows `status` to them). */
export const statusField = <const V extends readonly string[]>(
  values: V,
): EntityField<'status', 'enum'> & { readonly enumValues: V } => ({
  name: 'status',
  label: 'Status',
  kind: 'enum',
  enumValues: values,
  tag: true,
  readOnly: true,
  width: 130,
});

export const noteField: EntityField<'note', 'textarea'> = {
  name: 'note',
  label: 'Note',
  kind: 'textarea',
  maxLength: 500,
  hidden: true,
};

export const createdFields: [
  EntityField<'created_at', 'datetime'>,
  EntityField<'created_by_name', 'text'>,
] = [
  {
    name: 'created_at',
    label: 'Created',
    kind: 'datetime',
    readOnly: true,
    listOnly: true,
    width: 160,
  },
  {
    name: 'created_by_name',
    label: 'Created by',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 140,
  },
];

/** Product master filters every stock report offers (docs/domain/inventory.md §2 "Reports"). */
export const productFilterFields = (): [
  ...RefPair<'category_id', 'category_name'>,
  ...RefPair<'brand_id', 'brand_name'>,
  ...RefPair<'family_id', 'family_name'>,
] => [
  ...filterOnly(refPair('category_id', 'Category', 'categories', 'category_name', 140, false)),
  ...filterOnly(refPair('brand_id', 'Brand', 'brands', 'brand_name', 140, false)),
  ...filterOnly(refPair('family_id', 'Family', 'product_families', 'family_name', 160, false)),
];

function filterOnly<N extends string, L extends string>([id, label]: RefPair<N, L>): RefPair<N, L> {
  return [
    { ...id, hidden: true, readOnly: true },
    { ...label, hidden: true, readOnly: true },
  ];
}

/** A read-only quantity column of a report. */
export const reportQty = <const N extends string>(
  name: N,
  label: string,
  width = 110,
): EntityField<N, 'number'> => qtyField(name, label, { readOnly: true, listOnly: true, width });

// Any reference with its label column, and the plain fields lookups repeat.

type RefOptions = {
  required?: boolean;
  width?: number;
  /** References to `parameters` or `products`: the family it takes (FieldRef.parameterType). */
  parameterType?: string;
  requiredWhen?: RequiredWhen;
  hidden?: boolean;
};

/** `required: true` in the type when the options said so, for RowOf's nullability. */
type RequiredByOptions<O extends RefOptions> = O extends { readonly required: true }
  ? { readonly required: true }
  : unknown;

/** A reference and the read-only column that shows its row's label in lists. */
export function refWithLabel<
  const N extends string,
  const L extends string,
  const O extends RefOptions = Record<never, never>,
>(
  name: N,
  label: string,
  entity: string,
  labelField: L,
  options: O = {} as O,
): [EntityField<N, 'ref'> & RequiredByOptions<O>, EntityField<L, 'text'>] {
  return [
    {
      name,
      label,
      kind: 'ref',
      ref: {
        entity,
        labelField,
        ...(options.parameterType ? { parameterType: options.parameterType } : {}),
      },
      hidden: true,
      ...(options.required ? { required: true } : {}),
      ...(options.requiredWhen ? { requiredWhen: options.requiredWhen } : {}),
    } as EntityField<N, 'ref'> & RequiredByOptions<O>,
    {
      name: labelField,
      label,
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: options.width ?? 160,
      ...(options.hidden ? { hidden: true } : {}),
    },
  ];
}

export const CODE_FIELD = {
  name: 'code',
  label: 'Code',
  kind: 'text',
  required: true,
  maxLength: 30,
  width: 120,
} as const satisfies EntityField;

export const NAME_FIELD = {
  name: 'name',
  label: 'Name',
  kind: 'text',
  required: true,
  maxLength: 120,
  width: 240,
} as const satisfies EntityField;

export const ACTIVE_FIELD = {
  name: 'active',
  defaultValue: true,
  label: 'Active',
  kind: 'boolean',
  width: 100,
} as const satisfies EntityField;

/** Read-only columns of an append-only row: when and by whom. */
export const LOGGED_FIELDS = declareFields([
  {
    name: 'created_at',
    label: 'Date',
    kind: 'datetime',
    readOnly: true,
    listOnly: true,
    width: 170,
  },
  {
    name: 'created_by_name',
    label: 'User',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 150,
  },
]);
