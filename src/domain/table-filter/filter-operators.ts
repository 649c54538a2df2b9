import type { FieldType } from './filterable-field.ts';

// The vocabulary of one filter row on the wire (docs/product.md §3, §4). `between` and `custom` are
// not here: they are choices of the column menu that become rows of these operators before a
// request is sent (see filter-choices.ts and between-to-custom.ts).

export const FILTER_OPERATORS = {
  /** Same value; text ignores case. */
  equals: 'equals',
  /** Any other value, blanks included; text ignores case. */
  not_equal: 'not_equal',
  /** Text holding the value anywhere, ignoring case; `%` and `_` are plain characters. */
  contains: 'contains',
  /** Text not holding the value, blanks included. */
  not_contains: 'not_contains',
  less: 'less',
  less_or_equal: 'less_or_equal',
  greater: 'greater',
  greater_or_equal: 'greater_or_equal',
  /** One of a list of values: the checkbox list of a column. `value` is an array. */
  in: 'in',
} as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[keyof typeof FILTER_OPERATORS];

/**
 * How a row joins the rows before it. AND binds tighter than OR, as in SQL: `a or b and c`
 * means `a or (b and c)`, so a between pair (>= and <=) added with `or` stays one range.
 * The first row's logic operator joins nothing and is ignored.
 */
export const LOGIC_OPERATORS = { and: 'and', or: 'or' } as const;

export type LogicOperator = (typeof LOGIC_OPERATORS)[keyof typeof LOGIC_OPERATORS];

/** `value`: compare with the row's value; `column`: with another whitelisted field's value. */
export const VALUE_TYPES = { value: 'value', column: 'column' } as const;

export type ValueType = (typeof VALUE_TYPES)[keyof typeof VALUE_TYPES];

type Op = FilterOperator;

const EQUALITY: readonly Op[] = ['equals', 'not_equal'];
const ORDER: readonly Op[] = [...EQUALITY, 'less', 'less_or_equal', 'greater', 'greater_or_equal'];
const TEXT: readonly Op[] = [...EQUALITY, 'contains', 'not_contains'];

// Ordered comparisons only where order means something: booleans and enum codes have none.
const WITH_VALUE: Record<FieldType, readonly Op[]> = {
  text: [...TEXT, 'in'],
  number: [...ORDER, 'in'],
  date: [...ORDER, 'in'],
  datetime: ORDER,
  boolean: EQUALITY,
  enum: [...EQUALITY, 'in'],
};

const WITH_COLUMN: Record<FieldType, readonly Op[]> = {
  text: EQUALITY,
  number: ORDER,
  date: ORDER,
  datetime: ORDER,
  boolean: EQUALITY,
  enum: EQUALITY,
};

/** The operators a row on a field of this type may use with `value_type: 'value'`. */
export function operatorsFor(type: FieldType): readonly FilterOperator[] {
  return WITH_VALUE[type];
}

/** The operators a row on a field of this type may use with `value_type: 'column'`. */
export function columnOperatorsFor(type: FieldType): readonly FilterOperator[] {
  return WITH_COLUMN[type];
}

/** Whether a field of type `a` may be compared with a field of type `b`. */
export function comparableTypes(a: FieldType, b: FieldType): boolean {
  if (a === b) return true;
  const moments: readonly FieldType[] = ['date', 'datetime'];
  return moments.includes(a) && moments.includes(b);
}

export function isFilterOperator(text: string): text is FilterOperator {
  return Object.hasOwn(FILTER_OPERATORS, text);
}
