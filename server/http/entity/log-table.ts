import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { qualified, type EntityTable } from './entity-binding.ts';

// Append-only tables (+log) have no version and no updated_by. Their read-only lists still
// ride on the entity pattern: the row's author stands in for "updated by" and every row is
// version 1, since it never changes.

type LogTable = PgTable & {
  id: AnyPgColumn;
  seq: AnyPgColumn;
  createdBy: AnyPgColumn;
  createdAt: AnyPgColumn;
};

export function logTable(table: LogTable): EntityTable {
  return Object.assign(Object.create(table) as LogTable, {
    version: table.createdBy,
    updatedBy: table.createdBy,
  });
}

/** The standard columns a log row answers with. */
export function logComputed(table: LogTable): Record<string, SQL | AnyPgColumn> {
  const author = userName(table.createdBy);
  return {
    // Typed, so it is a constant: a bare `1` in ORDER BY would mean the first output column,
    // and a constant sorts nothing, leaving the list in its tie-break's (the id's) order.
    version: sql<number>`1::int`.mapWith(Number),
    // The column itself, so a sort by it reads the column's index where the table has one.
    updated_at: table.createdAt,
    updated_by_name: author,
    created_by_name: author,
  };
}

export function userName(column: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select u.name from users u where u.id = ${qualified(column)})`;
}
