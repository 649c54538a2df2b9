import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boundType } from '../array-param.ts';
import type { FieldType } from '../../../src/domain/table-filter/filterable-field.ts';
import type { FilterValue } from '../../../src/domain/table-filter/filter-value.ts';
import type {
  ColumnFilter,
  ColumnRow,
  FilterRow,
  ListRow,
  ValueRow,
} from '../../../src/domain/table-filter/table-query.types.ts';

// The table filter object (validated by src/domain/table-filter) as a SQL condition. Values
// are always bound parameters, cast to their field's type so PostgreSQL never guesses (a
// decimal compared with an integer column stays a decimal). Names only ever come from the
// whitelist: a field is looked up here, never written into the SQL text.

/** The server half of an entity's whitelist: each filterable field's column or expression. */
export type FilterColumns = Readonly<Record<string, AnyPgColumn | SQL>>;

type Operand = AnyPgColumn | SQL;

/**
 * One condition for all column filters (each must hold), or undefined when there are none.
 * Within a column, rows join left to right with AND binding tighter than OR, as in SQL.
 */
export function compileFilter(
  columns: FilterColumns,
  filter: readonly ColumnFilter[],
): SQL | undefined {
  const parts = filter.flatMap((column) => {
    const condition = compileColumnFilter(columns, column);
    return condition ? [condition] : [];
  });
  return parts.length > 0 ? joined(parts, 'and') : undefined;
}

/** The operand a whitelisted field stands for; a name outside the whitelist is a bug. */
export function columnOf(columns: FilterColumns, field: string): Operand {
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw new Error(`table filter: "${field}" has no column in the whitelist`);
  return column;
}

function compileColumnFilter(columns: FilterColumns, filter: ColumnFilter): SQL | undefined {
  const column = columnOf(columns, filter.field);
  const groups: SQL[][] = [];
  filter.filters.forEach((row, i) => {
    const condition = compileRow(columns, column, filter.field_type, row);
    const current = groups.at(-1);
    if (i === 0 || row.logic_operator === 'or' || !current) groups.push([condition]);
    else current.push(condition);
  });
  if (groups.length === 0) return undefined;
  return joined(
    groups.map((group) => joined(group, 'and')),
    'or',
  );
}

function compileRow(columns: FilterColumns, column: Operand, type: FieldType, row: FilterRow): SQL {
  if (row.value_type === 'column') {
    return compareColumns(column, columnOf(columns, row.value), type, row);
  }
  if (row.operator === 'in') return inList(column, type, row);
  return compareValue(column, type, row);
}

const COMPARISON = {
  equals: '=',
  // IS DISTINCT FROM keeps blanks: "not equal to X" includes rows with no value.
  not_equal: 'is distinct from',
  less: '<',
  less_or_equal: '<=',
  greater: '>',
  greater_or_equal: '>=',
} as const;

function compareValue(column: Operand, type: FieldType, row: ValueRow): SQL {
  if (type === 'text') {
    const text = String(row.value);
    switch (row.operator) {
      case 'contains':
        return sql`${asText(column)} ilike ${likePattern(text)}`;
      case 'not_contains':
        return sql`(${column} is null or ${asText(column)} not ilike ${likePattern(text)})`;
      default:
        return sql`lower(${asText(column)}) ${sql.raw(COMPARISON[row.operator])} lower(${text}::text)`;
    }
  }
  if (row.operator === 'contains' || row.operator === 'not_contains') {
    throw new Error(`table filter: ${row.operator} on a ${type} field`);
  }
  return sql`${column} ${sql.raw(COMPARISON[row.operator])} ${bound(row.value, type, column)}`;
}

// Two enum fields may be stored differently (text, a PostgreSQL enum, a small integer code),
// so they meet as text: equal when they hold the same value.
function compareColumns(column: Operand, other: Operand, type: FieldType, row: ColumnRow): SQL {
  const op = sql.raw(COMPARISON[row.operator]);
  if (type === 'text') return sql`lower(${asText(column)}) ${op} lower(${asText(other)})`;
  if (type === 'enum') return sql`${asText(column)} ${op} ${asText(other)}`;
  return sql`${column} ${op} ${other}`;
}

function inList(column: Operand, type: FieldType, row: ListRow): SQL {
  if (type === 'text') {
    const values = row.value.map((v) => sql`lower(${String(v)}::text)`);
    return sql`lower(${asText(column)}) in (${sql.join(values, sql`, `)})`;
  }
  const values = row.value.map((v) => bound(v, type, column));
  return sql`${column} in (${sql.join(values, sql`, `)})`;
}

// Enum values are left for PostgreSQL to type from the column: an enum may be stored as text,
// as a PostgreSQL enum or as a small integer code.
const CASTS: Record<Exclude<FieldType, 'enum'>, string> = {
  text: 'text',
  number: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
};

// A whole number compared with an integer column is bound as that column's own type: bound as
// numeric, PostgreSQL would widen the column instead (`supplier_id::numeric = $1`) and no
// index on it could serve the filter. A fraction, or a number past the column's range, stays
// numeric, so `qty_int < 2.5` and `id = 1e20` still mean what they say.
const INTEGER_MAX: Readonly<Record<string, number>> = {
  smallint: 32_767,
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
};

function integerCast(value: FilterValue, column: Operand): string | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || !('getSQLType' in column))
    return undefined;
  const cast = boundType(column);
  const max = INTEGER_MAX[cast];
  return max !== undefined && Math.abs(value) <= max ? cast : undefined;
}

function bound(value: FilterValue, type: FieldType, column: Operand): SQL {
  if (type === 'enum') return sql`${value}`;
  const cast = type === 'number' ? (integerCast(value, column) ?? CASTS.number) : CASTS[type];
  return sql`${value}::${sql.raw(cast)}`;
}

function asText(column: Operand): SQL {
  return sql`${column}::text`;
}

/** `%value%` with the value's own `%`, `_` and `\` matched literally (backslash is LIKE's escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function joined(parts: readonly SQL[], logic: 'and' | 'or'): SQL {
  if (parts.length === 1 && parts[0]) return parts[0];
  return sql`(${sql.join([...parts], sql.raw(` ${logic} `))})`;
}
