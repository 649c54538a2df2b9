import type { FieldType } from './filterable-field.ts';
import type { FilterOperator, LogicOperator, ValueType } from './filter-operators.ts';
import type { FilterValue } from './filter-value.ts';

// The table filter object of docs/product.md §3 and the list query around it, in two forms: what a
// client sends (…Input, loose, as a person builds it) and what validation hands the server (typed,
// values coerced to their field's type, every name checked against the field list).

export const SORT_DIRECTIONS = { asc: 'asc', desc: 'desc' } as const;

export type SortDirection = (typeof SORT_DIRECTIONS)[keyof typeof SORT_DIRECTIONS];

/** One sorted column; no sort is `null`. */
export type TableSort = { field: string; direction: SortDirection };

/** Bounds of one list query, so a request cannot ask for an unbounded amount of work. */
export const TABLE_QUERY_LIMITS = {
  /** Columns filtered at once. */
  columns: 30,
  /** Rows of one column's filter (custom filters included). */
  rowsPerColumn: 20,
  /** Values of one `in` list (the checkbox list of a column). */
  inValues: 100,
  /** Largest page; matches the server's query-string array limit. */
  perPage: 500,
  defaultPerPage: 50,
  /** Highest page number accepted. */
  page: 1_000_000,
  /**
   * Rows a list counts past its page's first row: beyond it the total is "at least" (the grid
   * shows "10,000+"), so a page never reads every matching row of a big table to count them.
   */
  countCap: 10_000,
} as const;

// ---- what a client sends -------------------------------------------------------------------

export type FilterRowInput = {
  /** Defaults to `and`. */
  logic_operator?: LogicOperator;
  operator: FilterOperator;
  /** Defaults to `value`. */
  value_type?: ValueType;
  /** A value; an array for `in`; a field name for `value_type: 'column'`. */
  value: FilterValue | readonly FilterValue[];
};

export type ColumnFilterInput = {
  field: string;
  field_type: FieldType;
  filters: readonly FilterRowInput[];
};

export type TableQueryInput = {
  filter?: readonly ColumnFilterInput[];
  sort?: TableSort | null;
  page?: number;
  per_page?: number;
};

// ---- what validation hands the server ------------------------------------------------------

type RowJoin = { logic_operator: LogicOperator };

/** Compares the field with one value. */
export type ValueRow = RowJoin & {
  operator: Exclude<FilterOperator, 'in'>;
  value_type: 'value';
  value: FilterValue;
};

/** The field's value is one of a list. */
export type ListRow = RowJoin & { operator: 'in'; value_type: 'value'; value: FilterValue[] };

/** Compares the field with another whitelisted field of a comparable type (`value` names it). */
export type ColumnRow = RowJoin & {
  operator: Exclude<FilterOperator, 'in' | 'contains' | 'not_contains'>;
  value_type: 'column';
  value: string;
};

export type FilterRow = ValueRow | ListRow | ColumnRow;

export type ColumnFilter = { field: string; field_type: FieldType; filters: FilterRow[] };

export type TableQuery = {
  /** Column filters, all of which must hold. */
  filter: ColumnFilter[];
  sort: TableSort | null;
  /** 1-based. */
  page: number;
  per_page: number;
};
