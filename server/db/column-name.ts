import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column's name in the database: the schema is declared with snake_case casing, so a column
 * named by its key (`movedAt`) is `moved_at` there. For SQL written by hand around Drizzle's.
 */
export function columnName(column: AnyPgColumn): string {
  return column.keyAsName
    ? column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    : column.name;
}
