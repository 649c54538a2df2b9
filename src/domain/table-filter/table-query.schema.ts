import { z } from 'zod';
import type { ValidationCode } from '../validation-codes.ts';
import { isFilterable, isSortable, type FilterableField } from './filterable-field.ts';
import {
  columnOperatorsFor,
  comparableTypes,
  isFilterOperator,
  LOGIC_OPERATORS,
  operatorsFor,
  VALUE_TYPES,
} from './filter-operators.ts';
import { coerceFilterValue, type FilterValue } from './filter-value.ts';
import {
  TABLE_QUERY_LIMITS as LIMITS,
  type ColumnFilter,
  type FilterRow,
  type TableSort,
} from './table-query.types.ts';

// The list query of docs/product.md §3/§4 as a zod shape built from an entity's field list. Every
// leaf is checked here, not by zod's own types, so each problem carries a docs/product.md §5 code
// as its message (server/http/zod-to-codes.ts passes such messages through) and every problem of a
// request is reported at once, each at its own path: `filter.0.filters.1.value`, `sort.field`,
// `per_page`.

type Path = (string | number)[];
type Problem = { path: Path; code: ValidationCode };

/**
 * The properties `filter`, `sort`, `page` and `per_page`, for a route to spread into its own
 * query object next to any parameters of its own.
 */
export function tableQueryShape(fields: readonly FilterableField[]) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return {
    filter: z
      .unknown()
      .optional()
      .transform((raw, ctx) => settle(readFilterList(raw, byName), ctx)),
    sort: z
      .unknown()
      .optional()
      .transform((raw, ctx) => settle(readSort(raw, byName), ctx)),
    page: z
      .unknown()
      .optional()
      .transform((raw, ctx) => settle(readCount(raw, 1, LIMITS.page), ctx)),
    per_page: z
      .unknown()
      .optional()
      .transform((raw, ctx) => settle(readCount(raw, LIMITS.defaultPerPage, LIMITS.perPage), ctx)),
  };
}

/** The list query alone: `{filter, sort, page, per_page}` → TableQuery. */
export function tableQuerySchema(fields: readonly FilterableField[]) {
  return z.object(tableQueryShape(fields));
}

type Read<T> = { value: T; problems: Problem[] };

function settle<T>(read: Read<T>, ctx: z.RefinementCtx): T {
  for (const { path, code } of read.problems) ctx.addIssue({ code: 'custom', message: code, path });
  return read.value;
}

// ---- filter --------------------------------------------------------------------------------

function readFilterList(raw: unknown, fields: Map<string, FilterableField>): Read<ColumnFilter[]> {
  if (raw === undefined || raw === '') return { value: [], problems: [] };
  if (!Array.isArray(raw)) return { value: [], problems: [{ path: [], code: 'in' }] };
  if (raw.length > LIMITS.columns) return { value: [], problems: [{ path: [], code: 'size' }] };
  const problems: Problem[] = [];
  const value: ColumnFilter[] = [];
  raw.forEach((item: unknown, i) => {
    const column = readColumnFilter(item, fields, (path, code) => {
      problems.push({ path: [i, ...path], code });
      return undefined;
    });
    if (column) value.push(column);
  });
  return { value, problems };
}

/** Records a problem at a path below the current item; returns undefined for `return report(…)`. */
type Report = (path: Path, code: ValidationCode) => undefined;

function readColumnFilter(
  raw: unknown,
  fields: Map<string, FilterableField>,
  report: Report,
): ColumnFilter | undefined {
  if (!isRecord(raw)) return report([], raw === undefined ? 'required' : 'in');
  const name = own(raw, 'field');
  const field = typeof name === 'string' ? fields.get(name) : undefined;
  if (name === undefined || name === '') report(['field'], 'required');
  else if (!field || !isFilterable(field)) report(['field'], 'in');

  const fieldType = own(raw, 'field_type');
  if (fieldType === undefined || fieldType === '') report(['field_type'], 'required');
  else if (field && fieldType !== field.type) report(['field_type'], 'in');

  const rows = own(raw, 'filters');
  if (rows === undefined || rows === '') return report(['filters'], 'required');
  if (!Array.isArray(rows)) return report(['filters'], 'in');
  if (rows.length > LIMITS.rowsPerColumn) return report(['filters'], 'size');

  const filters: FilterRow[] = [];
  rows.forEach((row: unknown, j) => {
    const read = readRow(row, field, fields, (path, code) => report(['filters', j, ...path], code));
    if (read) filters.push(read);
  });
  return field ? { field: field.name, field_type: field.type, filters } : undefined;
}

function readRow(
  raw: unknown,
  field: FilterableField | undefined,
  fields: Map<string, FilterableField>,
  report: Report,
): FilterRow | undefined {
  if (!isRecord(raw)) return report([], raw === undefined ? 'required' : 'in');
  const logic = oneOf(own(raw, 'logic_operator'), LOGIC_OPERATORS, 'and');
  if (logic === undefined) report(['logic_operator'], 'in');
  const valueType = oneOf(own(raw, 'value_type'), VALUE_TYPES, 'value');
  if (valueType === undefined) report(['value_type'], 'in');

  const operator = own(raw, 'operator');
  if (operator === undefined || operator === '') return report(['operator'], 'required');
  if (typeof operator !== 'string' || !isFilterOperator(operator)) {
    return report(['operator'], 'in');
  }
  if (!field || !logic || !valueType) return undefined;
  const allowed =
    valueType === 'column' ? columnOperatorsFor(field.type) : operatorsFor(field.type);
  if (!allowed.includes(operator)) return report(['operator'], 'in');

  const rawValue = own(raw, 'value');
  const at: Report = (path, code) => report(['value', ...path], code);
  if (valueType === 'column') {
    const other = readColumnName(rawValue, field, fields, at);
    return other === undefined
      ? undefined
      : {
          logic_operator: logic,
          operator: operator as ColumnOperator,
          value_type: 'column',
          value: other,
        };
  }
  if (operator === 'in') {
    const list = readList(rawValue, field, at);
    return list && { logic_operator: logic, operator, value_type: 'value', value: list };
  }
  const coerced = coerceFilterValue(field, rawValue);
  if (!coerced.ok) return at([], coerced.code);
  return { logic_operator: logic, operator, value_type: 'value', value: coerced.value };
}

type ColumnOperator = Extract<FilterRow, { value_type: 'column' }>['operator'];

function readColumnName(
  raw: unknown,
  field: FilterableField,
  fields: Map<string, FilterableField>,
  report: Report,
): string | undefined {
  if (raw === undefined || raw === '') return report([], 'required');
  const other = typeof raw === 'string' ? fields.get(raw) : undefined;
  if (!other || !isFilterable(other) || !comparableTypes(field.type, other.type)) {
    return report([], 'in');
  }
  return other.name;
}

function readList(raw: unknown, field: FilterableField, report: Report): FilterValue[] | undefined {
  if (raw === undefined || raw === '') return report([], 'required');
  // One checked box may arrive as a bare value rather than a one-item list.
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0) return report([], 'required');
  if (items.length > LIMITS.inValues) return report([], 'size');
  const values: FilterValue[] = [];
  items.forEach((item, k) => {
    const coerced = coerceFilterValue(field, item);
    if (coerced.ok) values.push(coerced.value);
    else report(Array.isArray(raw) ? [k] : [], coerced.code);
  });
  return values.length === items.length ? values : undefined;
}

// ---- sort and paging -----------------------------------------------------------------------

function readSort(raw: unknown, fields: Map<string, FilterableField>): Read<TableSort | null> {
  if (raw === undefined || raw === null || raw === '') return { value: null, problems: [] };
  if (!isRecord(raw)) return { value: null, problems: [{ path: [], code: 'in' }] };
  const problems: Problem[] = [];
  const name = own(raw, 'field');
  const field = typeof name === 'string' ? fields.get(name) : undefined;
  if (name === undefined || name === '') problems.push({ path: ['field'], code: 'required' });
  else if (!field || !isSortable(field)) problems.push({ path: ['field'], code: 'in' });
  const rawDirection = own(raw, 'direction');
  const direction = typeof rawDirection === 'string' ? rawDirection.toLowerCase() : rawDirection;
  if (direction === undefined || direction === '') {
    problems.push({ path: ['direction'], code: 'required' });
  } else if (direction !== 'asc' && direction !== 'desc') {
    problems.push({ path: ['direction'], code: 'in' });
  }
  const value: TableSort | null =
    field && (direction === 'asc' || direction === 'desc')
      ? { field: field.name, direction }
      : null;
  return { value, problems };
}

function readCount(raw: unknown, fallback: number, max: number): Read<number> {
  if (raw === undefined || raw === '') return { value: fallback, problems: [] };
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    return { value: fallback, problems: [{ path: [], code: 'integer' }] };
  }
  if (n < 1) return { value: fallback, problems: [{ path: [], code: 'in' }] };
  if (n > max) return { value: fallback, problems: [{ path: [], code: 'max' }] };
  return { value: n, problems: [] };
}

// ---- helpers -------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Own properties only: a key such as `constructor` or `__proto__` must not reach the prototype.
function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function oneOf<T extends string>(raw: unknown, options: Record<T, T>, fallback: T): T | undefined {
  if (raw === undefined || raw === '') return fallback;
  return typeof raw === 'string' && Object.hasOwn(options, raw) ? (raw as T) : undefined;
}
