import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import { decodeRow, rowDecoder, type Selection } from '../../db/array-rows.ts';
import type { Db } from '../../db/client.ts';
import { compileSort, sortKey } from '../../db/table-filter/compile-sort.ts';
import { listSort, type ResolvedBinding } from './entity-binding.ts';
import { whereOf } from './entity-queries.ts';
import { exportConnection, releaseExportConnection } from './export-slots.ts';

// Every row of an export, in the list's order, a batch at a time, without OFFSET (which reads
// the table again from the start for every page: a million rows read it about 500 times).
//
// CSV on PostgreSQL does not come here: one COPY writes the file (export-copy.ts). XLSX does,
// and a CSV whose cells the COPY cannot write alike.
//
// PostgreSQL: one server-side cursor (DECLARE … FETCH) in a read-only repeatable-read
// transaction on a pooled connection of its own. The statement runs once, the rows are one
// snapshot, and the next batch is fetched only when the reply has taken the last one, so
// memory stays at a batch whatever the table's size; the other pooled connections keep
// answering everyone else.
//
// PGlite: one session for the whole process, and a transaction there holds every other query
// until it ends, so a cursor would stop the server for the length of the export. Instead each
// batch is its own short statement that resumes after the last row sent (keyset): the sort key
// and id of that row, read again by its id, so the comparison is exact for any sort the list
// allows (text lower-cased, blanks last, id as tie-break, as compileSort orders).

/**
 * Rows per batch: about 150 KB of CSV for a report row. Each batch is decoded and written in
 * one go on the event loop, so a smaller one keeps other requests' waits short.
 */
export const EXPORT_BATCH_ROWS = 1_000;

export type ExportRow = Record<string, unknown>;

const ROW_ID = '__export_id';

export async function* exportRows(
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  fields: readonly string[],
  batch = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportRow[]> {
  const selection = selectionOf(binding, fields);
  const pool = postgresPool(db);
  if (pool) yield* cursorRows(pool, db, binding, query, selection, batch);
  else yield* keysetRows(db, binding, query, selection, batch);
}

// Only what is written is selected: a column left out (a running balance) may cost a subquery
// per row.
function selectionOf(binding: ResolvedBinding, fields: readonly string[]): Selection {
  const selection: Selection = {
    [ROW_ID]: sql<number>`${binding.table.id}`.mapWith(Number),
  };
  for (const name of fields) {
    const column = binding.selection[name];
    if (column) selection[name] = column;
  }
  return selection;
}

/** The one statement a PostgreSQL export runs (the benchmark copies the same select). */
export function exportStatement(
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  fields: readonly string[],
): { sql: string; params: unknown[] } {
  return statement(db, binding, query, selectionOf(binding, fields)).toSQL();
}

export function postgresPool(db: Db): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

function orderOf(binding: ResolvedBinding, query: Pick<TableQuery, 'sort'>) {
  const sort = listSort(binding, query);
  return { sort, terms: compileSort(binding.filterColumns, sort, [binding.table.id]) };
}

export function statement(
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  selection: Selection | Record<string, SQL.Aliased>,
  after?: SQL,
) {
  const table: PgTable = binding.table;
  return db
    .select(selection)
    .from(table)
    .where(and(whereOf(binding, query), after))
    .orderBy(...orderOf(binding, query).terms);
}

// The raw values Drizzle's node-postgres session asks for (timestamps, dates and intervals as
// text, and their arrays), so each column's own decoder maps them exactly as a list page does.
const RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
export function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (RAW_TYPES.has(oid)) return (value) => value;
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}
const drizzleTypes = { getTypeParser: typeParser as typeof pg.types.getTypeParser };

async function* cursorRows(
  pool: pg.Pool,
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  selection: Selection,
  batch: number,
): AsyncGenerator<ExportRow[]> {
  const built = statement(db, binding, query, selection).toSQL();
  const fields = rowDecoder(selection);
  const client = await exportConnection(pool);
  let broken: Error | undefined;
  let open = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    open = true;
    // A cursor is planned for its first 10 % of rows by default (a fast start); every row
    // will be read, so plan for all of them, as COPY or a plain select would.
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query({
      text: `declare plantline_export no scroll cursor for ${built.sql}`,
      values: built.params,
    });
    const fetchNext = (): Promise<{ rows: unknown[][] }> =>
      client.query<unknown[]>({
        text: `fetch ${batch} from plantline_export`,
        rowMode: 'array',
        types: drizzleTypes,
      });
    // One FETCH always in flight: the database works on the next batch while this one is
    // written out, instead of waiting a round trip per batch (two batches in memory at most).
    let next: Promise<{ rows: unknown[][] }> | undefined = fetchNext();
    while (next) {
      const result: { rows: unknown[][] } = await next;
      next = result.rows.length < batch ? undefined : fetchNext();
      // A rejected prefetch is awaited (and thrown) on the next turn; never left unheard.
      next?.catch(() => undefined);
      const rows = result.rows.map((row) => decodeRow(fields, row));
      if (rows.length > 0) yield rows;
    }
    await client.query('commit');
    open = false;
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // Stopped early (the browser went away) or failed: the cursor ends with its transaction.
    if (open) await client.query('rollback').catch((error: Error) => (broken ??= error));
    releaseExportConnection(client, broken);
  }
}

async function* keysetRows(
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  selection: Selection,
  batch: number,
): AsyncGenerator<ExportRow[]> {
  const { sort } = orderOf(binding, query);
  const id = binding.table.id;
  let last: number | null = null;
  for (;;) {
    const after: SQL | undefined = last === null ? undefined : resumeAfter(last);
    const rows = (await statement(db, binding, query, selection, after).limit(
      batch,
    )) as ExportRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    last = Number(rows.at(-1)?.[ROW_ID]);
  }

  // Rows after row `lastId` in the order `key <direction> nulls last, id asc`.
  function resumeAfter(lastId: number): SQL {
    const table: PgTable = binding.table;
    if (!sort) return sql`${id} > ${lastId}`;
    const key = sortKey(binding.filterColumns, sort);
    // The last row's key, read again from that row (the inner FROM names the same table, so
    // the key's columns are that row's).
    const anchor = sql`(${db.select({ k: key }).from(table).where(eq(id, lastId))})`;
    const beyond = sort.direction === 'desc' ? sql`${key} < ${anchor}` : sql`${key} > ${anchor}`;
    return sql`(${beyond} or (${key} = ${anchor} and ${id} > ${lastId})
      or (${key} is null and (${anchor} is not null or ${id} > ${lastId})))`;
  }
}
