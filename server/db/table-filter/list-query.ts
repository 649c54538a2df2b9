import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db, Tx } from '../client.ts';
import { compileFilter, type FilterColumns } from './compile-filter.ts';
import { compileSort } from './compile-sort.ts';

// One page of a table for a validated list query, with the number of rows the filter matches
// counted in the same statement (a window count), so the page and its total always agree.

export type ListQueryOptions<T extends PgTable> = {
  table: T;
  /** The whitelist: each filterable or sortable field's column. */
  columns: FilterColumns;
  query: TableQuery;
  /** A condition of the route's own (scope, soft delete) that always applies. */
  where?: SQL;
  /** Columns that make the order total, normally the primary key. */
  tiebreak?: readonly (AnyPgColumn | SQL)[];
};

export type ListPage<Row> = { rows: Row[]; total: number };

/** LIMIT and OFFSET of a 1-based page. */
export function pageWindow(query: Pick<TableQuery, 'page' | 'per_page'>): {
  limit: number;
  offset: number;
} {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export async function listQuery<T extends PgTable>(
  db: Db | Tx,
  options: ListQueryOptions<T>,
): Promise<ListPage<T['$inferSelect']>> {
  const { columns, query } = options;
  // Widened so Drizzle's select builder accepts the generic table.
  const table: PgTable = options.table;
  const conditions = [options.where, compileFilter(columns, query.filter)].filter(
    (c): c is SQL => c !== undefined,
  );
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  const { limit, offset } = pageWindow(query);
  const selected = await db
    .select({ row: getTableColumns(table), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table)
    .where(where)
    .orderBy(...compileSort(columns, query.sort, options.tiebreak))
    .limit(limit)
    .offset(offset);
  const rows = selected.map((s) => s.row as T['$inferSelect']);
  const first = selected[0];
  if (first) return { rows, total: first.total };
  // A page past the end has no row to carry the window count; only then count on its own.
  if (offset === 0) return { rows, total: 0 };
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
