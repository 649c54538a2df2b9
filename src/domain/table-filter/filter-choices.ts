import type { FieldType } from './filterable-field.ts';
import type { FilterOperator } from './filter-operators.ts';

// What a column's filter menu offers (docs/product.md §4). Most choices are a single row of the
// same operator; `between` becomes a >= and <= pair (betweenToCustom) and `custom` lets a person
// edit the rows themselves. Neither is ever sent: the wire only carries rows.

export type FilterChoice = FilterOperator | 'between' | 'custom';

// Numbers and dates compare the same way, so they offer the same menu.
const ORDERED: readonly FilterChoice[] = [
  'equals',
  'not_equal',
  'less',
  'less_or_equal',
  'greater',
  'greater_or_equal',
  'between',
  'custom',
];

const CHOICES: Record<FieldType, readonly FilterChoice[]> = {
  text: ['equals', 'not_equal', 'contains', 'not_contains', 'custom'],
  number: ORDERED,
  date: ORDERED,
  datetime: ['less', 'less_or_equal', 'greater', 'greater_or_equal', 'between', 'custom'],
  boolean: ['equals', 'not_equal'],
  enum: ['in', 'equals', 'not_equal', 'custom'],
};

/** The menu of a column of this type, in the order it is shown. */
export function filterChoicesFor(type: FieldType): readonly FilterChoice[] {
  return CHOICES[type];
}
