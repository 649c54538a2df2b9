import { and, asc, desc, eq, gt, inArray, is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { compileFilter } from '../../db/table-filter/compile-filter.ts';
import { compileSort } from '../../db/table-filter/compile-sort.ts';
import { cappedCount, countLimit, pageWindow, totalOf } from '../../db/table-filter/list-query.ts';
import { decodeRow, selectArrays, statementName } from '../../db/array-rows.ts';
import { arrayParam, boundType } from '../../db/array-param.ts';
import { queryRows } from '../../db/query-rows.ts';
import { committedSeq } from '../../db/committed-seq.ts';
import { ReadBatcher } from '../../db/read-batcher.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { indexGivesOrder, type SortDirection } from '../../db/index-order.ts';
import { alreadyWire, toWire } from '../envelope.ts';
import { pageIds, type PageSelect } from './page-ids.ts';
import { listSort, type ResolvedBinding } from './entity-binding.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

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
  return compileSort(binding.filterColumns, listSort(binding, query), [binding.table.id]);
}

/**
 * A list page is two statements. The first chooses the page's ids on the bare table (filter,
 * order, offset, limit) and carries the capped count (page-ids.ts); with OFFSET, every skipped
 * row would otherwise get the binding's computed columns too (page 100 of the movements report
 * ran its label and document subqueries for 9,900 rows nobody sees: 2.9 s instead of 47 ms).
 * The second reads those rows with their computed columns. Its text is the binding's alone,
 * not the user's filter, so on PostgreSQL it is prepared once per connection: parsing and
 * planning the movements report's 27 label subqueries was 6 of the page's 10 ms, where the
 * prepared statement runs in 2. The list benchmarks capture both as the server sends them.
 */
function pageSelect(binding: ResolvedBinding, query: TableQuery): PageSelect {
  const sort = listSort(binding, query);
  return {
    table: binding.table,
    id: binding.table.id,
    where: whereOf(binding, query),
    order: sortOf(binding, query),
    ...pageWindow(query),
    countLimit: countLimit(query),
    // Only an order one of the column's indexes gives can come off an index; any other is
    // sorted whole before the first row is known, and the head would cost more than the page.
    probe:
      sort !== null &&
      ordersByIndex(binding, binding.filterColumns[sort.field], sort.direction) &&
      query.filter.length > 0 &&
      !query.filter.some((f) => f.field === sort.field),
  };
}

const ordersByIndex = (binding: ResolvedBinding, column: unknown, direction: SortDirection) =>
  is(column, PgColumn) && indexGivesOrder(binding.table, column, direction);

/** The rows of `ids` with the binding's columns, each row's id last (in any order). */
export function pageRowsStatement(db: Db | Tx, binding: ResolvedBinding, ids: readonly unknown[]) {
  const table: PgTable = binding.table;
  const id = binding.table.id;
  return db
    .select({ ...binding.selection, [PAGE_ID]: id })
    .from(table)
    .where(sql`${id} = any(${arrayParam(ids, boundType(id))})`);
}

const PAGE_ID = '__page_id';

/**
 * `total` is exact unless `total_capped`: then at least that many rows match ("10,000+").
 * The rows are already in wire form (dates as ISO text, booleans as 1/0).
 */
export async function listPage(
  db: Db | Tx,
  binding: ResolvedBinding,
  query: TableQuery,
): Promise<{ rows: EntityRow[]; total: number; total_capped: boolean }> {
  const page = await pageIds(db, pageSelect(binding, query));
  const ids = page.map((cells) => cells[0]);
  const rows = ids.length > 0 ? await rowsInOrder(db, binding, ids) : [];
  const counted = page[0]?.[1];
  const total =
    counted !== undefined && counted !== null
      ? Number(counted)
      : pageWindow(query).offset === 0
        ? 0
        : // A page past the end has no row to carry the count; only then count on its own.
          await cappedCountRows(db, binding, query);
  const window = totalOf(total, query);
  return { rows, total: window.total, total_capped: window.totalCapped };
}

/** The rows of `ids` in wire form, in the order of `ids` (a row deleted meanwhile is left out). */
async function rowsInOrder(db: Db | Tx, binding: ResolvedBinding, ids: readonly unknown[]) {
  const decoder = binding.rowDecoder;
  const statement = pageRowsStatement(db, binding, ids).toSQL();
  const byId = await selectArrays(
    db,
    statement,
    (raw) => new Map(raw.map((values) => [String(values[decoder.length]), values])),
    statementName(statement.sql),
  );
  const rows: EntityRow[] = [];
  for (const id of ids) {
    const values = byId.get(String(id));
    if (values) rows.push(decodeRow(decoder, values, toWire) as EntityRow);
  }
  return alreadyWire(rows);
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
export async function changesSince(
  db: Db | Tx,
  binding: ResolvedBinding,
  since: number,
): Promise<ChangeSet> {
  return after(await changesBetween(db, binding, since, await committedSeq(db)), since);
}

export type ChangeSet = { rows: EntityRow[]; deleted: number[]; seq: number; more: boolean };

/**
 * changesSince for the many pages of one binding that poll at once (after a restart, every
 * live list resubscribes and polls): per batch (read-batcher.ts) one change-seq read and the
 * changes after the oldest `since` asked, each page answered with its own part of them, exactly
 * what it would have read alone. Only when that read fills a page does each `since` read alone.
 */
export function batchedChangesSince(db: Db, binding: ResolvedBinding) {
  const reads = new ReadBatcher<number, ChangeSet>(async (sinces) => {
    const seqNow = await committedSeq(db);
    const oldest = await changesBetween(db, binding, Math.min(...sinces), seqNow);
    const answers = new Map<number, ChangeSet>();
    for (const since of sinces) {
      const read = oldest.full ? await changesBetween(db, binding, since, seqNow) : oldest;
      answers.set(since, after(read, since));
    }
    return answers;
  });
  return async (since: number): Promise<ChangeSet> => {
    const answer = await reads.read(since);
    if (!answer) throw new Error(`no change set read for seq ${since}`);
    return answer;
  };
}

type ChangesRead = {
  rows: EntityRow[];
  deleted: { id: number; seq: number }[];
  seq: number;
  more: boolean;
  /** A page of rows or of deletes came back full: it holds only the oldest changes. */
  full: boolean;
};

/** The part of `read` after `since`, which is at or after the seq it was read from. */
function after(read: ChangesRead, since: number): ChangeSet {
  return {
    rows: read.rows.filter((row) => row.seq > since),
    deleted: read.deleted.filter((d) => d.seq > since).map((d) => d.id),
    seq: read.seq,
    more: read.more,
  };
}

/**
 * The changes after `since`, up to `seqNow` read before them (a row written after that read
 * comes again in the next poll).
 */
async function changesBetween(
  db: Db | Tx,
  binding: ResolvedBinding,
  since: number,
  seqNow: number,
): Promise<ChangesRead> {
  const table: PgTable = binding.table;
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
  // With a full page the client resumes at the last row it got, not at "now"; but never past
  // `seqNow`, below which a transaction still open may yet commit rows (committed-seq.ts). A
  // full page reaching past it ends the reading there: asked again from `seqNow`, it would
  // answer the same page until that transaction ends, and its rows come at the next poll.
  const last = more ? Number(page.at(-1)?.seq ?? since) : seqNow;
  const seq = Math.min(last, seqNow);
  return {
    rows: page,
    deleted: deletedRows
      .map((d) => ({ id: Number(d.id), seq: Number(d.seq) }))
      .filter((d) => d.seq <= seq),
    seq,
    more: more && last <= seqNow,
    full: more || deletedRows.length >= CHANGES_LIMIT,
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
): Promise<{ value: number; label: string; detail?: string | null }[]> {
  const table: PgTable = binding.table;
  const label = binding.filterColumns[binding.entity.labelField];
  if (!label) throw new Error(`${binding.entity.name}: labelField is not a field`);
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const matching = search
    ? sql`(${sql.join(
        [label, ...(binding.optionSearch ?? [])].map(
          (column) => sql`${column}::text ilike ${pattern}`,
        ),
        sql` or `,
      )})`
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
      ...(binding.optionDetail ? { detail: sql<string | null>`${binding.optionDetail}` } : {}),
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
