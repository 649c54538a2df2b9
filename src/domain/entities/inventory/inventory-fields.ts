import type { EntityField, RequiredWhen } from '../../entity/entity-field.ts';

// Field shapes Inventory's declarations repeat.

/** A reference and the read-only column that shows its row's label in lists. */
export function refWithLabel(
  name: string,
  label: string,
  entity: string,
  labelField: string,
  options: {
    required?: boolean;
    width?: number;
    /** References to `parameters` or `products`: the family it takes (FieldRef.parameterType). */
    parameterType?: string;
    requiredWhen?: RequiredWhen;
    hidden?: boolean;
  } = {},
): [EntityField, EntityField] {
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
    },
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

export const CODE_FIELD: EntityField = {
  name: 'code',
  label: 'Code',
  kind: 'text',
  required: true,
  maxLength: 30,
  width: 120,
};

export const NAME_FIELD: EntityField = {
  name: 'name',
  label: 'Name',
  kind: 'text',
  required: true,
  maxLength: 120,
  width: 240,
};

export const ACTIVE_FIELD: EntityField = {
  name: 'active',
  defaultValue: true,
  label: 'Active',
  kind: 'boolean',
  width: 100,
};

/** Read-only columns of an append-only row: when and by whom. */
export const LOGGED_FIELDS: readonly EntityField[] = [
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
];
