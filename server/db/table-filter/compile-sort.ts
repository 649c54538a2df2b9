import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TableSort } from '../../../src/domain/table-filter/table-query.types.ts';
import { columnOf, type FilterColumns } from './compile-filter.ts';

// ORDER BY terms for a validated sort. Text sorts without regard to case, so PGlite (C
// collation) and PostgreSQL (usually a language collation) list rows in the same order, and
// blanks come last in both directions. The tie-break (normally the primary key) follows, so
// pages never overlap or skip rows between requests.

export function compileSort(
  columns: FilterColumns,
  sort: TableSort | null,
  tiebreak: readonly (AnyPgColumn | SQL)[] = [],
): SQL[] {
  const terms: SQL[] = [];
  if (sort) {
    const direction = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
    terms.push(sql`${sortKey(columns, sort)} ${direction} nulls last`);
  }
  for (const column of tiebreak) terms.push(sql`${column} asc`);
  return terms;
}

/** What a sort orders by: the column, or its lower-cased text (exports resume after a row by it). */
export function sortKey(columns: FilterColumns, sort: TableSort): SQL {
  const column = columnOf(columns, sort.field);
  return isTextColumn(column) ? sql`lower(${column}::text)` : sql`${column}`;
}

// Drizzle's text, varchar, char, uuid and enum columns are all `string`; an SQL expression is
// sorted as it is.
function isTextColumn(column: AnyPgColumn | SQL): boolean {
  return is(column, PgColumn) && column.dataType === 'string';
}
