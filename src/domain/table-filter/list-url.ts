import type { FilterableField } from './filterable-field.ts';
import type { LogicOperator, ValueType } from './filter-operators.ts';
import type { ColumnFilterInput, FilterRowInput, TableSort } from './table-query.types.ts';
import { validateTableQuery } from './validate-table-query.ts';

// A list screen's filter, sort and page in its URL's query string, so a
// filtered view can be bookmarked and shared: whoever opens the URL with access to the list
// sees the same rows. Compact JSON under one key, rows as tuples, defaults left out:
//   ?f=[["status","enum",[["in",["draft"]]]],["number","text",[["contains","MO-001"]]]]&sort=number:desc
// A URL is typed and edited by people, so decoding never throws: whatever does not validate
// against the list's fields is dropped, column by column.

/** The query-string keys a list screen owns. */
export const LIST_URL_KEYS = {
  filter: 'f',
  sort: 'sort',
  page: 'page',
  perPage: 'per_page',
  /** A row to open on arrival (a search hit): the list opens it as a double-click would. */
  open: 'open',
} as const;

/** What a list URL holds. `sort` undefined: the list's default; null: no sort at all. */
export type ListUrlState = {
  filter: ColumnFilterInput[];
  sort?: TableSort | null;
  page?: number;
  perPage?: number;
};

/** The list's own defaults, left out of the URL so a plain list keeps a plain address. */
export type ListUrlDefaults = { sort: TableSort | null; perPage: number };

type RowTuple =
  | [FilterRowInput['operator'], FilterRowInput['value']]
  | [FilterRowInput['operator'], FilterRowInput['value'], LogicOperator]
  | [FilterRowInput['operator'], FilterRowInput['value'], LogicOperator, ValueType];

type ColumnTuple = [string, ColumnFilterInput['field_type'], RowTuple[]];

const NO_SORT = 'none';

function rowTuple(row: FilterRowInput): RowTuple {
  const logic = row.logic_operator ?? 'and';
  const valueType = row.value_type ?? 'value';
  if (valueType !== 'value') return [row.operator, row.value, logic, valueType];
  if (logic !== 'and') return [row.operator, row.value, logic];
  return [row.operator, row.value];
}

function sameSort(a: TableSort | null | undefined, b: TableSort | null): boolean {
  return (a ?? null) === b || (!!a && !!b && a.field === b.field && a.direction === b.direction);
}

/** The list state as query-string pairs (empty when everything is at its default). */
export function encodeListUrl(state: ListUrlState, defaults: ListUrlDefaults): [string, string][] {
  const pairs: [string, string][] = [];
  if (state.filter.length > 0) {
    const columns: ColumnTuple[] = state.filter.map((f) => [
      f.field,
      f.field_type,
      f.filters.map(rowTuple),
    ]);
    pairs.push([LIST_URL_KEYS.filter, JSON.stringify(columns)]);
  }
  if (state.sort !== undefined && !sameSort(state.sort, defaults.sort)) {
    pairs.push([
      LIST_URL_KEYS.sort,
      state.sort ? `${state.sort.field}:${state.sort.direction}` : NO_SORT,
    ]);
  }
  if (state.page !== undefined && state.page > 1)
    pairs.push([LIST_URL_KEYS.page, String(state.page)]);
  if (state.perPage !== undefined && state.perPage !== defaults.perPage) {
    pairs.push([LIST_URL_KEYS.perPage, String(state.perPage)]);
  }
  return pairs;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function rowOf(tuple: unknown): FilterRowInput | null {
  if (!Array.isArray(tuple) || tuple.length < 2 || tuple.length > 4) return null;
  const [operator, value, logic, valueType] = tuple as unknown[];
  return {
    operator: operator as FilterRowInput['operator'],
    value: value as FilterRowInput['value'],
    ...(logic !== undefined ? { logic_operator: logic as LogicOperator } : {}),
    ...(valueType !== undefined ? { value_type: valueType as ValueType } : {}),
  };
}

function columnOf(tuple: unknown): ColumnFilterInput | null {
  if (!Array.isArray(tuple) || tuple.length !== 3) return null;
  const [field, fieldType, rows] = tuple as unknown[];
  if (typeof field !== 'string' || typeof fieldType !== 'string' || !Array.isArray(rows)) {
    return null;
  }
  const filters = rows.map(rowOf);
  if (filters.length === 0 || filters.some((r) => r === null)) return null;
  return {
    field,
    field_type: fieldType as ColumnFilterInput['field_type'],
    filters: filters as FilterRowInput[],
  };
}

function positiveInt(text: string | null, max: number): number | undefined {
  if (text === null || !/^\d{1,7}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/**
 * The list state a URL asks for, each part checked against the list's fields: a column
 * filter that would not validate, a field that is not there, a sort on an unsortable column
 * are dropped. The same column twice keeps the first.
 */
export function decodeListUrl(
  params: URLSearchParams,
  fields: readonly FilterableField[],
): ListUrlState {
  const parsed = parseJson(params.get(LIST_URL_KEYS.filter) ?? '[]');
  const filter: ColumnFilterInput[] = [];
  for (const tuple of Array.isArray(parsed) ? parsed : []) {
    const column = columnOf(tuple);
    if (!column || filter.some((f) => f.field === column.field)) continue;
    if (validateTableQuery({ filter: [column] }, fields).ok) filter.push(column);
  }

  let sort: TableSort | null | undefined;
  const sortText = params.get(LIST_URL_KEYS.sort);
  if (sortText === NO_SORT) sort = null;
  else if (sortText) {
    const [field = '', direction] = sortText.split(':');
    const candidate = { field, direction: direction === 'desc' ? 'desc' : 'asc' } as const;
    if (validateTableQuery({ sort: candidate }, fields).ok) sort = candidate;
  }

  const page = positiveInt(params.get(LIST_URL_KEYS.page), 1_000_000);
  const perPage = positiveInt(params.get(LIST_URL_KEYS.perPage), 500);
  return {
    filter,
    ...(sort !== undefined ? { sort } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(perPage !== undefined ? { perPage } : {}),
  };
}

/** A list page's address with the given filter (a search hit that opens a filtered list). */
export function listUrl(path: string, filter: readonly ColumnFilterInput[]): string {
  const pairs = encodeListUrl({ filter: [...filter] }, { sort: null, perPage: 0 });
  return pairs.length === 0 ? path : `${path}?${new URLSearchParams(pairs).toString()}`;
}
