import { declareFields, type EntityField, type RequiredWhen } from '../../entity/entity-field.ts';

// Field shapes Inventory's declarations repeat. Each keeps its fields' literal names and kinds
// in its type, so a declaration built of them still infers its rows (RowOf).

type RefOptions = {
  required?: boolean;
  width?: number;
  /** References to `parameters` or `products`: the family it takes (FieldRef.parameterType). */
  parameterType?: string;
  requiredWhen?: RequiredWhen;
  hidden?: boolean;
};

/** `required: true` in the type when the options said so, for RowOf's nullability. */
type RequiredIf<O extends RefOptions> = O extends { readonly required: true }
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
): [EntityField<N, 'ref'> & RequiredIf<O>, EntityField<L, 'text'>] {
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
    } as EntityField<N, 'ref'> & RequiredIf<O>,
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
