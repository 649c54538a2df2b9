import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  TABLE_QUERY_LIMITS,
  type TableQuery,
} from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { compileFilter, type FilterColumns } from './compile-filter.ts';
import { compileSort } from './compile-sort.ts';

// One page of a table for a validated list query, with the number of rows the filter matches
// counted in the same statement (one snapshot, so the page and its total always agree). The
// count stops `countCap` rows past the page's first row: a window `count(*) over ()` read every
// matching row of a million-row ledger for each page; past the cap the total is a lower bound and
// `totalCapped` says so.

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

/** `total` is exact unless `totalCapped`: then at least that many rows match. */
export type ListPage<Row> = { rows: Row[]; total: number; totalCapped: boolean };

/** LIMIT and OFFSET of a 1-based page. */
export function pageWindow(query: Pick<TableQuery, 'page' | 'per_page'>): {
  limit: number;
  offset: number;
} {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

/** How far a page's count reads: the page's offset plus the cap, plus one to see past it. */
export function countLimit(query: Pick<TableQuery, 'page' | 'per_page'>): number {
  return pageWindow(query).offset + TABLE_QUERY_LIMITS.countCap + 1;
}

/**
 * `(select count(*) from (select 1 from table where … limit n))`: a scalar the planner runs
 * once per statement. Column references in `where` name the table, so inside the subquery they
 * bind to its own scan.
 */
export function cappedCount(db: Db | Tx, table: PgTable, where: SQL | undefined, limit: number) {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(limit);
  return sql<number>`(select count(*) from (${matching}) as counted)`.mapWith(Number);
}

/** The page's total from a capped count of `countLimit(query)` rows at most. */
export function totalOf(
  counted: number,
  query: Pick<TableQuery, 'page' | 'per_page'>,
): { total: number; totalCapped: boolean } {
  const limit = countLimit(query);
  return counted >= limit
    ? { total: limit - 1, totalCapped: true }
    : { total: counted, totalCapped: false };
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
  const count = cappedCount(db, table, where, countLimit(query));
  const selected = await db
    .select({ row: getTableColumns(table), total: count })
    .from(table)
    .where(where)
    .orderBy(...compileSort(columns, query.sort, options.tiebreak))
    .limit(limit)
    .offset(offset);
  const rows = selected.map((s) => s.row as T['$inferSelect']);
  const first = selected[0];
  if (first) return { rows, ...totalOf(first.total, query) };
  // A page past the end has no row to carry the count; only then count on its own.
  if (offset === 0) return { rows, total: 0, totalCapped: false };
  const [counted] = await queryRows<{ total: string | number }>(db, sql`select ${count} as total`);
  return { rows, ...totalOf(Number(counted?.total ?? 0), query) };
}
