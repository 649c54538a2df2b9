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
    // Sorted by the tie-break itself (the id): it is unique and never blank, so it orders
    // alone, and its own index serves both directions (read backwards for desc).
    if (tiebreak.length === 1 && columnOf(columns, sort.field) === tiebreak[0])
      return [sql`${tiebreak[0]} ${direction}`];
    terms.push(sql`${sortKey(columns, sort)} ${direction} nulls last`);
  }
  for (const column of tiebreak) terms.push(sql`${column} asc`);
  return terms;
}

/** What a sort orders by: the column, or its lower-cased text (exports resume after a row by it). */
export function sortKey(columns: FilterColumns, sort: TableSort): SQL {
  const column = columnOf(columns, sort.field);
  return is(column, PgColumn) && sortsAsText(column) ? sql`lower(${column}::text)` : sql`${column}`;
}

// Drizzle's text, varchar, char, uuid and enum columns are all `string`, and so are numeric,
// date and timestamp columns in string mode: those sort by value (as text, 6000 came after
// 595766 in a descending stock list). An SQL expression is sorted as it is.
const VALUE_TYPES_AS_STRINGS = new Set([
  'PgNumeric',
  'PgDateString',
  'PgTimestampString',
  'PgTime',
  'PgInterval',
  'PgBigInt64',
]);

/** A column a list sorts as text, by `lower(column)`; any other sorts by its value. */
export function sortsAsText(column: PgColumn): boolean {
  return column.dataType === 'string' && !VALUE_TYPES_AS_STRINGS.has(column.columnType);
}
