import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { compileFilter } from '../../db/table-filter/compile-filter.ts';
import { compileSort } from '../../db/table-filter/compile-sort.ts';
import { cappedCount, countLimit, pageWindow, totalOf } from '../../db/table-filter/list-query.ts';
import { decodeRow, selectArrays } from '../../db/array-rows.ts';
import { queryRows } from '../../db/query-rows.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { alreadyWire, toWire } from '../envelope.ts';
import type { EntityRow, ResolvedBinding } from './entity-binding.ts';

// Reads of a declared entity: a filtered page with its total, one row, the rows changed
// since a sequence number (the live stores' delta poll), picker options.

/** The binding's scope and the list's filter as one condition (lists, counts, summaries). */
export function whereOf(
  binding: ResolvedBinding,
  query?: Pick<TableQuery, 'filter'>,
): SQL | undefined {
  const parts = [
    binding.where,
    query ? compileFilter(binding.filterColumns, query.filter) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? and(...parts) : undefined;
}

function sortOf(binding: ResolvedBinding, query: Pick<TableQuery, 'sort'>) {
  const sort = query.sort ?? binding.entity.defaultSort ?? null;
  return compileSort(binding.filterColumns, sort, [binding.table.id]);
}

/** The newest change sequence handed out, so a client can ask for everything after it. */
export async function currentSeq(db: Db | Tx): Promise<number> {
  const [row] = await queryRows<{ seq: string | number }>(
    db,
    sql`select last_value as seq from change_seq`,
  );
  return Number(row?.seq ?? 0);
}

/**
 * The statement of one list page with its capped count (list-query.ts); exposed so the
 * benchmark can run the same SQL directly. The page's ids are chosen first on the bare table
 * (filter, order, offset, limit) and only those rows get the binding's computed columns: with
 * OFFSET, every skipped row was projected too, so page 100 of the movements report ran its
 * label and document subqueries for 9,900 rows nobody sees (2.9 s instead of 47 ms).
 */
export function pageStatement(db: Db | Tx, binding: ResolvedBinding, query: TableQuery) {
  const table: PgTable = binding.table;
  const { limit, offset } = pageWindow(query);
  const where = whereOf(binding, query);
  const order = sortOf(binding, query);
  const pageIds = db
    .select({ id: binding.table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  // The count is the last column, after the binding's own.
  return db
    .select({
      ...binding.selection,
      [PAGE_TOTAL]: cappedCount(db, table, where, countLimit(query)),
    })
    .from(table)
    .where(inArray(binding.table.id, pageIds))
    .orderBy(...order);
}

const PAGE_TOTAL = '__page_total';

/**
 * `total` is exact unless `total_capped`: then at least that many rows match ("10,000+").
 * The rows are already in wire form (dates as ISO text, booleans as 1/0).
 */
export async function listPage(
  db: Db | Tx,
  binding: ResolvedBinding,
  query: TableQuery,
): Promise<{ rows: EntityRow[]; total: number; total_capped: boolean }> {
  const decoder = binding.rowDecoder;
  const statement = pageStatement(db, binding, query).toSQL();
  const { rows, counted } = await selectArrays(db, statement, (raw) => ({
    rows: alreadyWire(raw.map((values) => decodeRow(decoder, values, toWire) as EntityRow)),
    counted: raw[0] ? Number(raw[0][decoder.length]) : null,
  }));
  const total =
    counted ??
    (pageWindow(query).offset === 0
      ? 0
      : // A page past the end has no row to carry the count; only then count on its own.
        await cappedCountRows(db, binding, query));
  const page = totalOf(total, query);
  return { rows, total: page.total, total_capped: page.totalCapped };
}

async function cappedCountRows(db: Db | Tx, binding: ResolvedBinding, query: TableQuery) {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`select ${cappedCount(db, binding.table, whereOf(binding, query), countLimit(query))} as total`,
  );
  return Number(row?.total ?? 0);
}

/** Every matching row in the list's order, a batch at a time (exports). */
export async function* allRows(
  db: Db | Tx,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  batch = 1000,
): AsyncGenerator<EntityRow[]> {
  const table: PgTable = binding.table;
  const where = whereOf(binding, query);
  for (let offset = 0; ; offset += batch) {
    const rows = (await db
      .select(binding.selection)
      .from(table)
      .where(where)
      .orderBy(...sortOf(binding, query))
      .limit(batch)
      .offset(offset)) as EntityRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export async function countRows(
  db: Db | Tx,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter'>,
) {
  const table: PgTable = binding.table;
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(whereOf(binding, query));
  return count?.total ?? 0;
}

export async function findRow(
  db: Db | Tx,
  binding: ResolvedBinding,
  id: number,
): Promise<EntityRow | null> {
  const table: PgTable = binding.table;
  const [row] = await db
    .select(binding.selection)
    .from(table)
    .where(and(eq(binding.table.id, id), binding.where))
    .limit(1);
  return (row as EntityRow | undefined) ?? null;
}

export const CHANGES_LIMIT = 500;

/** Rows written after `since` and ids deleted after it, oldest first, at most a page. */
export async function changesSince(db: Db | Tx, binding: ResolvedBinding, since: number) {
  const table: PgTable = binding.table;
  const seqNow = await currentSeq(db);
  const rows = (await db
    .select(binding.selection)
    .from(table)
    .where(and(gt(binding.table.seq, since), binding.where))
    .orderBy(asc(binding.table.seq))
    .limit(CHANGES_LIMIT + 1)) as EntityRow[];
  const more = rows.length > CHANGES_LIMIT;
  const page = rows.slice(0, CHANGES_LIMIT);
  // Deletes leave their audit row behind; its seq orders them with the writes.
  const deletedRows = await db
    .select({ id: auditLogs.entityId, seq: auditLogs.seq })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, binding.entity.name),
        eq(auditLogs.action, 'delete'),
        gt(auditLogs.seq, since),
      ),
    )
    .orderBy(asc(auditLogs.seq))
    .limit(CHANGES_LIMIT);
  // With a full page the client resumes at the last row it got, not at "now".
  const seq = more ? Number(page.at(-1)?.seq ?? since) : seqNow;
  return {
    rows: page,
    deleted: deletedRows.filter((d) => Number(d.seq) <= seq).map((d) => Number(d.id)),
    seq,
    more,
  };
}

const OPTIONS_LIMIT = 50;

/** `{value, label}` pairs for a picker: the rows whose label matches, plus any asked for by id. */
export async function options(
  db: Db | Tx,
  binding: ResolvedBinding,
  search: string | undefined,
  ids: readonly number[],
  parameterType?: string,
): Promise<{ value: number; label: string }[]> {
  const table: PgTable = binding.table;
  const label = binding.filterColumns[binding.entity.labelField];
  if (!label) throw new Error(`${binding.entity.name}: labelField is not a field`);
  const matching = search
    ? sql`${label}::text ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : undefined;
  const wanted = ids.length > 0 ? inArray(binding.table.id, [...ids]) : undefined;
  const family =
    parameterType !== undefined && binding.optionsOfType
      ? binding.optionsOfType(parameterType)
      : undefined;
  const rows = await db
    .select({
      value: sql<number>`${binding.table.id}`.mapWith(Number),
      label: sql<string>`${label}::text`,
    })
    .from(table)
    .where(
      and(
        binding.where,
        family,
        wanted && matching ? sql`(${wanted} or ${matching})` : (wanted ?? matching),
      ),
    )
    .orderBy(asc(label), desc(binding.table.id))
    .limit(OPTIONS_LIMIT + ids.length);
  return rows;
}
